import type pg from 'pg'

/**
 * Relationships through views, as PostgREST derives them (PGRST `SchemaCache.hs`,
 * `allViewsKeyDependencies`): a view column that is a base table's column, read from the view's
 * stored query (each top-level target entry's `resorigtbl`/`resorigcol`), stands in for that column
 * in the table's foreign keys. A view that keeps every column of a foreign key's side gets the
 * relationship with its own column names, on either side or both. Views over views are not
 * followed.
 */

const VIEW_COLUMNS_SQL = `
select v.relname as view_name, m[1] as view_column, t.relname as table_name, a.attname as column_name
  from pg_class v
  join pg_rewrite r on r.ev_class = v.oid
  cross join lateral regexp_matches(
    r.ev_action::text,
    ':resname (\\S+) :ressortgroupref [0-9]+ :resorigtbl ([0-9]+) :resorigcol ([0-9]+) :resjunk false',
    'g'
  ) as m
  join pg_class t on t.oid = m[2]::oid and t.relnamespace = v.relnamespace
  join pg_attribute a on a.attrelid = t.oid and a.attnum = m[3]::int2
  join pg_attribute va on va.attrelid = v.oid and va.attname = m[1] and not va.attisdropped
 where v.relkind in ('v', 'm')
   and v.relnamespace = $1::regnamespace`

interface ViewColumnRow {
  view_name: string
  view_column: string
  table_name: string
  column_name: string
}

/** For each view: table name → (table column → the view's column names for it). */
type Mappings = Map<string, Map<string, Map<string, string[]>>>

function mappings(rows: ViewColumnRow[]): Mappings {
  const views: Mappings = new Map()
  for (const row of rows) {
    const tables = views.get(row.view_name) ?? new Map<string, Map<string, string[]>>()
    const columns = tables.get(row.table_name) ?? new Map<string, string[]>()
    columns.set(row.column_name, [...(columns.get(row.column_name) ?? []), row.view_column])
    tables.set(row.table_name, columns)
    views.set(row.view_name, tables)
  }
  return views
}

/** The ways `relation` (the table itself, or each view keeping `columns` of it) can stand in. */
function standIns(
  views: Mappings,
  table: string,
  columns: string[],
): { relation: string; rename: (column: string) => string }[] {
  const found: { relation: string; rename: (column: string) => string }[] = [
    { relation: table, rename: (column) => column },
  ]
  for (const [view, tables] of views) {
    const mapped = tables.get(table)
    if (!mapped || !columns.every((column) => mapped.has(column))) continue
    found.push({ relation: view, rename: (column) => mapped.get(column)?.[0] as string })
  }
  return found
}

/** What this module needs of a foreign-key relationship (relationships.ts), kept as it is. */
interface ForeignKey {
  table: string
  foreignTable: string
  isSelf: boolean
  /** Pairs (origin column, foreign column). */
  columns: [string, string][]
  tableIsView?: boolean
  foreignTableIsView?: boolean
}

export async function viewRelationships<T extends ForeignKey>(
  db: pg.PoolClient,
  schema: string,
  direct: T[],
): Promise<T[]> {
  const { rows } = await db.query<ViewColumnRow>(VIEW_COLUMNS_SQL, [schema])
  const views = mappings(rows)
  const derived: T[] = []
  for (const key of direct) {
    const origins = standIns(
      views,
      key.table,
      key.columns.map(([column]) => column),
    )
    const targets = standIns(
      views,
      key.foreignTable,
      key.columns.map(([, column]) => column),
    )
    for (const origin of origins) {
      for (const target of targets) {
        if (origin.relation === key.table && target.relation === key.foreignTable) continue
        derived.push({
          ...key,
          table: origin.relation,
          foreignTable: target.relation,
          isSelf: origin.relation === target.relation,
          tableIsView: origin.relation !== key.table,
          foreignTableIsView: target.relation !== key.foreignTable,
          columns: key.columns.map(([column, foreign]) => [
            origin.rename(column),
            target.rename(foreign),
          ]),
        })
      }
    }
  }
  return derived
}
