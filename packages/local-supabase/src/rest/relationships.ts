import type pg from 'pg'
import { postgrestError } from './errors.ts'
import { viewRelationships } from './view-relationships.ts'

/**
 * The relationships resource embedding follows, derived from the catalog as PostgREST derives
 * them (PGRST `SchemaCache.hs`): every foreign key between two exposed tables gives a
 * many-to-one (or one-to-one, when its columns are a primary key or unique constraint) and the
 * inverse one-to-many (or one-to-one); a table whose primary key holds foreign keys to two tables
 * joins them many-to-many; a function taking one table's row and returning another table's rows
 * is a computed relationship. Views keeping a foreign key's columns share it (view-relationships.ts).
 */

export type Cardinality = 'one-to-many' | 'many-to-one' | 'one-to-one' | 'many-to-many'

export interface Junction {
  table: string
  constraint1: string
  constraint2: string
  /** Pairs (origin column, junction column). */
  sourceColumns: [string, string][]
  /** Pairs (target column, junction column). */
  targetColumns: [string, string][]
}

export interface ForeignKeyRelationship {
  kind: 'foreign-key'
  table: string
  foreignTable: string
  isSelf: boolean
  cardinality: Cardinality
  /** The foreign key's name (for many-to-many, unused: see `junction`). */
  constraint: string
  /** Pairs (origin column, foreign column). Empty for many-to-many. */
  columns: [string, string][]
  junction?: Junction
  /** Which side is a view standing in for a table (view-relationships.ts). */
  tableIsView?: boolean
  foreignTableIsView?: boolean
}

export interface ComputedRelationship {
  kind: 'computed'
  /** The function, taking a row of `table` and returning rows of `foreignTable`. */
  function: string
  table: string
  foreignTable: string
  toOne: boolean
  isSelf: boolean
}

export type Relationship = ForeignKeyRelationship | ComputedRelationship

export function isToOne(relationship: Relationship): boolean {
  return relationship.kind === 'computed'
    ? relationship.toOne
    : relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one'
}

const FOREIGN_KEYS_SQL = `
with unique_keys as (
  select conrelid, array_agg(key order by key) as cols
    from pg_constraint, lateral unnest(conkey) as _(key)
   where contype in ('p', 'u')
   group by oid, conrelid
)
select tab.relname as table_name,
       other.relname as foreign_table_name,
       c.conrelid = c.confrelid as is_self,
       c.conname as constraint_name,
       (select json_agg(json_build_array(cols.attname, refs.attname) order by ord)
          from unnest(c.conkey, c.confkey) with ordinality as _(col, ref, ord)
          join pg_attribute cols on cols.attrelid = c.conrelid and cols.attnum = col
          join pg_attribute refs on refs.attrelid = c.confrelid and refs.attnum = ref) as columns,
       (select array_agg(k order by k) from unnest(c.conkey) as _(k))
         in (select cols from unique_keys where conrelid = c.conrelid) as one_to_one
  from pg_constraint c
  join pg_class tab on tab.oid = c.conrelid
  join pg_class other on other.oid = c.confrelid
 where c.contype = 'f'
   and c.conparentid = 0
   and tab.relnamespace = $1::regnamespace
   and other.relnamespace = $1::regnamespace
 order by c.conrelid, c.conname`

const COMPUTED_SQL = `
select p.proname as function_name,
       arg.typname as table_name,
       ret.typname as foreign_table_name,
       not p.proretset or p.prorows = 1 as to_one
  from pg_proc p
  join pg_type arg on arg.oid = p.proargtypes[0]
  join pg_type ret on ret.oid = p.prorettype
 where p.pronamespace = $1::regnamespace
   and p.pronargs = 1
   and arg.typrelid in (select oid from pg_class
                         where relkind in ('v', 'r', 'm', 'f', 'p')
                           and relnamespace = $1::regnamespace)
   and ret.typrelid in (select oid from pg_class
                         where relkind in ('v', 'r', 'm', 'f', 'p')
                           and relnamespace = $1::regnamespace)`

interface ForeignKeyRow {
  table_name: string
  foreign_table_name: string
  is_self: boolean
  constraint_name: string
  columns: [string, string][]
  one_to_one: boolean
}

const swap = (pairs: [string, string][]): [string, string][] => pairs.map(([a, b]) => [b, a])

const CARDINALITY_ORDER: Cardinality[] = [
  'one-to-many',
  'many-to-one',
  'one-to-one',
  'many-to-many',
]

/** PostgREST keeps each table's relationships sorted; PGRST201 lists them in that order. */
function compare(a: Relationship, b: Relationship): number {
  if (a.kind !== b.kind) return a.kind === 'foreign-key' ? -1 : 1
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  if (a.kind === 'computed' || b.kind === 'computed') {
    return byText(a.foreignTable, b.foreignTable) || byText(a.table, b.table)
  }
  return (
    byText(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    CARDINALITY_ORDER.indexOf(a.cardinality) - CARDINALITY_ORDER.indexOf(b.cardinality) ||
    byText(a.junction?.table ?? a.constraint, b.junction?.table ?? b.constraint) ||
    byText(a.junction?.constraint1 ?? '', b.junction?.constraint1 ?? '') ||
    byText(a.junction?.constraint2 ?? '', b.junction?.constraint2 ?? '') ||
    byText(JSON.stringify(a.columns), JSON.stringify(b.columns))
  )
}

/** Relationships by origin table name. */
export async function loadRelationships(
  db: pg.PoolClient,
  schema: string,
  primaryKeys: Map<string, string[]>,
): Promise<Map<string, Relationship[]>> {
  const keys = await db.query<ForeignKeyRow>(FOREIGN_KEYS_SQL, [schema])
  const computed = await db.query<{
    function_name: string
    table_name: string
    foreign_table_name: string
    to_one: boolean
  }>(COMPUTED_SQL, [schema])
  const direct: ForeignKeyRelationship[] = keys.rows.map((row) => ({
    kind: 'foreign-key',
    table: row.table_name,
    foreignTable: row.foreign_table_name,
    isSelf: row.is_self,
    cardinality: row.one_to_one ? 'one-to-one' : 'many-to-one',
    constraint: row.constraint_name,
    columns: row.columns,
  }))
  direct.push(...(await viewRelationships(db, schema, direct)))
  const manyToMany: ForeignKeyRelationship[] = []
  for (const first of direct) {
    if (first.cardinality !== 'many-to-one') continue
    const junctionKey = new Set(primaryKeys.get(first.table) ?? [])
    for (const second of direct) {
      if (
        second.table !== first.table ||
        second.cardinality !== 'many-to-one' ||
        second.constraint === first.constraint
      ) {
        continue
      }
      const used = [...first.columns, ...second.columns].map(([column]) => column)
      if (!used.every((column) => junctionKey.has(column))) continue
      manyToMany.push({
        kind: 'foreign-key',
        table: first.foreignTable,
        foreignTable: second.foreignTable,
        isSelf: first.foreignTable === second.foreignTable,
        cardinality: 'many-to-many',
        constraint: '',
        columns: [],
        junction: {
          table: first.table,
          constraint1: first.constraint,
          constraint2: second.constraint,
          sourceColumns: swap(first.columns),
          targetColumns: swap(second.columns),
        },
      })
    }
  }
  const inverse: ForeignKeyRelationship[] = direct.map((relationship) => ({
    ...relationship,
    table: relationship.foreignTable,
    foreignTable: relationship.table,
    cardinality: relationship.cardinality === 'many-to-one' ? 'one-to-many' : 'one-to-one',
    columns: swap(relationship.columns),
    tableIsView: relationship.foreignTableIsView,
    foreignTableIsView: relationship.tableIsView,
  }))
  // A computed relationship named like a table replaces the detected ones to that table.
  const computedRelationships: ComputedRelationship[] = computed.rows.map((row) => ({
    kind: 'computed',
    function: row.function_name,
    table: row.table_name,
    foreignTable: row.foreign_table_name,
    toOne: row.to_one,
    isSelf: row.table_name === row.foreign_table_name,
  }))
  const overridden = new Set(computedRelationships.map((r) => `${r.table}\u0000${r.function}`))
  const byOrigin = new Map<string, Relationship[]>()
  for (const relationship of [...direct, ...manyToMany, ...inverse, ...computedRelationships]) {
    if (
      relationship.kind === 'foreign-key' &&
      overridden.has(`${relationship.table}\u0000${relationship.foreignTable}`)
    ) {
      continue
    }
    const list = byOrigin.get(relationship.table) ?? []
    list.push(relationship)
    byOrigin.set(relationship.table, list)
  }
  for (const list of byOrigin.values()) list.sort(compare)
  return byOrigin
}

function singleColumn(relationship: ForeignKeyRelationship, side: 0 | 1): string | undefined {
  if (relationship.cardinality === 'many-to-many' || relationship.columns.length !== 1) {
    return undefined
  }
  return (relationship.columns[0] as [string, string])[side]
}

/**
 * The relationship `origin?select=target!hint(…)` names (PGRST `Plan.hs` findRel): the target is
 * a table, a foreign key's name or one of its columns; the hint a foreign key's name, a column
 * on either side, or a junction table. No match is PGRST200, several are PGRST201.
 */
export function findRelationship(
  schema: string,
  relationships: Map<string, Relationship[]>,
  origin: string,
  target: string,
  hint: string | undefined,
  tables: ReadonlySet<string>,
): Relationship {
  const candidates = relationships.get(origin) ?? []
  const found = candidates.filter((relationship) => {
    if (relationship.kind === 'computed') return relationship.function === target
    const column = singleColumn(relationship, 0)
    const foreignColumn = singleColumn(relationship, 1)
    const isManyToMany = relationship.cardinality === 'many-to-many'
    const constraint = isManyToMany ? undefined : relationship.constraint
    if (relationship.isSelf) {
      if (hint === undefined) {
        return (
          (target === relationship.foreignTable && relationship.cardinality === 'one-to-many') ||
          (target === column && relationship.cardinality === 'many-to-one')
        )
      }
      return (
        target === relationship.foreignTable &&
        relationship.cardinality === 'one-to-many' &&
        hint === foreignColumn
      )
    }
    if (hint === undefined) {
      // Through a column, PostgREST embeds the table it references, never a view over it.
      const viaColumn = target === column && !relationship.foreignTableIsView
      return target === relationship.foreignTable || target === constraint || viaColumn
    }
    return (
      target === relationship.foreignTable &&
      (hint === constraint ||
        hint === column ||
        hint === foreignColumn ||
        (isManyToMany && hint === relationship.junction?.table))
    )
  })
  if (found.length === 1) return found[0] as Relationship
  if (found.length === 0) {
    throw noRelationshipError(schema, origin, target, hint, relationships, tables)
  }
  throw ambiguousRelationshipError(origin, target, found)
}

function noRelationshipError(
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
  relationships: Map<string, Relationship[]>,
  tables: ReadonlySet<string>,
) {
  const known = relationships.get(origin)
  let suggestion: string | undefined
  if (known) {
    const names = [...new Set(known.map((relationship) => relationship.foreignTable))]
    const close = closestName(target, names)
    if (close !== undefined && close !== target) {
      suggestion = `Perhaps you meant '${close}' instead of '${target}'.`
    }
  } else {
    const close = closestName(
      origin,
      [...relationships.keys()].filter((name) => tables.has(name)),
    )
    if (close !== undefined) suggestion = `Perhaps you meant '${close}' instead of '${origin}'.`
  }
  return postgrestError(400, {
    code: 'PGRST200',
    details: `Searched for a foreign key relationship between '${origin}' and '${target}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
    hint: suggestion ?? null,
    message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
  })
}

function describe(relationship: Relationship): Record<string, string> {
  if (relationship.kind === 'computed') return {}
  const list = (names: string[]) => `(${names.join(', ')})`
  if (relationship.cardinality === 'many-to-many') {
    const junction = relationship.junction as Junction
    return {
      cardinality: 'many-to-many',
      embedding: `${relationship.table} with ${relationship.foreignTable}`,
      relationship:
        `${junction.table} using ${junction.constraint1}${list(junction.sourceColumns.map(([, j]) => j))}` +
        ` and ${junction.constraint2}${list(junction.targetColumns.map(([, j]) => j))}`,
    }
  }
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.table} with ${relationship.foreignTable}`,
    relationship:
      `${relationship.constraint} using ${relationship.table}${list(relationship.columns.map(([c]) => c))}` +
      ` and ${relationship.foreignTable}${list(relationship.columns.map(([, f]) => f))}`,
  }
}

function ambiguousRelationshipError(origin: string, target: string, found: Relationship[]) {
  const hints = found
    .map((relationship) => {
      if (relationship.kind === 'computed') return ''
      const name =
        relationship.cardinality === 'many-to-many'
          ? (relationship.junction as Junction).table
          : relationship.constraint
      return `'${relationship.foreignTable}!${name}'`
    })
    .join(', ')
  return postgrestError(300, {
    code: 'PGRST201',
    details: found.map(describe),
    hint: `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
    message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
  })
}

/** Character n-grams of a padded, lower-cased word: what fuzzy matching compares. */
function grams(word: string, size: number): Map<string, number> {
  const padded = `-${word.toLowerCase().replace(/[^\p{L}\p{N}, ]/gu, '')}-`
  const counts = new Map<string, number>()
  for (let index = 0; index + size <= padded.length; index += 1) {
    const gram = padded.slice(index, index + size)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0
  let normA = 0
  let normB = 0
  for (const [gram, count] of a) {
    normA += count * count
    dot += count * (b.get(gram) ?? 0)
  }
  for (const count of b.values()) normB += count * count
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB)
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(
        (current[j - 1] as number) + 1,
        (previous[j] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
    }
    previous = current
  }
  return previous[b.length] as number
}

/**
 * The most similar name, as PostgREST's fuzzy set finds it: candidates sharing trigrams (else
 * bigrams) with the word, ranked by edit distance relative to the longer name, if at least
 * `minScore`.
 */
export function closestName(word: string, names: string[], minScore = 0.33): string | undefined {
  for (const size of [3, 2]) {
    const wordGrams = grams(word, size)
    const candidates = names.filter((name) => cosine(wordGrams, grams(name, size)) > 0)
    if (candidates.length === 0) continue
    let best: { name: string; score: number } | undefined
    for (const name of candidates) {
      const a = word.toLowerCase()
      const b = name.toLowerCase()
      const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length)
      if (!best || score > best.score) best = { name, score }
    }
    return best && best.score >= minScore ? best.name : undefined
  }
  return undefined
}
