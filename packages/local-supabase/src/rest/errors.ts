import { ApiError } from '../errors.ts'

/** PostgREST's error body: PostgreSQL's MESSAGE, DETAIL and HINT, or its own PGRSTxxx codes. */
export interface PostgrestErrorBody {
  code: string
  /** PostgreSQL's DETAIL; PGRST201 lists the candidate relationships instead. */
  details: string | null | Record<string, string>[]
  hint: string | null
  message: string
}

/**
 * Every PostgREST error carries `Proxy-Status: PostgREST; error=<code>`; 401s also say how to
 * authenticate, as PostgREST does.
 */
export function postgrestError(
  status: number,
  body: PostgrestErrorBody,
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(
    status,
    { ...body },
    { 'Proxy-Status': `PostgREST; error=${body.code}`, ...headers },
  )
}

export function queryParamError(message: string, details: string): ApiError {
  return postgrestError(400, { code: 'PGRST100', details, hint: null, message })
}

export function invalidBodyError(message: string): ApiError {
  return postgrestError(400, { code: 'PGRST102', details: null, hint: null, message })
}

export function tableNotFoundError(schema: string, name: string): ApiError {
  return postgrestError(404, {
    code: 'PGRST205',
    details: null,
    hint: null,
    message: `Could not find the table '${schema}.${name}' in the schema cache`,
  })
}

export function columnNotFoundError(relation: string, column: string): ApiError {
  return postgrestError(400, {
    code: 'PGRST204',
    details: null,
    hint: null,
    message: `Could not find the '${column}' column of '${relation}' in the schema cache`,
  })
}

/** What PostgreSQL answers for a column that a query names but the relation lacks. */
export function undefinedColumnError(relation: string, column: string): ApiError {
  return postgrestError(400, {
    code: '42703',
    details: null,
    hint: null,
    message: `column ${relation}.${column} does not exist`,
  })
}

export function singularityError(rows: number): ApiError {
  return postgrestError(406, {
    code: 'PGRST116',
    details: `The result contains ${rows} rows`,
    hint: null,
    message: 'Cannot coerce the result to a single JSON object',
  })
}

export function notImplementedError(details: string): ApiError {
  return postgrestError(400, {
    code: 'PGRST127',
    details,
    hint: null,
    message: 'Feature not implemented',
  })
}

/** A JWT that cannot be decoded or verified (PGRST301), or whose claims are invalid (PGRST303). */
export function jwtError(
  code: 'PGRST301' | 'PGRST303',
  message: string,
  details: string | null = null,
): ApiError {
  return postgrestError(
    401,
    { code, details, hint: null, message },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  )
}

/** What node-postgres reports for an error raised by the server. */
export interface DatabaseErrorLike {
  code?: string
  message: string
  detail?: string
  hint?: string
}

/** PGRST `Error.hs` pgErrorStatus: the HTTP status PostgREST gives a PostgreSQL error. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400
  if (code === '42501') return authenticated ? 403 : 401
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404
  if (code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === '53400') return 500
  if (code === '57P01') return 503
  if (code === 'P0001') return 400
  const ptStatus = /^PT(\d{3})$/.exec(code)
  if (ptStatus) return Number(ptStatus[1])
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  }
  return byClass[code.slice(0, 2)] ?? 400
}

const SQLSTATE = /^[0-9A-Z]{5}$/

/** Turns an error from the database into PostgREST's response for it. */
export function fromDatabaseError(error: DatabaseErrorLike, authenticated: boolean): ApiError {
  if (!error.code || !SQLSTATE.test(error.code)) {
    return postgrestError(503, {
      code: 'PGRST001',
      details: error.message,
      hint: null,
      message: 'Database client error. Retrying the connection.',
    })
  }
  if (error.code === 'PGRST') return fromRaisedPgrstError(error)
  const status = statusForSqlState(error.code, error.message, authenticated)
  return postgrestError(
    status,
    {
      code: error.code,
      details: error.detail ?? null,
      hint: error.hint ?? null,
      message: error.message,
    },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  )
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code":…,"message":…}', detail = '{"status":…,
 * "headers":{…}}'` lets a function choose the whole response (PostgREST's "full response control").
 */
function fromRaisedPgrstError(error: DatabaseErrorLike): ApiError {
  const message = parseJsonObject(error.message)
  const detail = parseJsonObject(error.detail)
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string') {
    return postgrestError(500, {
      code: 'PGRST121',
      details: `Invalid JSON value for MESSAGE: '${error.message}'`,
      hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    })
  }
  if (!detail || typeof detail.status !== 'number' || typeof detail.headers !== 'object') {
    return postgrestError(500, {
      code: 'PGRST121',
      details: `Invalid JSON value for DETAIL: '${error.detail ?? ''}'`,
      hint: "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    })
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(detail.headers ?? {})) headers[name] = String(value)
  return postgrestError(
    detail.status,
    {
      code: message.code,
      details: typeof message.details === 'string' ? message.details : null,
      hint: typeof message.hint === 'string' ? message.hint : null,
      message: message.message,
    },
    headers,
  )
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

export function connectionError(error: Error): ApiError {
  return postgrestError(503, {
    code: 'PGRST000',
    details: error.message,
    hint: null,
    message: 'Database connection error. Retrying the connection.',
  })
}
