import pg from 'pg'

/**
 * What migra leaves out, as statements: migra diffs table and view grants only, so privileges on
 * functions, sequences, schemas, types and columns, default privileges, comments, the storage
 * options of tables and views (`security_invoker`, …), replica identity and publication membership
 * are compared here, between two databases that already hold the same objects (the source after
 * migra's statements, and the target).
 *
 * Each ACL is read as its difference from `acldefault` (what the object would have with no GRANT or
 * REVOKE at all): `granted` rows the default lacks, `revoked` rows it has. Two objects agree when
 * those differences agree; a missing ACL and a missing default-privileges entry are the default.
 * (A column's default, and that of default privileges in a schema, is empty: null here, since
 * aclexplode refuses an empty array literal.)
 */
const PRIVILEGES = `
with objects as (
  select format('%s %I.%I', case c.relkind when 'S' then 'sequence' else 'table' end,
           n.nspname, c.relname) as target,
         null::text as col, false as defaults, c.relacl as acl,
         acldefault(case c.relkind when 'S' then 's' else 'r' end::"char", c.relowner) as base
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
  union all
  select format('table %I.%I', n.nspname, c.relname), quote_ident(a.attname), false, a.attacl,
         null
  from pg_attribute a join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and a.attnum > 0 and not a.attisdropped and a.attacl is not null
  union all
  select format('%s %I.%I(%s)', case p.prokind when 'p' then 'procedure' else 'function' end,
           n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
         null, false, p.proacl, acldefault('f', p.proowner)
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = any ($1) and p.prokind in ('f', 'p')
  union all
  select format('schema %I', n.nspname), null, false, n.nspacl, acldefault('n', n.nspowner)
  from pg_namespace n where n.nspname = any ($1)
  union all
  select format('type %I.%I', n.nspname, t.typname), null, false, t.typacl,
         acldefault('T', t.typowner)
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where n.nspname = any ($1) and t.typtype in ('d', 'e', 'r', 'm')
  union all
  select format('for role %I%s', pg_get_userbyid(d.defaclrole),
           case when d.defaclnamespace = 0 then '' else format(' in schema %I', n.nspname) end),
         case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences'
           when 'f' then 'functions' when 'T' then 'types' when 'n' then 'schemas' end,
         true, d.defaclacl,
         case when d.defaclnamespace = 0
           then acldefault(case d.defaclobjtype when 'S' then 's' when 'T' then 't'
                           else d.defaclobjtype end::"char", d.defaclrole)
           end
  from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
  where d.defaclnamespace = 0 or n.nspname = any ($1)
)
select o.target, o.col, o.defaults, e.grantee, e.privilege, e.grantable, e.state
from objects o left join lateral (
  select case when x.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(x.grantee)) end
           as grantee, x.privilege_type as privilege, x.is_grantable as grantable, x.state
  from (
    select a.*, 'granted' as state from aclexplode(coalesce(o.acl, o.base)) a
    where (a.grantee, a.privilege_type, a.is_grantable)
      not in (select b.grantee, b.privilege_type, b.is_grantable from aclexplode(o.base) b)
    union all
    select b.*, 'revoked' from aclexplode(o.base) b
    where (b.grantee, b.privilege_type)
      not in (select a.grantee, a.privilege_type from aclexplode(coalesce(o.acl, o.base)) a)
  ) x
) e on true
`

/** Every commentable object of the schemas with its comment (null when it has none). */
const COMMENTS = `
select format('schema %I', n.nspname) as target, obj_description(n.oid, 'pg_namespace') as comment
from pg_namespace n where n.nspname = any ($1)
union all
select format('%s %I.%I', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
         when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
         n.nspname, c.relname), obj_description(c.oid, 'pg_class')
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
union all
select format('column %I.%I.%I', n.nspname, c.relname, a.attname), col_description(c.oid, a.attnum)
from pg_attribute a join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
  and a.attnum > 0 and not a.attisdropped
union all
select format('%s %I.%I(%s)', case p.prokind when 'p' then 'procedure' else 'function' end,
         n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
       obj_description(p.oid, 'pg_proc')
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = any ($1) and p.prokind in ('f', 'p')
union all
select format('type %I.%I', n.nspname, t.typname), obj_description(t.oid, 'pg_type')
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname = any ($1) and t.typtype in ('d', 'e', 'r', 'm')
`

interface PrivilegeRow {
  target: string
  col: string | null
  defaults: boolean
  grantee: string
  privilege: string
  grantable: boolean
  /** null: a row that only says the object exists, its ACL being the default. */
  state: 'granted' | 'revoked' | null
}

interface CommentRow {
  target: string
  comment: string | null
}

async function read<T extends pg.QueryResultRow>(
  dbUrl: string,
  sql: string,
  schemas: readonly string[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    return (await client.query<T>(sql, [schemas])).rows
  } finally {
    await client.end()
  }
}

const keyOf = (row: PrivilegeRow) =>
  JSON.stringify([row.target, row.col, row.defaults, row.grantee, row.privilege])

/** One GRANT or REVOKE of a privilege to a grantee, before statements are grouped. */
interface Change {
  row: PrivilegeRow
  verb: 'grant' | 'revoke' | 'grant option'
}

function statementOf(changes: Change[]): string {
  const [first] = changes
  if (!first) return ''
  const { row, verb } = first
  const privileges = [...changes]
    .sort(
      (a, b) =>
        (a.row.col ?? '').localeCompare(b.row.col ?? '') ||
        a.row.privilege.localeCompare(b.row.privilege),
    )
    .map(({ row: r }) => (r.col && !r.defaults ? `${r.privilege} (${r.col})` : r.privilege))
    .join(', ')
  const on = row.defaults ? `on ${row.col}` : `on ${row.target}`
  const head = row.defaults ? `alter default privileges ${row.target} ` : ''
  if (verb === 'grant') {
    return `${head}grant ${privileges} ${on} to ${row.grantee}${row.grantable ? ' with grant option' : ''};`
  }
  const option = verb === 'grant option' ? 'grant option for ' : ''
  return `${head}revoke ${option}${privileges} ${on} from ${row.grantee};`
}

/**
 * The GRANT, REVOKE and ALTER DEFAULT PRIVILEGES statements that give `fromUrl`'s objects in
 * `schemas` the privileges they have in `toUrl`. Objects only in one database are left alone.
 */
export async function privilegeStatements(
  fromUrl: string,
  toUrl: string,
  schemas: readonly string[],
): Promise<string[]> {
  const fromRows = await read<PrivilegeRow>(fromUrl, PRIVILEGES, schemas)
  const toRows = await read<PrivilegeRow>(toUrl, PRIVILEGES, schemas)
  const existing = new Set(toRows.map((row) => row.target))
  const differences = (rows: PrivilegeRow[]) =>
    new Map(rows.filter((row) => row.state !== null).map((row) => [keyOf(row), row]))
  const from = differences(fromRows)
  const to = differences(toRows)
  const changes: Change[] = []
  for (const [key, wanted] of to) {
    const had = from.get(key)
    if (had && had.state === wanted.state && had.grantable === wanted.grantable) continue
    if (wanted.state === 'revoked') changes.push({ row: wanted, verb: 'revoke' })
    else if (had?.state === 'granted' && had.grantable && !wanted.grantable)
      changes.push({ row: wanted, verb: 'grant option' })
    else changes.push({ row: wanted, verb: 'grant' })
  }
  // Differences from the default that the target does not have: back to the default.
  for (const [key, had] of from) {
    if (to.has(key) || (!had.defaults && !existing.has(had.target))) continue
    if (had.state === 'granted') changes.push({ row: had, verb: 'revoke' })
    else changes.push({ row: { ...had, grantable: false }, verb: 'grant' })
  }
  // One statement per object, grantee and kind of change, in a stable order.
  const groups = new Map<string, Change[]>()
  for (const change of changes) {
    const { target, col, defaults, grantee, grantable } = change.row
    const key = JSON.stringify([target, defaults ? col : '', grantee, change.verb, grantable])
    groups.set(key, [...(groups.get(key) ?? []), change])
  }
  return [...groups.keys()].sort().map((key) => statementOf(groups.get(key) ?? []))
}

/** The COMMENT statements that give `fromUrl`'s objects the comments they have in `toUrl`. */
export async function commentStatements(
  fromUrl: string,
  toUrl: string,
  schemas: readonly string[],
): Promise<string[]> {
  const fromRows = await read<CommentRow>(fromUrl, COMMENTS, schemas)
  const toRows = await read<CommentRow>(toUrl, COMMENTS, schemas)
  const from = new Map(fromRows.map((row) => [row.target, row.comment]))
  return toRows
    .filter((row) => from.has(row.target) && from.get(row.target) !== row.comment)
    .map((row) => `comment on ${row.target} is ${literal(row.comment)};`)
    .sort()
}

function literal(text: string | null): string {
  return text === null ? 'null' : `'${text.replaceAll("'", "''")}'`
}

/** Tables' and views' options (`with (security_invoker = on)`, …), null when they have none. */
const OPTIONS = `
select format('%s %I.%I', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
         else 'table' end, n.nspname, c.relname) as target, c.reloptions as options
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm')
`

/** The ALTER … SET/RESET statements that give `fromUrl`'s tables and views `toUrl`'s options. */
export async function optionStatements(
  fromUrl: string,
  toUrl: string,
  schemas: readonly string[],
): Promise<string[]> {
  type Row = { target: string; options: string[] | null }
  const optionsOf = (row: Row) =>
    new Map((row.options ?? []).map((option) => option.split(/=(.*)/s) as [string, string]))
  const from = new Map(
    (await read<Row>(fromUrl, OPTIONS, schemas)).map((row) => [row.target, optionsOf(row)]),
  )
  const statements: string[] = []
  for (const row of await read<Row>(toUrl, OPTIONS, schemas)) {
    const had = from.get(row.target)
    if (!had) continue
    const wanted = optionsOf(row)
    const set = [...wanted].filter(([key, value]) => had.get(key) !== value)
    const reset = [...had.keys()].filter((key) => !wanted.has(key))
    if (set.length > 0) {
      const list = set.map(([key, value]) => `${key} = ${literal(value)}`).join(', ')
      statements.push(`alter ${row.target} set (${list});`)
    }
    if (reset.length > 0) statements.push(`alter ${row.target} reset (${reset.join(', ')});`)
  }
  return statements.sort()
}

/** Tables' replica identity and publication membership (Realtime's `supabase_realtime`). */
const REPLICATION = `
select format('%I.%I', n.nspname, c.relname) as target, c.relreplident as identity,
       coalesce((select array_agg(quote_ident(p.pubname) order by p.pubname)
                 from pg_publication_tables p
                 where p.schemaname = n.nspname and p.tablename = c.relname), '{}') as publications
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any ($1) and c.relkind in ('r', 'p')
`

const IDENTITY: Record<string, string> = { d: 'default', f: 'full', n: 'nothing' }

/**
 * The ALTER TABLE … REPLICA IDENTITY and ALTER PUBLICATION … ADD/DROP TABLE statements that give
 * `fromUrl`'s tables `toUrl`'s. An identity using an index is left to the catalog comparison.
 */
export async function replicationStatements(
  fromUrl: string,
  toUrl: string,
  schemas: readonly string[],
): Promise<string[]> {
  type Row = { target: string; identity: string; publications: string[] }
  const from = new Map(
    (await read<Row>(fromUrl, REPLICATION, schemas)).map((row) => [row.target, row]),
  )
  const statements: string[] = []
  for (const row of await read<Row>(toUrl, REPLICATION, schemas)) {
    const had = from.get(row.target)
    if (!had) continue
    const identity = IDENTITY[row.identity]
    if (had.identity !== row.identity && identity) {
      statements.push(`alter table ${row.target} replica identity ${identity};`)
    }
    for (const publication of row.publications) {
      if (!had.publications.includes(publication))
        statements.push(`alter publication ${publication} add table ${row.target};`)
    }
    for (const publication of had.publications) {
      if (!row.publications.includes(publication))
        statements.push(`alter publication ${publication} drop table ${row.target};`)
    }
  }
  return statements.sort()
}
