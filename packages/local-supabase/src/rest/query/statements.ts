import { undefinedColumnError } from '../errors.ts'
import type { CallPlan } from '../plan/call-plan.ts'
import type { DeletePlan, InsertPlan, Representation, UpdatePlan } from '../plan/mutate-plan.ts'
import type { BodyShape, ReadPlan } from '../plan/read-plan.ts'
import {
  callPlanToQuery,
  deleteQuery,
  insertQuery,
  readPlanToCountQuery,
  readPlanToQuery,
  updateQuery,
} from './query-builder.ts'
import { bodySql, INSERTED_SETTING, Parameters, rangeSql } from './sql-fragment.ts'

/**
 * The statements that run (PGRST `Query/Statements.hs`): the request's rows are produced by one
 * CTE, `pgrst_source`, and the response body is aggregated in SQL with `json_agg`, so numbers
 * keep PostgreSQL's own text. Every statement returns one `ResultRow`.
 */

export interface Statement {
  text: string
  values: unknown[]
}

/** The row every statement returns: total (or null), rows in the page, body, rows inserted. */
export interface ResultRow {
  total_result_set: string | null
  page_total: string
  body: string
  inserted: number | null
}

/** The rows of a read: the plan tree's root query, counted (when asked) without embeds (mainRead). */
export function readStatement(plan: ReadPlan): Statement {
  const params = new Parameters()
  const root = { kind: 'table' } as const
  const source = readPlanToQuery(plan.tree, undefined, root, params)
  const countCte = plan.count
    ? `, pgrst_source_count AS (${readPlanToCountQuery(plan.tree, undefined, root, params)})`
    : ''
  const total = plan.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'
  return {
    text:
      `WITH pgrst_source AS (${source})${countCte} ` +
      `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${bodySql(plan.shape, plan.stripNulls)} AS body, null::int AS inserted ` +
      `FROM (SELECT * FROM pgrst_source) _postgrest_t`,
    values: params.values,
  }
}

/** A mutation's statement (mainWrite): the changed rows, then the representation's body. */
function writeStatement(
  mutation: string,
  representation: Representation | undefined,
  params: Parameters,
): Statement {
  let rows = 'SELECT * FROM pgrst_source'
  if (representation) {
    rows = readPlanToQuery(representation.tree, undefined, { kind: 'source' }, params)
  }
  const body = representation
    ? bodySql(representation.shape, representation.stripNulls)
    : "''::text"
  return {
    text:
      `WITH pgrst_source AS (${mutation}) ` +
      `SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${body} AS body, ${INSERTED_SETTING}::int AS inserted FROM (${rows}) _postgrest_t`,
    values: params.values,
  }
}

export function insertStatement(plan: InsertPlan): Statement {
  const params = new Parameters()
  return writeStatement(insertQuery(plan, params), plan.representation, params)
}

export function updateStatement(plan: UpdatePlan): Statement {
  const params = new Parameters()
  return writeStatement(updateQuery(plan, params), plan.representation, params)
}

export function deleteStatement(plan: DeletePlan): Statement {
  const params = new Parameters()
  return writeStatement(deleteQuery(plan, params), plan.representation, params)
}

/** A function call's statement (mainCall). */
export function callStatement(plan: CallPlan): Statement {
  const params = new Parameters()
  const { from, call } = callPlanToQuery(plan, params)
  const routine = plan.routine
  const countCte = (where: string) =>
    plan.count ? `, pgrst_source_count AS (SELECT 1 FROM pgrst_source${where})` : ''
  const total = plan.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'

  if (routine.returns !== 'composite') {
    // A scalar result has no columns to filter or order by.
    const named = [
      ...plan.conditions.filters.map((filter) => filter.field.name),
      ...plan.order.map((term) => term.field.name),
    ]
    if (named[0] !== undefined) throw undefinedColumnError(routine.name, named[0])
    const source = from
      ? `SELECT ${call} AS pgrst_scalar FROM ${from}`
      : `SELECT ${call} AS pgrst_scalar`
    const shape: BodyShape =
      routine.returns === 'void' ? 'none' : routine.returnsSet ? 'scalar-array' : 'scalar'
    return {
      text:
        `WITH pgrst_source AS (${source})${countCte('')} ` +
        `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
        `${bodySql(plan.single && routine.returnsSet ? 'scalar' : shape, plan.stripNulls)} AS body, ` +
        `null::int AS inserted FROM (SELECT * FROM pgrst_source${rangeSql(plan.range, params)}) _postgrest_t`,
      values: params.values,
    }
  }

  const source = from
    ? `SELECT pgrst_call.* FROM ${from}, LATERAL ${call} pgrst_call`
    : `SELECT pgrst_call.* FROM ${call} pgrst_call`
  const root = { kind: 'source' } as const
  const rows = readPlanToQuery(plan.tree, undefined, root, params)
  const counted = plan.count
    ? `, pgrst_source_count AS (${readPlanToCountQuery(plan.tree, undefined, root, params)})`
    : ''
  const shape: BodyShape = plan.single || !routine.returnsSet ? 'single' : 'array'
  return {
    text:
      `WITH pgrst_source AS (${source})${counted} ` +
      `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${bodySql(shape, plan.stripNulls)} AS body, null::int AS inserted FROM (${rows}) _postgrest_t`,
    values: params.values,
  }
}
