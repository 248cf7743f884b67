import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { ApiError } from '../errors.ts'
import { postgrestError, singularityError } from './errors.ts'
import { authenticate, type AuthResult } from './jwt.ts'
import {
  appliedPreferences,
  parsePreferences,
  type Preferences,
} from './api-request/preferences.ts'
import { parseQueryParams } from './api-request/query-params.ts'
import type { QueryParams, Range } from './api-request/types.ts'
import { negotiateMedia, rangeNotSatisfiable, rangeStatus, type MediaChoice } from './response.ts'
import { EXPOSED_SCHEMA, type SchemaCache, type SchemaSnapshot } from './schema-cache.ts'
import type { ResultRow, Statement } from './query/statements.ts'
import { inTransaction } from './transaction.ts'
import { explain, requirePlanEnabled } from './media-types.ts'
import { COUNT_PLAN } from './planned-count.ts'

/** A request after the steps every PostgREST request takes: JWT, schema, query, Prefer, Accept. */
export interface RestRequest {
  auth: AuthResult
  query: QueryParams
  preferences: Preferences
  media: MediaChoice
  /** Whether the client named a schema (then the response names it too). */
  profiled: boolean
  method: string
  headers: Record<string, string>
  cookies: Record<string, string>
}

/** What the handlers share: the stack's services, the schema cache and the row cap. */
export interface RestEnvironment {
  ctx: ServiceContext
  cache: SchemaCache
  maxRows: number
}

/** What every request goes through first, in PostgREST's order: JWT, schema, query, Prefer. */
export async function prepareRequest(
  c: Context,
  ctx: ServiceContext,
  isRpc: boolean,
): Promise<RestRequest> {
  const auth = await authenticate(c.req.header('authorization'), ctx.keys.jwtSecret)
  const method = c.req.method
  const isRead = method === 'GET' || method === 'HEAD'
  const profile = c.req.header(isRead ? 'accept-profile' : 'content-profile')
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw postgrestError(406, {
      code: 'PGRST106',
      details: null,
      hint: `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
      message: `Invalid schema: ${profile}`,
    })
  }
  const query = parseQueryParams(new URL(c.req.url).searchParams, isRpc && isRead)
  const preferences = parsePreferences(c.req.header('prefer'))
  const media = negotiateMedia(c.req.header('accept'))
  const headers: Record<string, string> = {}
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  return {
    auth,
    query,
    preferences,
    media,
    profiled: profile !== undefined,
    method,
    headers,
    cookies: parseCookies(headers.cookie),
  }
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0) cookies[part.slice(0, separator).trim()] = part.slice(separator + 1).trim()
  }
  return cookies
}

export function respond(
  request: RestRequest,
  status: number,
  body: string | null,
  headers: Record<string, string>,
): Response {
  const all = new Headers(headers)
  if (body !== null) all.set('Content-Type', request.media.contentType)
  if (request.profiled && body !== null) all.set('Content-Profile', EXPOSED_SCHEMA)
  const sendBody = body !== null && request.method !== 'HEAD' && status !== 204
  return new Response(sendBody ? body : null, { status, headers: all })
}

/** Reads cap at `[api] max_rows`; a negative limit is PostgREST's PGRST103. */
export function readRange(query: QueryParams, maxRows: number): Range {
  if (query.limit !== undefined && query.limit < 0) {
    throw rangeNotSatisfiable('Limit should be greater than or equal to zero.')
  }
  const limit = Math.min(query.limit ?? maxRows, maxRows)
  return { offset: query.offset ?? 0, limit }
}

export function namesInQuery(query: QueryParams): string[] {
  const names = new Set<string>(query.filterFields)
  for (const item of query.select) if (item.kind === 'column') names.add(item.field.name)
  for (const term of query.order) names.add(term.field.name)
  for (const name of query.onConflict ?? []) names.add(name)
  return [...names]
}

function sessionFor(request: RestRequest, path: string) {
  return {
    auth: request.auth,
    method: request.method,
    path,
    headers: request.headers,
    cookies: request.cookies,
  }
}

/**
 * The status and Content-Range of a page of rows: 200, 206 when a count shows more rows, or
 * PostgREST's 416 error when the offset lies past the end.
 */
export function pageStatus(
  offset: number,
  pageTotal: number,
  row: ResultRow,
): { status: number; contentRange: string } {
  const total = row.total_result_set === null ? undefined : Number(row.total_result_set)
  const result = rangeStatus(offset, pageTotal, total)
  if (result.status === 416) {
    const error = rangeNotSatisfiable(
      `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
    )
    error.headers['Content-Range'] = result.contentRange
    throw error
  }
  return result
}

const EMPTY_ROW: ResultRow = { total_result_set: null, page_total: '0', body: '', inserted: null }

/** Codes that mean the schema changed under the cache (a table, column or function is gone). */
const STALE_SCHEMA_CODES = new Set(['42P01', '42703', '42883'])

export async function run(
  { ctx, cache }: RestEnvironment,
  request: RestRequest,
  options: { readOnly: boolean; path: string; roleSettings: [string, string][] },
  statement: Statement,
  check: (row: ResultRow) => void = () => undefined,
): Promise<ResultRow> {
  const snapshot = await cache.current()
  const rollback = transactionEnd(snapshot, request.preferences) === 'rollback'
  if (request.media.plan && request.media.plan !== COUNT_PLAN)
    requirePlanEnabled(snapshot, request.media.plan, request.headers.accept ?? '')
  try {
    return await inTransaction(
      ctx.restDb,
      {
        ...sessionFor(request, options.path),
        readOnly: options.readOnly,
        roleSettings: options.roleSettings,
        rollback,
      },
      async (client) => {
        const { plan } = request.media
        if (plan) return { ...EMPTY_ROW, body: await explain(client, statement, plan) }
        const { rows } = await client.query<ResultRow>(statement.text, statement.values)
        const row = rows[0] ?? EMPTY_ROW
        check(row)
        return row
      },
    )
  } catch (error) {
    if (error instanceof ApiError && STALE_SCHEMA_CODES.has(String(error.body.code))) {
      cache.invalidate()
    }
    throw error
  }
}

/** A single-object request fails (and rolls back) unless exactly one row came out. */
export function requireSingle(request: RestRequest) {
  return (row: ResultRow) => {
    if (request.media.single && Number(row.page_total) !== 1) {
      throw singularityError(Number(row.page_total))
    }
  }
}

export function requireMaxAffected(request: RestRequest) {
  return (row: ResultRow) => {
    const { handling, maxAffected } = request.preferences
    if (
      handling === 'strict' &&
      maxAffected !== undefined &&
      Number(row.page_total) > maxAffected
    ) {
      throw postgrestError(400, {
        code: 'PGRST124',
        details: `The query affects ${row.page_total} rows`,
        hint: null,
        message: 'Query result exceeds max-affected preference constraint',
      })
    }
  }
}

/**
 * How the request's transaction ends: PostgREST's `db-tx-end`, read from the `pgrst.db_tx_end`
 * setting of the `authenticator` role (default `commit`); the `*-allow-override` values let
 * `Prefer: tx=commit|rollback` choose.
 */
export function transactionEnd(
  snapshot: SchemaSnapshot,
  preferences: Preferences,
): 'commit' | 'rollback' {
  const setting =
    (snapshot.roleSettings.get('authenticator') ?? []).find(
      ([name]) => name === 'pgrst.db_tx_end',
    )?.[1] ?? 'commit'
  const base = setting.startsWith('rollback') ? 'rollback' : 'commit'
  return setting.endsWith('-allow-override') ? (preferences.tx ?? base) : base
}

export function withPreferences(
  request: RestRequest,
  headers: Record<string, string>,
  applicable: { resolution?: boolean; missing?: boolean; return?: boolean; tx?: boolean },
): Record<string, string> {
  const applied = appliedPreferences(request.preferences, applicable)
  return applied ? { ...headers, 'Preference-Applied': applied } : headers
}
