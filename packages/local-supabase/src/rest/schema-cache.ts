import type pg from 'pg'
import { postgrestError } from './errors.ts'
import { loadRelationships, type Relationship } from './relationships.ts'

/**
 * What PostgREST calls its schema cache: the exposed schema's relations (with their columns,
 * types and primary keys) and functions, read from pg_catalog. SQL is built only from names found
 * here, so a name in a request is either a real identifier or an error.
 *
 * PostgREST reloads its cache on `NOTIFY pgrst` (Supabase fires it from a DDL event trigger). The
 * local stack reloads instead when a request names something the cache does not know, so a
 * table or function created after start (a migration, a test fixture) is found on first use.
 */

export const EXPOSED_SCHEMA = 'public'

export interface Column {
  name: string
  /** The column's type with its modifier, e.g. `numeric(3,1)`, for `json_to_recordset`. */
  type: string
  /** The default expression as PostgreSQL prints it, e.g. `now()`. */
  defaultExpression: string | null
}

export interface Relation {
  name: string
  columns: Column[]
  columnsByName: Map<string, Column>
  primaryKey: string[]
}

export interface RoutineParameter {
  name: string
  type: string
  required: boolean
  variadic: boolean
}

export interface Routine {
  name: string
  parameters: RoutineParameter[]
  returnsSet: boolean
  returns: 'void' | 'scalar' | 'composite'
  /** The columns a composite result has (empty when PostgreSQL cannot tell, e.g. `record`). */
  resultColumns: string[]
  /** The exposed table or view whose rows the function returns, which its result may embed from. */
  tableName?: string
  volatility: 'immutable' | 'stable' | 'volatile'
}

export interface SchemaSnapshot {
  relations: Map<string, Relation>
  routines: Map<string, Routine[]>
  /** Per-role settings (`alter role … set …`) PostgREST applies after switching role. */
  roleSettings: Map<string, [string, string][]>
  /** Embeddable relationships by origin table (see relationships.ts). */
  relationships: Map<string, Relationship[]>
}

const RELATIONS_SQL = `
select c.relname as name,
       coalesce((
         select json_agg(json_build_object(
                  'name', a.attname,
                  'type', format_type(a.atttypid, a.atttypmod),
                  'defaultExpression', case
                    when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
                    when a.attidentity = 'd' then format('nextval(%L)', seq.objid::regclass)
                    when a.attgenerated = 's' then null
                    else pg_get_expr(d.adbin, d.adrelid)
                  end
                ) order by a.attnum)
           from pg_attribute a
           join pg_type t on t.oid = a.atttypid
           left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
           left join pg_depend seq
             on seq.refobjid = a.attrelid and seq.refobjsubid = a.attnum and seq.deptype = 'i'
                and seq.classid = 'pg_class'::regclass
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       ), '[]') as columns,
       coalesce((
         select json_agg(a.attname order by k.ordinality)
           from pg_index i
           cross join unnest(i.indkey) with ordinality as k(attnum, ordinality)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary
       ), '[]') as primary_key
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = $1
   and c.relkind in ('r', 'v', 'm', 'f', 'p')
   and not c.relispartition`

// Types that ignore their length in a function signature are widened as PostgREST does, so that
// `character` does not silently mean `character(1)`.
const ROUTINES_SQL = `
select p.proname as name,
       p.provolatile as volatility,
       p.proretset as returns_set,
       p.prorettype = 'pg_catalog.void'::regtype as returns_void,
       (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as returns_composite,
       p.pronargs as input_count,
       p.pronargdefaults as default_count,
       coalesce((
         select json_agg(json_build_object(
                  'name', coalesce(a.name, ''),
                  'type', case a.type
                            when 'pg_catalog.bpchar'::regtype then 'character varying'
                            when 'pg_catalog.bit'::regtype then 'bit varying'
                            else format_type(a.type, null)
                          end,
                  'mode', coalesce(a.mode, 'i')
                ) order by a.idx)
           from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                       p.proargmodes::text[],
                       p.proargnames) with ordinality as a(type, mode, name, idx)
          where a.type is not null
       ), '[]') as arguments,
       case when t.typtype = 'c' then (
         select json_agg(a.attname order by a.attnum)
           from pg_attribute a
          where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
       ) end as type_columns,
       (select c.relname from pg_class c
         where c.oid = t.typrelid and c.relnamespace = n.oid) as table_name
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
 where n.nspname = $1
   and p.prokind = 'f'
   and p.prorettype <> 'pg_catalog.trigger'::regtype`

// Only settings a non-superuser may change are applied per request; database-specific values win.
const ROLE_SETTINGS_SQL = `
select r.rolname as role, s.setconfig as settings
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole
 where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
 order by s.setdatabase`

const USER_SETTABLE_SQL = `select name from pg_settings where context = 'user'`

interface RoutineRow {
  name: string
  volatility: 'i' | 's' | 'v'
  returns_set: boolean
  returns_void: boolean
  returns_composite: boolean
  input_count: number
  default_count: number
  arguments: { name: string; type: string; mode: string }[]
  type_columns: string[] | null
  table_name: string | null
}

function toRoutine(row: RoutineRow): Routine | undefined {
  const inputs = row.arguments.filter((argument) => ['i', 'b', 'v'].includes(argument.mode))
  const outputs = row.arguments.filter((argument) => ['o', 'b', 't'].includes(argument.mode))
  const unnamed = inputs.filter((argument) => argument.name === '')
  // PostgREST can call a function only with named arguments, or with one unnamed argument of a
  // type a whole request body can be (PGRST `SqlFragment.hs` baseFuncSqlQuery).
  const callable =
    unnamed.length === 0 ||
    (unnamed.length === 1 &&
      ['bytea', 'json', 'jsonb', 'text', 'xml'].includes((unnamed[0] as { type: string }).type))
  if (!callable) return undefined
  const requiredCount = row.input_count - row.default_count
  return {
    name: row.name,
    parameters: inputs.map((argument, index) => ({
      name: argument.name,
      type: argument.type,
      required: index < requiredCount,
      variadic: argument.mode === 'v',
    })),
    returnsSet: row.returns_set,
    returns: row.returns_void ? 'void' : row.returns_composite ? 'composite' : 'scalar',
    resultColumns:
      outputs.length > 0 ? outputs.map((argument) => argument.name) : (row.type_columns ?? []),
    volatility:
      row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile',
    ...(row.table_name ? { tableName: row.table_name } : {}),
  }
}

/**
 * Reads the catalog in one transaction with an empty search_path, as PostgREST does, so that
 * default expressions and type names come out schema-qualified (`auth.uid()`, not `uid()`)
 * whatever the connection's own search_path.
 */
export async function loadSchema(db: pg.Pool, schema = EXPOSED_SCHEMA): Promise<SchemaSnapshot> {
  const client = await db.connect()
  try {
    await client.query('BEGIN READ ONLY')
    await client.query("select set_config('search_path', '', true)")
    const snapshot = await readSchema(client, schema)
    await client.query('COMMIT')
    return snapshot
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

async function readSchema(db: pg.PoolClient, schema: string): Promise<SchemaSnapshot> {
  const relationRows = await db.query<{ name: string; columns: Column[]; primary_key: string[] }>(
    RELATIONS_SQL,
    [schema],
  )
  const routineRows = await db.query<RoutineRow>(ROUTINES_SQL, [schema])
  const roleRows = await db.query<{ role: string; settings: string[] }>(ROLE_SETTINGS_SQL)
  const settableRows = await db.query<{ name: string }>(USER_SETTABLE_SQL)
  const relations = new Map<string, Relation>()
  const relationships = await loadRelationships(
    db,
    schema,
    new Map(relationRows.rows.map((row) => [row.name, row.primary_key])),
  )
  for (const row of relationRows.rows) {
    relations.set(row.name, {
      name: row.name,
      columns: row.columns,
      columnsByName: new Map(row.columns.map((column) => [column.name, column])),
      primaryKey: row.primary_key,
    })
  }
  const routines = new Map<string, Routine[]>()
  for (const row of routineRows.rows) {
    const routine = toRoutine(row)
    if (!routine) continue
    routines.set(routine.name, [...(routines.get(routine.name) ?? []), routine])
  }
  // PostgREST keeps overloads sorted by their parameters; PGRST203 lists them in that order.
  const key = (routine: Routine) =>
    routine.parameters.map((parameter) => `${parameter.name}\u0001${parameter.type}`)
  for (const list of routines.values()) {
    list.sort((a, b) => {
      const [x, y] = [key(a), key(b)]
      for (let index = 0; index < Math.min(x.length, y.length); index += 1) {
        if (x[index] !== y[index]) return (x[index] as string) < (y[index] as string) ? -1 : 1
      }
      return x.length - y.length
    })
  }
  const settable = new Set(settableRows.rows.map((row) => row.name))
  const roleSettings = new Map<string, Map<string, string>>()
  for (const row of roleRows.rows) {
    const settings = roleSettings.get(row.role) ?? new Map<string, string>()
    for (const entry of row.settings) {
      const separator = entry.indexOf('=')
      const name = entry.slice(0, separator)
      if (separator > 0 && (settable.has(name) || name.includes('.'))) {
        settings.set(name, entry.slice(separator + 1))
      }
    }
    roleSettings.set(row.role, settings)
  }
  return {
    relations,
    relationships,
    routines,
    roleSettings: new Map(
      [...roleSettings].map(([role, settings]) => [role, [...settings.entries()]]),
    ),
  }
}

/**
 * PostgREST's `db-aggregates-enabled`, read as it reads in-database configuration: from the
 * `pgrst.db_aggregates_enabled` setting of the `authenticator` role (Supabase leaves it off).
 */
export function aggregatesEnabled(snapshot: SchemaSnapshot): boolean {
  const settings = snapshot.roleSettings.get('authenticator') ?? []
  return settings.some(
    ([name, value]) => name === 'pgrst.db_aggregates_enabled' && /^(true|on|1)$/i.test(value),
  )
}

export class SchemaCache {
  private snapshot: SchemaSnapshot | undefined
  private loading: Promise<SchemaSnapshot> | undefined
  private generation = 0

  constructor(private readonly db: pg.Pool) {}

  /** The current snapshot, loading it on first use. */
  current(): Promise<SchemaSnapshot> {
    return this.snapshot ? Promise.resolve(this.snapshot) : this.reload()
  }

  /** Reads the catalog again; concurrent callers share one reload. */
  reload(): Promise<SchemaSnapshot> {
    const generation = this.generation
    this.loading ??= loadSchema(this.db)
      .then((snapshot) => {
        // A read that began before an invalidation may predate what the invalidation announced.
        if (generation === this.generation) this.snapshot = snapshot
        return snapshot
      })
      .catch((error: unknown) => {
        throw postgrestError(503, {
          code: 'PGRST002',
          details: error instanceof Error ? error.message : null,
          hint: null,
          message: 'Could not query the database for the schema cache. Retrying.',
        })
      })
      .finally(() => {
        if (generation === this.generation) this.loading = undefined
      })
    return this.loading
  }

  /** After PostgreSQL reports a missing table, column or function, the next request re-reads. */
  invalidate(): void {
    this.snapshot = undefined
    this.loading = undefined
    this.generation += 1
  }

  /** Finds a relation, re-reading the catalog once before deciding it does not exist. */
  async relation(name: string): Promise<{ relation?: Relation; snapshot: SchemaSnapshot }> {
    let snapshot = await this.current()
    if (!snapshot.relations.has(name)) snapshot = await this.reload()
    return { relation: snapshot.relations.get(name), snapshot }
  }

  /** As `relation`, also re-reading when the relation lacks a column the request names. */
  async relationWithColumns(
    name: string,
    columns: Iterable<string>,
  ): Promise<{ relation?: Relation; snapshot: SchemaSnapshot }> {
    const found = await this.relation(name)
    const missing =
      found.relation && [...columns].some((c) => !found.relation?.columnsByName.has(c))
    if (!missing) return found
    const snapshot = await this.reload()
    return { relation: snapshot.relations.get(name), snapshot }
  }

  async routines(name: string): Promise<{ routines: Routine[]; snapshot: SchemaSnapshot }> {
    let snapshot = await this.current()
    if (!snapshot.routines.has(name)) snapshot = await this.reload()
    return { routines: snapshot.routines.get(name) ?? [], snapshot }
  }
}
