import { randomUUID } from 'node:crypto'
import { ApiError } from '../errors.ts'

export const API_VERSION_HEADER = 'X-Supabase-Api-Version'
const API_VERSION_2024_01_01 = '2024-01-01'

/**
 * An Auth API error as GoTrue raises it (its HTTPError): status, error code and message. The body
 * and headers are GoTrue's 2024-01-01 shape, which is what auth-js asks for; `forRequest` re-shapes
 * it for clients that send no (or an older) `X-Supabase-Api-Version`.
 */
export class AuthError extends ApiError {
  readonly code: string
  readonly weakPasswordReasons: string[] | undefined

  constructor(status: number, code: string, message: string, weakPasswordReasons?: string[]) {
    super(...shapeError(status, code, message, weakPasswordReasons, true))
    this.code = code
    this.weakPasswordReasons = weakPasswordReasons
    this.message = message
  }

  forRequest(apiVersionHeader: string | undefined): ApiError {
    const versioned = supportsApiVersion2024(apiVersionHeader)
    return new ApiError(
      ...shapeError(this.status, this.code, this.message, this.weakPasswordReasons, versioned),
    )
  }
}

export function authError(status: number, code: string, message: string): AuthError {
  return new AuthError(status, code, message)
}

export function weakPasswordError(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, reasons)
}

/** GoTrue's fallback for anything that is not an API error (a bug, a lost database, …). */
export function unexpectedFailure(): AuthError {
  return new AuthError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  )
}

/**
 * OAuth-style errors (`{error, error_description}`) only travel in redirects here: a provider's
 * denial at /callback. They carry no GoTrue error code.
 */
/** The OAuth 2.0 `error` GoTrue puts in a redirect for an API error of this status. */
export function oauthErrorForStatus(status: number): string | undefined {
  return OAUTH_ERRORS[status]
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

export class OAuthRedirectError extends Error {
  readonly error: string
  readonly description: string

  constructor(error: string, description: string) {
    super(`${error}: ${description}`)
    this.error = error
    this.description = description
  }
}

/**
 * GoTrue answers in the 2024-01-01 shape when the request's version header is a date on or after
 * 2024-01-01, and echoes that version; a missing or unparsable header means the initial shape.
 */
export function supportsApiVersion2024(header: string | undefined): boolean {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false
  const parsed = new Date(`${header}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== header) return false
  return header >= API_VERSION_2024_01_01
}

function shapeError(
  status: number,
  code: string,
  message: string,
  weakPasswordReasons: string[] | undefined,
  versioned: boolean,
): [number, Record<string, unknown>, Record<string, string>] {
  const headers: Record<string, string> = {}
  if (versioned) headers[API_VERSION_HEADER] = API_VERSION_2024_01_01
  const errorCode = code || (status === 500 ? 'unexpected_failure' : 'unknown')

  if (weakPasswordReasons) {
    const payload = { reasons: weakPasswordReasons }
    if (versioned) return [422, { code: errorCode, message, weak_password: payload }, headers]
    headers['x-sb-error-code'] = errorCode
    return [
      422,
      { code: 422, error_code: errorCode, msg: message, weak_password: payload },
      headers,
    ]
  }

  if (code) headers['x-sb-error-code'] = code
  if (versioned) return [status, { code: errorCode, message }, headers]
  const body: Record<string, unknown> = { code: status, error_code: errorCode, msg: message }
  if (status >= 500) body.error_id = randomUUID()
  return [status, body, headers]
}
