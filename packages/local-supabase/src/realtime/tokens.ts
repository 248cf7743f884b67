import { verifyHmacJwt, type JwtFailure } from '../jwt.ts'

/** The JWT claims a subscriber's RLS checks run with (`request.jwt.claims`). */
export type Claims = Record<string, unknown> & { role: string; exp: number }

export type TokenFailure =
  'missing' | 'malformed' | 'signature' | 'signer' | 'expired' | 'invalid_exp' | 'missing_claims'

export type TokenCheck =
  { ok: true; claims: Claims } | { ok: false; failure: TokenFailure; secondsAgo?: number }

/** How Realtime names each way the signature check fails. */
const REALTIME_FAILURE: Record<JwtFailure, TokenFailure> = {
  malformed: 'malformed',
  'no-algorithm': 'signer',
  unsecured: 'signer',
  algorithm: 'signer',
  invalid: 'signature',
  signature: 'signature',
  claims: 'malformed',
}

/**
 * Realtime's token check (RT `ChannelsAuthorization.authorize_conn`, `JwtVerification`): the
 * token is URI-decoded and stripped of whitespace, its HMAC signature verified with the project
 * secret, `exp` must lie in the future, and both `role` and `exp` must be present. `nbf` and `iat`
 * are not checked, as in Realtime.
 */
export async function verifyRealtimeToken(
  raw: unknown,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<TokenCheck> {
  if (typeof raw !== 'string') return { ok: false, failure: 'missing' }
  let token: string
  try {
    token = decodeURIComponent(raw).replace(/\s/g, '')
  } catch {
    return { ok: false, failure: 'malformed' }
  }
  if (token.split('.').length !== 3) return { ok: false, failure: 'malformed' }

  const verified = await verifyHmacJwt(token, secret)
  if (!verified.ok) return { ok: false, failure: REALTIME_FAILURE[verified.failure] }
  const record = verified.claims
  if ('exp' in record) {
    const exp = record.exp
    if (typeof exp !== 'number' || !Number.isFinite(exp)) {
      return { ok: false, failure: 'invalid_exp' }
    }
    // JwtVerification rounds a fractional exp before anything looks at it.
    record.exp = Math.round(exp)
    if (Math.round(exp) <= nowSeconds) {
      return { ok: false, failure: 'expired', secondsAgo: nowSeconds - Math.round(exp) }
    }
  }
  if (typeof record.role !== 'string' || typeof record.exp !== 'number') {
    return { ok: false, failure: 'missing_claims' }
  }
  return { ok: true, claims: record as Claims }
}

type Failed = Extract<TokenCheck, { ok: false }>

const expiredText = (check: Failed) => `Token has expired ${check.secondsAgo ?? 0} seconds ago`
const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT'
const MALFORMED = 'The token provided is not a valid JWT'
const SIGNATURE = 'Failed to validate JWT signature'
const SIGNER = 'Failed to generate JWT signer, check your JWT secret or JWKS configuration'

/** The HTTP refusal of a websocket upgrade (RT `UserSocket.handle_error`). */
export function connectRefusal(check: Failed): { status: number; error: string } {
  switch (check.failure) {
    case 'missing':
      return { status: 401, error: 'API key is missing' }
    case 'expired':
      return { status: 401, error: 'Token has expired' }
    case 'missing_claims':
      return { status: 401, error: MISSING_CLAIMS }
    case 'signature':
      return { status: 401, error: SIGNATURE }
    case 'signer':
      return { status: 401, error: SIGNER }
    case 'invalid_exp':
      return { status: 401, error: 'Token expiration time is invalid' }
    case 'malformed':
      return { status: 401, error: MALFORMED }
  }
}

/** The `reason` of a refused channel join (RT `RealtimeChannel.join`, logged as `Code: text`). */
export function joinRefusal(check: Failed): string {
  switch (check.failure) {
    case 'expired':
      return `InvalidJWTToken: ${expiredText(check)}`
    case 'missing_claims':
      return `InvalidJWTToken: ${MISSING_CLAIMS}`
    case 'invalid_exp':
      return 'InvalidJWTToken: Token expiration time is invalid'
    case 'signature':
      return `JwtSignatureError: ${SIGNATURE}`
    case 'signer':
      return `JwtSignerError: ${SIGNER}`
    case 'missing':
    case 'malformed':
      return `MalformedJWT: ${MALFORMED}`
  }
}

/** The system message text when a joined channel is shut down over its token. */
export function shutdownMessage(check: Failed): string {
  switch (check.failure) {
    case 'expired':
      return expiredText(check)
    case 'missing_claims':
      return MISSING_CLAIMS
    case 'invalid_exp':
      return 'Token expiration time is invalid'
    case 'signature':
      return SIGNATURE
    case 'signer':
      return SIGNER
    case 'missing':
    case 'malformed':
      return MALFORMED
  }
}
