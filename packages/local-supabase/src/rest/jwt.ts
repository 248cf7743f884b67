import { verifyHmacJwt } from '../jwt.ts'
import { jwtError } from './errors.ts'

/** The role a request runs as and the claims `request.jwt.claims` exposes to SQL. */
export interface AuthResult {
  role: string
  claims: Record<string, unknown>
  /** False for the anonymous role: a 42501 is then a 401, not a 403. */
  authenticated: boolean
}

export const ANON_ROLE = 'anon'
/** PostgREST tolerates this much clock skew on exp, nbf and iat. */
const ALLOWED_SKEW_SECONDS = 30

const VERIFIED_CACHE_SIZE = 1000
const verified = new Map<string, Record<string, unknown>>()

function anonymous(): AuthResult {
  return { role: ANON_ROLE, claims: { role: ANON_ROLE }, authenticated: false }
}

/**
 * PostgREST's JWT handling (PGRST `Auth/Jwt.hs`): only `Authorization: Bearer` counts; no token
 * means the anonymous role; the token must verify with the JWT secret; `exp`, `nbf` and `iat` are
 * checked with 30 s of skew; the `role` claim (default anon) is the database role.
 */
export async function authenticate(
  authorization: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<AuthResult> {
  const match = authorization ? /^bearer(?:\s+(.*))?$/is.exec(authorization.trim()) : null
  if (!match) return anonymous()
  const token = (match[1] ?? '').trim()
  if (token === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header')
  const parts = token.split('.').length
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`)

  const record = await verifiedClaims(token, secret)
  checkTime(record.exp, 'exp', (exp) => nowSeconds - ALLOWED_SKEW_SECONDS > exp, 'JWT expired')
  checkTime(
    record.nbf,
    'nbf',
    (nbf) => nowSeconds + ALLOWED_SKEW_SECONDS < nbf,
    'JWT not yet valid',
  )
  checkTime(
    record.iat,
    'iat',
    (iat) => nowSeconds + ALLOWED_SKEW_SECONDS < iat,
    'JWT issued at future',
  )
  const aud = record.aud
  if (
    aud !== undefined &&
    aud !== null &&
    typeof aud !== 'string' &&
    !(Array.isArray(aud) && aud.every((entry) => typeof entry === 'string'))
  ) {
    throw jwtError('PGRST303', "The JWT 'aud' claim must be a string or an array of strings")
  }

  const claimedRole = record.role
  const role =
    claimedRole === undefined || claimedRole === null
      ? ANON_ROLE
      : typeof claimedRole === 'string'
        ? claimedRole
        : JSON.stringify(claimedRole)
  return { role, claims: { ...record, role }, authenticated: role !== ANON_ROLE }
}

/**
 * The claims of a token whose signature verifies. Like PostgREST's JWT cache, verified tokens are
 * remembered (the time claims are still checked on every request), since a client sends the same
 * token many times.
 */
async function verifiedClaims(token: string, secret: string): Promise<Record<string, unknown>> {
  const cacheKey = `${secret}\u0000${token}`
  const cached = verified.get(cacheKey)
  if (cached) return cached
  const claims = await verify(token, secret)
  if (verified.size >= VERIFIED_CACHE_SIZE) {
    verified.delete(verified.keys().next().value as string)
  }
  verified.set(cacheKey, claims)
  return claims
}

/** PostgREST's wording of each way the signature check fails. */
async function verify(token: string, secret: string): Promise<Record<string, unknown>> {
  const result = await verifyHmacJwt(token, secret)
  if (result.ok) return result.claims
  switch (result.failure) {
    case 'malformed':
    case 'no-algorithm':
    case 'invalid':
      throw jwtError('PGRST301', 'JWT cryptographic operation failed')
    case 'unsecured':
      throw jwtError(
        'PGRST301',
        'Wrong or unsupported encoding algorithm',
        "JWT is unsecured but expected 'alg' was not 'none'",
      )
    case 'algorithm':
    case 'signature':
      throw jwtError(
        'PGRST301',
        'No suitable key or wrong key type',
        'None of the keys was able to decode the JWT',
      )
    case 'claims':
      throw jwtError('PGRST303', 'Parsing claims failed')
  }
}

function checkTime(
  value: unknown,
  name: string,
  invalid: (seconds: number) => boolean,
  message: string,
): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'number') {
    throw jwtError('PGRST303', `The JWT '${name}' claim must be a number`)
  }
  if (invalid(Math.floor(value))) throw jwtError('PGRST303', message)
}
