import { randomInt } from 'node:crypto'
import type { Context } from 'hono'
import { SignJWT, type JWTPayload } from 'jose'
import type { ServiceContext } from '../context.ts'
import { verifyHmacJwt, type JwtFailure } from '../jwt.ts'
import { query, type Queryable } from './db.ts'
import { authError } from './errors.ts'
import { findUserById, type User } from './users.ts'
import { isUuid } from './validation.ts'

export interface AmrEntry {
  method: string
  timestamp: number
}

/**
 * GoTrue's `GenerateAccessToken`: the claims in its struct order (`aud` a single string), HS256
 * with the project's JWT secret and no `kid`, valid for `jwt_expiry` seconds.
 */
export async function signAccessToken(
  ctx: ServiceContext,
  user: User,
  sessionId: string,
  amr: AmrEntry[],
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + ctx.config.auth.jwtExpiry
  const { row } = user
  const claims: JWTPayload = {
    iss: `${ctx.apiUrl}/auth/v1`,
    sub: row.id,
    aud: row.aud ?? '',
    exp: expiresAt,
    iat: issuedAt,
    email: row.email ?? '',
    phone: row.phone ?? '',
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    role: row.role ?? '',
    aal: 'aal1',
    ...(amr.length > 0 ? { amr } : {}),
    session_id: sessionId,
    is_anonymous: row.is_anonymous,
  }
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretKey(ctx))
  return { token, expiresAt }
}

const secretKey = (ctx: ServiceContext) => new TextEncoder().encode(ctx.keys.jwtSecret)

/** The session's authentication methods, most recent first (GoTrue's `CalculateAALAndAMR`). */
export async function sessionAmr(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const rows = await query<{ method: string; timestamp: string }>(
    db,
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp
       from mfa_amr_claims where session_id = $1
      order by updated_at desc`,
    [sessionId],
  )
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }))
}

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** GoTrue's legacy refresh token: 12 random characters of `[a-z0-9]`. */
export function newRefreshToken(): string {
  let token = ''
  for (let i = 0; i < 12; i += 1) token += REFRESH_TOKEN_ALPHABET[randomInt(36)]
  return token
}

export interface AccessClaims extends JWTPayload {
  role?: string
  session_id?: string
}

export interface Authenticated {
  claims: AccessClaims
  user: User
  sessionId: string | undefined
}

/**
 * GoTrue's `requireAuthentication`: a Bearer JWT signed with the project secret, whose `sub` user
 * exists and whose `session_id` session has not been logged out.
 */
export async function authenticate(c: Context, ctx: ServiceContext): Promise<Authenticated> {
  const match = /^bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')
  if (!match?.[1]) {
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  const claims = (await verifyAccessToken(match[1], ctx.keys.jwtSecret)) as AccessClaims
  if (!claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  if (!isUuid(claims.sub)) {
    throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  }
  const user = await findUserById(ctx.authDb, claims.sub)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')

  let sessionId: string | undefined
  const claimed = claims.session_id
  if (claimed && claimed !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(claimed)) {
      throw authError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID')
    }
    const sessions = await query(ctx.authDb, 'select 1 from sessions where id = $1', [claimed])
    if (sessions.length === 0) {
      throw authError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      )
    }
    sessionId = claimed
  }
  if (user.row.is_banned) throw authError(403, 'user_banned', 'User is banned')
  return { claims, user, sessionId }
}

/** golang-jwt's wording of each way the signature check fails, which GoTrue appends. */
const GOLANG_JWT_FAILURE: Record<JwtFailure, string> = {
  malformed: 'token is malformed: could not parse the token',
  'no-algorithm': 'token is malformed: could not parse the token',
  invalid: 'token is malformed: could not parse the token',
  claims: 'token is malformed: could not parse the token',
  unsecured: 'token is unverifiable: signing method is invalid',
  algorithm: 'token is unverifiable: signing method is invalid',
  signature: 'token signature is invalid: signature is invalid',
}

/** GoTrue's `ParseWithClaims` with HS256: the signature, then `exp` and `nbf` (no leeway). */
export async function verifyAccessToken(
  token: string,
  secret: string,
): Promise<Record<string, unknown>> {
  const refuse = (reason: string) =>
    authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  const verified = await verifyHmacJwt(token, secret, ['HS256'])
  if (!verified.ok) throw refuse(GOLANG_JWT_FAILURE[verified.failure])
  const { exp, nbf, iat } = verified.claims
  if ([exp, nbf, iat].some((value) => value !== undefined && typeof value !== 'number')) {
    throw refuse(GOLANG_JWT_FAILURE.claims)
  }
  const now = Math.floor(Date.now() / 1000)
  if (typeof exp === 'number' && exp <= now) {
    throw refuse('token has invalid claims: token is expired')
  }
  if (typeof nbf === 'number' && nbf > now) {
    throw refuse('token has invalid claims: "nbf" claim timestamp check failed')
  }
  return verified.claims
}

/** The token's audience, whether serialised as a string or as an array. */
export function firstAudience(claims: JWTPayload): string | undefined {
  return Array.isArray(claims.aud) ? claims.aud[0] : claims.aud
}
