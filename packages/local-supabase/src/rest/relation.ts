import type { Context } from 'hono'
import {
  columnNotFoundError,
  notImplementedError,
  postgrestError,
  tableNotFoundError,
} from './errors.ts'
import { readPayload, readRequestBody, type Payload } from './payload.ts'
import { assertStrictPreferences } from './api-request/preferences.ts'
import type { SelectItem } from './api-request/types.ts'
import {
  namesInQuery,
  pageStatus,
  readRange,
  requireMaxAffected,
  requireSingle,
  respond,
  run,
  withPreferences,
  type RestEnvironment,
  type RestRequest,
} from './request.ts'
import { contentRange } from './response.ts'
import { planTree, type PlanNode } from './plan/read-plan.ts'
import {
  aggregatesEnabled,
  EXPOSED_SCHEMA,
  type Column,
  type Relation,
  type SchemaSnapshot,
} from './schema-cache.ts'
import { hasConditions, type Conditions, type Representation } from './plan/mutate-plan.ts'
import { COUNT_PLAN, countTotal, plannedRows } from './planned-count.ts'
import {
  deleteStatement,
  insertStatement,
  readStatement,
  updateStatement,
} from './query/statements.ts'

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']

/** Everything a handler for one table or view needs once the request has been checked. */
interface RelationRequest {
  request: RestRequest
  environment: RestEnvironment
  relation: Relation
  /** `request.path`, and the role's own settings, for the transaction. */
  session: { path: string; roleSettings: [string, string][] }
  conditions: Conditions
  snapshot: SchemaSnapshot
}

/** `/rest/v1/<table or view>`: GET/HEAD read, POST inserts or upserts, PATCH updates, DELETE. */
export async function handleRelation(
  c: Context,
  request: RestRequest,
  environment: RestEnvironment,
): Promise<Response> {
  const name = c.req.param('relation') as string
  const method = request.method
  if (method === 'PUT') {
    throw notImplementedError(
      'PUT (single-row upsert) is not supported by the local stack; use POST with Prefer: resolution=merge-duplicates.',
    )
  }
  if (!METHODS.includes(method)) {
    throw postgrestError(405, {
      code: 'PGRST117',
      details: null,
      hint: null,
      message: `Unsupported HTTP method: ${method}`,
    })
  }
  assertStrictPreferences(request.preferences)
  const payload =
    method === 'POST' || method === 'PATCH'
      ? readPayload(
          await readRequestBody(c.req.raw),
          c.req.header('content-type'),
          request.query.columns,
        )
      : undefined
  const { relation, snapshot } = await environment.cache.relationWithColumns(name, [
    ...namesInQuery(request.query),
    ...(payload?.keys ?? []),
  ])
  if (!relation) throw tableNotFoundError(EXPOSED_SCHEMA, name)
  const target: RelationRequest = {
    request,
    environment,
    relation,
    session: { path: `/${name}`, roleSettings: snapshot.roleSettings.get(request.auth.role) ?? [] },
    conditions: { filters: request.query.filters, logic: request.query.logic },
    snapshot,
  }
  if (!payload) return method === 'DELETE' ? change(target, undefined) : read(target)
  return method === 'POST' ? insert(target, payload) : change(target, payload)
}

async function read({
  request,
  environment,
  relation,
  session,
  conditions,
  snapshot,
}: RelationRequest) {
  const range = readRange(request.query, environment.maxRows)
  const tree = planTree({
    snapshot,
    relation: relation.name,
    select: request.query.select,
    embedded: request.query.embedded,
    root: {
      ...conditions,
      order: request.query.order,
      range,
      columns: new Set(relation.columnsByName.keys()),
    },
    maxRows: environment.maxRows,
    aggregatesEnabled: aggregatesEnabled(snapshot),
  })
  const statement = readStatement({
    tree,
    count: request.preferences.count !== undefined,
    shape: request.media.csv ? 'csv' : request.media.single ? 'single' : 'array',
    stripNulls: request.media.stripNulls,
  })
  const row = await run(
    environment,
    request,
    { ...session, readOnly: true },
    statement,
    requireSingle(request),
  )
  const { count } = request.preferences
  if ((count === 'planned' || count === 'estimated') && row.total_result_set !== null) {
    const explained = await run(
      environment,
      { ...request, media: { ...request.media, plan: COUNT_PLAN } },
      { ...session, readOnly: true },
      statement,
    )
    const estimate = plannedRows(JSON.parse(explained.body))
    const total = countTotal(count, Number(row.total_result_set), estimate, environment.maxRows)
    row.total_result_set = String(total)
  }
  const { status, contentRange: header } = pageStatus(range.offset, Number(row.page_total), row)
  return respond(
    request,
    status,
    row.body,
    withPreferences(request, { 'Content-Range': header }, {}),
  )
}

function payloadColumns(relation: Relation, payload: Payload): Column[] {
  return payload.keys.map((key) => {
    const column = relation.columnsByName.get(key)
    if (!column) throw columnNotFoundError(relation.name, key)
    return column
  })
}

/**
 * Insert, or upsert with `resolution=…` on `on_conflict` (default: the primary key). An upsert
 * that only updated existing rows answers 200; anything that inserted answers 201.
 */
async function insert(target: RelationRequest, payload: Payload) {
  const { request, environment, relation, session } = target
  const { preferences, query } = request
  const conflictColumns = query.onConflict ?? relation.primaryKey
  const resolution = conflictColumns.length > 0 ? preferences.resolution : undefined
  const representation = representationFor(target)
  const statement = insertStatement({
    relation,
    columns: payloadColumns(relation, payload),
    body: payload.rows,
    applyDefaults: preferences.missing === 'default',
    ...(resolution ? { onConflict: { resolution, columns: conflictColumns } } : {}),
    ...(representation ? { representation } : {}),
  })
  const row = await run(
    environment,
    request,
    { ...session, readOnly: false },
    statement,
    requireSingle(request),
  )
  const pageTotal = Number(row.page_total)
  const updatedOnly =
    resolution === 'merge-duplicates' && row.inserted !== null && row.inserted <= 0
  const headers: Record<string, string> = {
    'Content-Range': contentRange(1, 0, preferences.count ? pageTotal : undefined),
  }
  if (preferences.return === 'headers-only' && pageTotal === 1) {
    const location = locationFor(relation, row.body)
    if (location) headers.Location = location
  }
  return respond(
    request,
    updatedOnly ? 200 : 201,
    preferences.return === 'representation' ? row.body : null,
    withPreferences(request, headers, {
      resolution: Boolean(resolution),
      missing: true,
      return: true,
    }),
  )
}

/** PATCH (with a payload) or DELETE (without): only rows the filters and RLS let through. */
async function change(target: RelationRequest, payload: Payload | undefined) {
  const { request, environment, relation, session, conditions } = target
  const columns = payload ? payloadColumns(relation, payload) : []
  if (!hasConditions(conditions) && (!payload || columns.length > 0)) {
    // What pg-safeupdate (preloaded for `authenticator` on Supabase) raises.
    throw postgrestError(400, {
      code: '21000',
      details: null,
      hint: null,
      message: `${payload ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
    })
  }
  const representation = representationFor(target)
  const statement = payload
    ? updateStatement({
        relation,
        columns,
        body: payload.rows,
        applyDefaults: request.preferences.missing === 'default',
        conditions,
        ...(representation ? { representation } : {}),
      })
    : deleteStatement({ relation, conditions, ...(representation ? { representation } : {}) })
  const row = await run(
    environment,
    request,
    { ...session, readOnly: false },
    statement,
    (result) => {
      requireSingle(request)(result)
      requireMaxAffected(request)(result)
    },
  )
  const pageTotal = Number(row.page_total)
  const counted = request.preferences.count ? pageTotal : undefined
  const headers = {
    // PostgREST's own (inconsistent) choice: an update reports a range, a delete does not.
    'Content-Range': payload
      ? contentRange(0, pageTotal - 1, counted)
      : contentRange(1, 0, counted),
  }
  const full = request.preferences.return === 'representation'
  return respond(
    request,
    full ? 200 : 204,
    full ? row.body : null,
    withPreferences(request, headers, { missing: Boolean(payload), return: true }),
  )
}

/**
 * `return=representation` selects `select=` (default `*`) from the changed rows; PostgREST's
 * `return=headers-only` needs only the primary key, for the Location header.
 */
function representationFor({
  request,
  relation,
  snapshot,
  environment,
}: RelationRequest): Representation | undefined {
  const wanted = request.preferences.return
  const tree = (select: SelectItem[], order: RestRequest['query']['order']): PlanNode =>
    planTree({
      snapshot,
      relation: relation.name,
      select,
      embedded: request.query.embedded,
      root: { filters: [], logic: [], order, range: { offset: 0 } },
      maxRows: environment.maxRows,
      aggregatesEnabled: aggregatesEnabled(snapshot),
    })
  if (wanted === 'representation') {
    return {
      tree: tree(request.query.select, request.query.order),
      shape: request.media.single ? 'single' : 'array',
      stripNulls: request.media.stripNulls,
      extraColumns: relation.primaryKey,
    }
  }
  if (wanted === 'headers-only' && request.method === 'POST' && relation.primaryKey.length > 0) {
    const select: SelectItem[] = relation.primaryKey.map((column) => ({
      kind: 'column',
      field: { name: column, jsonPath: [] },
    }))
    return { tree: tree(select, []), shape: 'array', stripNulls: false, extraColumns: [] }
  }
  return undefined
}

/** `Location: /items?id=eq.01…` for a single inserted row, as PostgREST builds it. */
function locationFor(relation: Relation, body: string): string | undefined {
  const rows = JSON.parse(body) as Record<string, unknown>[]
  const row = rows[0]
  if (!row) return undefined
  const query = relation.primaryKey
    .map((column) => `${encodeURIComponent(column)}=eq.${encodeURIComponent(String(row[column]))}`)
    .join('&')
  return `/${relation.name}?${query}`
}
