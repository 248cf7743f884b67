import type pg from 'pg'
import { postgrestError } from './errors.ts'
import type { SchemaSnapshot } from './schema-cache.ts'

/**
 * PostgREST's media types beyond JSON (PGRST `MediaType.hs`): `text/csv`, whose body PostgreSQL
 * writes (a header from the first row's keys, then each row's record text without its
 * parentheses, as PostgREST's `asCsvF`), and the execution plan
 * `application/vnd.pgrst.plan[+json|+text]`, which EXPLAINs the statement the request would run
 * and is offered only with `pgrst.db_plan_enabled` (Supabase leaves it off).
 */

export interface PlanChoice {
  format: 'json' | 'text'
  /** EXPLAIN options from the `options=` parameter: analyze, verbose, settings, buffers, wal. */
  options: string[]
  /** The media type the plan is of (`for=`), application/json unless said otherwise. */
  for: string
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal'])

/** The choice for `text/csv` or a plan media type, or undefined for any other type. */
export function extraMediaChoice(
  type: string,
  parameters: string[],
): { contentType: string; csv?: true; plan?: PlanChoice } | undefined {
  if (type === 'text/csv') return { contentType: 'text/csv; charset=utf-8', csv: true }
  const plan = /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.exec(type)
  if (!plan) return undefined
  const format = plan[1] === '+json' ? 'json' : 'text'
  const parameter = (name: string) =>
    parameters
      .find((entry) => entry.startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .replaceAll('"', '')
  const target = parameter('for') ?? 'application/json'
  const options = (parameter('options') ?? '')
    .split('|')
    .filter((option) => PLAN_OPTIONS.has(option))
  return {
    contentType: `application/vnd.pgrst.plan+${format}; for="${target}"; charset=utf-8`,
    plan: { format, options, for: target },
  }
}

/** PostgREST's CSV body over the rows of `_postgrest_t` (read from the `pgrst_source` CTE). */
export const CSV_BODY_SQL =
  `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k ` +
  `FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || E'\\n' || ` +
  `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`

/** Refuses a plan unless `pgrst.db_plan_enabled` is on, as PostgREST refuses the media type. */
export function requirePlanEnabled(snapshot: SchemaSnapshot, plan: PlanChoice, accept: string) {
  const enabled = (snapshot.roleSettings.get('authenticator') ?? []).some(
    ([name, value]) => name === 'pgrst.db_plan_enabled' && /^(true|on|1)$/i.test(value),
  )
  if (enabled && plan.for === 'application/json') return
  throw postgrestError(406, {
    code: 'PGRST107',
    details: null,
    hint: null,
    message: `None of these media types are available: ${accept}`,
  })
}

/** Runs EXPLAIN on `statement` with `client` and returns the plan as the response body. */
export async function explain(
  client: pg.PoolClient,
  statement: { text: string; values: unknown[] },
  plan: PlanChoice,
): Promise<string> {
  const options = [
    `FORMAT ${plan.format.toUpperCase()}`,
    ...plan.options.map((o) => o.toUpperCase()),
  ]
  const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (${options.join(', ')}) ${statement.text}`,
    statement.values,
  )
  if (plan.format === 'json') return JSON.stringify(rows[0]?.['QUERY PLAN'] ?? [])
  return rows.map((row) => String(row['QUERY PLAN'])).join('\n')
}
