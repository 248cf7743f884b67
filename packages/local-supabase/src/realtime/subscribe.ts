import type pg from 'pg'
import { describeParams, type ChangeParams, type Parsed } from './subscription-params.ts'

export const PUBLICATION = 'supabase_realtime'
/**
 * Not a Realtime limit: every filter is evaluated for every change to its table, so one binding
 * may not carry more than an `in` list may hold values.
 */
export const MAX_FILTERS_PER_BINDING = 100

/** A binding resolved to the tables it covers. */
export interface ResolvedBinding {
  params: ChangeParams
  relids: number[]
}

/** Postgrex's spelling of the SQLSTATEs these checks can raise. */
const CONDITION_NAMES: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22023': 'invalid_parameter_value',
  '22001': 'string_data_right_truncation',
  '2202E': 'array_subscript_error',
  '42704': 'undefined_object',
  '42846': 'cannot_coerce',
}

class SubscriptionRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * What Realtime does when it inserts a channel's bindings into `realtime.subscription` in one
 * transaction (RT `Subscriptions.create` and the `subscription_check_filters` trigger): each
 * binding must name tables of the publication; the role must exist and may filter and select only
 * columns it can SELECT; filter values must cast to the column type; an `in` list holds at most
 * 100 values. The first failure refuses the whole channel with Realtime's message.
 */
export async function resolveBindings(
  db: pg.Pool,
  role: string,
  bindings: ChangeParams[],
): Promise<Parsed<ResolvedBinding[]>> {
  const resolved: ResolvedBinding[] = []
  for (const params of bindings) {
    const prefix = `Unable to subscribe to changes with given parameters.`
    try {
      if (params.filters.length > MAX_FILTERS_PER_BINDING) {
        throw new SubscriptionRefused(
          'P0001',
          `too many filters. Maximum ${MAX_FILTERS_PER_BINDING}`,
        )
      }
      const { rows } = await db.query<{ relid: number }>(
        `select format('%I.%I', schemaname, tablename)::regclass::oid::int8::int as relid
         from pg_publication_tables
         where pubname = $1
           and schemaname like (case $2 when '*' then '%' else $2 end) escape ''
           and tablename like (case $3 when '*' then '%' else $3 end) escape ''`,
        [PUBLICATION, params.schema, params.table],
      )
      if (!rows.length) {
        return {
          ok: false,
          message: `${prefix} Please check Realtime is enabled for the given connect parameters: [${describeParams(params)}]`,
        }
      }
      for (const { relid } of rows) await checkTable(db, relid, role, params)
      resolved.push({ params, relids: rows.map((row) => row.relid) })
    } catch (error) {
      return {
        ok: false,
        message: `${prefix} An exception happened so please check your connect parameters: [${describeParams(params)}]. Exception: ${postgrexMessage(error)}`,
      }
    }
  }
  return { ok: true, value: resolved }
}

async function checkTable(db: pg.Pool, relid: number, role: string, params: ChangeParams) {
  await db.query('select $1::text::regrole', [role])
  const { rows: columns } = await db.query<{ name: string; type: string; selectable: boolean }>(
    `select a.attname as name, a.atttypid::regtype::text as type,
            has_column_privilege($2::text, a.attrelid, a.attnum, 'SELECT') as selectable
     from pg_attribute a where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped`,
    [relid, role],
  )
  const selectable = new Map(columns.filter((c) => c.selectable).map((c) => [c.name, c.type]))
  for (const filter of params.filters) {
    const type = selectable.get(filter.column)
    if (!type) throw new SubscriptionRefused('P0001', `invalid column for filter ${filter.column}`)
    if (filter.op === 'in') {
      const { rows } = await db.query<{ count: number | null }>(
        `select jsonb_array_length(to_jsonb($1::text::${type}[])) as count`,
        [filter.value],
      )
      if ((rows[0]?.count ?? 0) > 100) {
        throw new SubscriptionRefused('P0001', 'too many values for `in` filter. Maximum 100')
      }
    } else if (filter.op === 'is') {
      if (!['null', 'true', 'false', 'unknown'].includes(filter.value)) {
        throw new SubscriptionRefused(
          'P0001',
          'invalid value for is filter: must be null, true, false, or unknown',
        )
      }
      if (filter.value !== 'null' && type !== 'boolean') {
        throw new SubscriptionRefused(
          'P0001',
          `is ${filter.value} filter requires a boolean column, got ${type}`,
        )
      }
    } else if (['like', 'ilike', 'match', 'imatch'].includes(filter.op)) {
      const regex = filter.op === 'match' || filter.op === 'imatch'
      const operator = filter.op === 'imatch' ? '~*' : filter.op === 'match' ? '~' : '~~'
      const { rows } = await db.query<{ found: boolean }>(
        `select exists (select 1 from pg_catalog.pg_operator
                         where oprname = $1 and oprleft = $2::regtype
                           and (not $3 or (oprright = $2::regtype and oprresult = 'boolean'::regtype))) as found`,
        [operator, type, regex],
      )
      if (!rows[0]?.found) {
        throw new SubscriptionRefused(
          'P0001',
          `operator ${filter.op} requires a text-compatible column type, got ${type}`,
        )
      }
      if (regex) {
        try {
          await db.query(`select '' ~ $1`, [filter.value])
        } catch (error) {
          throw new SubscriptionRefused(
            'P0001',
            `invalid regular expression for ${filter.op} filter: ${(error as Error).message}`,
          )
        }
      }
    } else if (type !== 'bytea') {
      await db.query(`select to_jsonb($1::text::${type})`, [filter.value])
    }
  }
  for (const column of params.selectedColumns ?? []) {
    if (!selectable.has(column))
      throw new SubscriptionRefused('P0001', `invalid column for select ${column}`)
  }
}

/** `Exception.message/1` of a Postgrex.Error: `ERROR 22P02 (invalid_text_representation) …`. */
function postgrexMessage(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string }
  if (!code) return message ?? String(error)
  const name = CONDITION_NAMES[code]
  return `ERROR ${code} ${name ? `(${name}) ` : ''}${message ?? ''}`
}
