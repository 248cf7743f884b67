import pg from 'pg'

/**
 * migra orders its statements by kind (drops, tables, functions, views, …) and within a kind by
 * name, knowing only views' dependencies. So a draft can drop a function that unchanged views
 * still read (2BP01), create a function before the composite type it returns, or create a view
 * without its options (`with (security_invoker = on)`). This module puts such a draft in an order
 * Postgres accepts, by trying it: every statement runs in a savepoint of one transaction on the
 * source database, which is rolled back at the end.
 *
 * - A statement refused for something that does not exist yet is retried after the others.
 * - A drop refused because views depend on the object drops those views first; each one the
 *   target still has and the draft does not create again is created again from the target's
 *   definition, options included.
 * - Views the draft creates get the target's options.
 * - A composite type that only gains attributes at its end is altered, not dropped and created.
 *
 * The result is the statements in the order that applied; an error of any other kind is thrown
 * with the statement that raised it.
 */

/** Errors that mean "something this statement needs does not exist yet". */
const MISSING = new Set([
  '42P01', // undefined_table
  '42704', // undefined_object (a type)
  '42883', // undefined_function
  '3F000', // invalid_schema_name
  '42703', // undefined_column
])
const DEPENDENTS = '2BP01'

export class DraftOrderError extends Error {
  constructor(
    readonly statement: string,
    readonly detail: string,
  ) {
    super(`${detail}\nAt statement:\n${statement}`)
    this.name = 'DraftOrderError'
  }
}

interface TargetView {
  name: string
  create: string
}

/**
 * The target's view named `name` (resolved as the migration's session would: the default search
 * path), as a CREATE statement with a fully qualified definition.
 */
async function targetView(target: pg.Client, name: string): Promise<TargetView | undefined> {
  await target.query('begin')
  try {
    const { rows: found } = await target.query<{ oid: number }>(
      `select to_regclass($1)::oid as oid`,
      [name],
    )
    const oid = found[0]?.oid
    if (!oid) return undefined
    await target.query(`set local search_path = ''`)
    const { rows } = await target.query<{
      name: string
      definition: string
      options: string | null
    }>(
      `select format('%I.%I', n.nspname, c.relname) as name,
              pg_get_viewdef(c.oid, true) as definition,
              array_to_string(c.reloptions, ', ') as options
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.oid = $1 and c.relkind = 'v'`,
      [oid],
    )
    const row = rows[0]
    if (!row) return undefined
    const options = row.options ? ` with (${row.options})` : ''
    const definition = row.definition.trim().replace(/;$/, '')
    return {
      name: row.name,
      create: `create or replace view ${row.name}${options} as ${definition};`,
    }
  } finally {
    await target.query('commit')
  }
}

const CREATE_VIEW = /^create or replace view (\S+) as /i

const DROP_TYPE = /^drop type (\S+);$/i
const CREATE_TYPE = /^create type (\S+) as \(/i

/** A composite type's attributes, `name type` each in order, printed with an empty search path so
 * the two databases print them alike; undefined when there is no such type. */
async function attributesOf(client: pg.Client, name: string): Promise<string[] | undefined> {
  await client.query('begin')
  try {
    await client.query(`set local search_path = ''`)
    const { rows } = await client.query<{ attribute: string }>(
      `select format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)) as attribute
       from pg_type t join pg_attribute a on a.attrelid = t.typrelid
       where t.oid = to_regtype($1) and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [name],
    )
    return rows.length > 0 ? rows.map((row) => row.attribute) : undefined
  } finally {
    await client.query('commit')
  }
}

/**
 * migra changes a composite type by dropping and creating it, which Postgres refuses while a
 * function returns it. A type that only gains attributes at its end is altered instead.
 */
async function withTypesGrown(
  source: pg.Client,
  target: pg.Client,
  draft: readonly string[],
): Promise<string[]> {
  const statements = [...draft]
  for (const [at, statement] of draft.entries()) {
    const name = DROP_TYPE.exec(statement)?.[1]
    if (!name) continue
    const createAt = draft.findIndex((other) => CREATE_TYPE.exec(other)?.[1] === name)
    if (createAt < 0) continue
    const before = await attributesOf(source, name)
    const after = await attributesOf(target, name)
    if (!before || !after || after.length <= before.length) continue
    if (before.some((attribute, index) => attribute !== after[index])) continue
    const added = after.slice(before.length).map((attribute) => `add attribute ${attribute}`)
    statements[at] = `alter type ${name} ${added.join(', ')};`
    statements[createAt] = ''
  }
  return statements.filter((statement) => statement !== '')
}

/** `create or replace view x as …` with the target's options for x put in. */
async function withTargetOptions(target: pg.Client, statement: string): Promise<string> {
  const match = CREATE_VIEW.exec(statement)
  if (!match?.[1]) return statement
  const { rows } = await target.query<{ options: string | null }>(
    `select array_to_string(reloptions, ', ') as options from pg_class where oid = to_regclass($1)`,
    [match[1]],
  )
  const options = rows[0]?.options
  return options
    ? statement.replace(CREATE_VIEW, `create or replace view ${match[1]} with (${options}) as `)
    : statement
}

/** The views a 2BP01 error's detail names (`view public.x depends on function …`). */
function dependentViews(detail: string | undefined): string[] {
  return [...(detail ?? '').matchAll(/^view (.+?) depends on /gm)].map((match) => match[1] ?? '')
}

/** `schema.name` of each relation, as the source's search path resolves the names given. */
async function qualified(source: pg.Client, names: string[]): Promise<string[]> {
  const { rows } = await source.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from unnest($1::text[]) with ordinality as given (name, position)
     join pg_class c on c.oid = to_regclass(given.name)
     join pg_namespace n on n.oid = c.relnamespace
     order by given.position`,
    [names],
  )
  return rows.map((row) => row.name)
}

export async function orderByTrial(
  sourceUrl: string,
  targetUrl: string,
  draft: readonly string[],
): Promise<string[]> {
  const source = new pg.Client({ connectionString: sourceUrl })
  const target = new pg.Client({ connectionString: targetUrl })
  await source.connect()
  await target.connect()
  try {
    const createdViews = new Set<string>()
    for (const statement of draft) {
      const name = CREATE_VIEW.exec(statement)?.[1]
      const view = name ? await targetView(target, name) : undefined
      if (view) createdViews.add(view.name)
    }
    const statements: string[] = []
    for (const statement of await withTypesGrown(source, target, draft)) {
      statements.push(await withTargetOptions(target, statement))
    }
    await source.query('begin')
    const applied: string[] = []
    let queue = [...statements]
    for (;;) {
      const appliedBefore = applied.length
      const waiting: { statement: string; error: pg.DatabaseError }[] = []
      while (queue.length > 0) {
        const statement = queue.shift() as string
        await source.query('savepoint draft')
        try {
          await source.query(statement)
          applied.push(statement)
          continue
        } catch (error) {
          await source.query('rollback to savepoint draft')
          const failure = error as pg.DatabaseError
          if (failure.code === DEPENDENTS) {
            const views = await qualified(source, dependentViews(failure.detail))
            if (views.length === 0 && DROP_TYPE.test(statement)) {
              throw new DraftOrderError(
                statement,
                `${failure.message}: a type a function returns can only gain attributes, at its end`,
              )
            }
            if (views.length === 0) throw new DraftOrderError(statement, failure.message)
            const recreate: string[] = []
            for (const name of views) {
              const view = await targetView(target, name)
              if (view && !createdViews.has(view.name)) {
                createdViews.add(view.name)
                recreate.push(view.create)
              }
            }
            queue = [...views.map((name) => `drop view if exists ${name};`), statement, ...queue]
            queue.push(...recreate)
          } else if (failure.code && MISSING.has(failure.code)) {
            waiting.push({ statement, error: failure })
          } else {
            throw new DraftOrderError(statement, failure.message)
          }
        }
      }
      if (waiting.length === 0) {
        // A view dropped for two objects is dropped once; the second drop did nothing.
        return applied.filter(
          (statement, at) =>
            !statement.startsWith('drop view') || applied.indexOf(statement) === at,
        )
      }
      if (applied.length === appliedBefore) {
        // Nothing applied in a whole pass: what is waiting never will.
        const [first] = waiting
        throw new DraftOrderError(first?.statement ?? '', first?.error.message ?? '')
      }
      queue = waiting.map((item) => item.statement)
    }
  } finally {
    await source.query('rollback').catch(() => undefined)
    await Promise.all([source.end(), target.end()])
  }
}
