import { isIP } from 'node:net'
import type { Context } from 'hono'
import type pg from 'pg'
import type { ServiceContext } from '../context.ts'
import { CommitThenThrow, expectRow, inTransaction, query, queryOne, type Queryable } from './db.ts'
import { authError } from './errors.ts'
import { newRefreshToken, sessionAmr, signAccessToken } from './tokens.ts'
import { findUserById, NIL_UUID, userJson } from './users.ts'

/** GoTrue's `models.AuthenticationMethod` names, as they appear in `amr`. */
export type AuthenticationMethod = 'password' | 'oauth' | 'otp' | 'recovery' | 'email_change'

export interface GrantContext {
  userAgent: string | null
  ip: string | null
}

/** GoTrue's `FillGrantParams`: the client's User-Agent and (forwarded) address for the session. */
export function grantContext(c: Context): GrantContext {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? ''
  return {
    userAgent: c.req.header('user-agent') || null,
    ip: isIP(forwarded) ? forwarded : null,
  }
}

/** GoTrue's AccessTokenResponse. */
export type TokenResponse = Record<string, unknown> & {
  access_token: string
  refresh_token: string
  expires_at: number
}

/**
 * GoTrue's `IssueRefreshToken`: a new session with its first refresh token and the sign-in method
 * recorded for `amr`; the user's `last_sign_in_at` moves to now. Runs inside the caller's
 * transaction.
 */
export async function issueSession(
  ctx: ServiceContext,
  client: pg.PoolClient,
  userId: string,
  method: AuthenticationMethod,
  grant: GrantContext,
): Promise<TokenResponse> {
  const session = await queryOne<{ id: string }>(
    client,
    `insert into sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3::inet)
     returning id`,
    [userId, grant.userAgent, grant.ip],
  )
  const sessionId = expectRow(session, 'insert into sessions').id
  const refreshToken = newRefreshToken()
  await insertRefreshToken(client, { token: refreshToken, userId, sessionId, parent: null })
  await query(
    client,
    `update users set last_sign_in_at = now(), updated_at = now() where id = $1`,
    [userId],
  )
  await query(
    client,
    `insert into mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = now()`,
    [sessionId, method],
  )
  return tokenResponse(ctx, client, userId, sessionId, refreshToken, 'configured')
}

async function insertRefreshToken(
  db: Queryable,
  token: { token: string; userId: string; sessionId: string; parent: string | null },
): Promise<void> {
  await query(
    db,
    `insert into refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
       parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [NIL_UUID, token.token, token.userId, token.parent, token.sessionId],
  )
}

async function tokenResponse(
  ctx: ServiceContext,
  db: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
  // A new session states jwt_expiry; a refresh states the seconds left, as GoTrue does.
  expiresIn: 'configured' | 'remaining',
): Promise<TokenResponse> {
  const user = await findUserById(db, userId)
  if (!user) throw authError(500, 'unexpected_failure', 'Database error loading user')
  const { token, expiresAt } = await signAccessToken(
    ctx,
    user,
    sessionId,
    await sessionAmr(db, sessionId),
  )
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in:
      expiresIn === 'configured'
        ? ctx.config.auth.jwtExpiry
        : expiresAt - Math.floor(Date.now() / 1000),
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

interface RefreshTokenRow {
  id: string
  token: string
  user_id: string
  revoked: boolean
  parent: string | null
  session_id: string | null
  reuse_window_passed: boolean
}

const LEGACY_REFRESH_TOKEN = /^[a-z0-9]{12}$/

/**
 * GoTrue's refresh_token grant for legacy (12 character) tokens: rotation, the reuse interval, and
 * revocation of the whole session's tokens when an old token comes back too late. The token row
 * is locked, so concurrent refreshes of one token serialise and agree on the same child.
 */
export async function refreshTokenGrant(
  ctx: ServiceContext,
  refreshToken: string,
  grant: GrantContext,
): Promise<TokenResponse> {
  // This stack only issues legacy tokens, so GoTrue's signed (longer) format never parses here.
  if (!LEGACY_REFRESH_TOKEN.test(refreshToken)) {
    throw authError(400, 'validation_failed', 'Refresh token is not valid')
  }
  const { refreshTokenReuseInterval, enableRefreshTokenRotation } = ctx.config.auth

  return inTransaction(ctx.authDb, async (client) => {
    // Session before token, the order in which logout's cascade locks them, so the two never
    // deadlock.
    const located = await queryOne<{ session_id: string | null }>(
      client,
      'select session_id from refresh_tokens where token = $1',
      [refreshToken],
    )
    const session = located?.session_id
      ? await queryOne<{ id: string; expired: boolean }>(
          client,
          `select id, coalesce(not_after < now(), false) as expired
             from sessions where id = $1 for update`,
          [located.session_id],
        )
      : undefined
    const token = await queryOne<RefreshTokenRow>(
      client,
      `select id, token, user_id, revoked, parent, session_id,
              updated_at + $2 * interval '1 second' < now() as reuse_window_passed
         from refresh_tokens where token = $1
         for update`,
      [refreshToken, refreshTokenReuseInterval],
    )
    const notFound = () =>
      authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    if (!token) throw notFound()
    const user = await findUserById(client, token.user_id)
    if (!user) throw notFound()
    if (user.row.is_banned) {
      throw authError(400, 'user_banned', 'Invalid Refresh Token: User Banned')
    }
    if (!session || session.id !== token.session_id) {
      await query(client, 'delete from refresh_tokens where id = $1', [token.id])
      throw new CommitThenThrow(
        authError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
      )
    }
    if (session.expired) {
      throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired')
    }

    let issued: string | undefined
    if (token.revoked) {
      const active = await queryOne<{ token: string; parent: string | null }>(
        client,
        `select token, parent from refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      )
      if (active && active.parent === token.token) {
        // The client lost the answer to its last refresh: hand it the token it missed.
        issued = active.token
      } else if (token.reuse_window_passed) {
        if (enableRefreshTokenRotation) {
          await query(
            client,
            `update refresh_tokens set revoked = true, updated_at = now()
              where session_id = $1 and revoked = false`,
            [session.id],
          )
        }
        throw new CommitThenThrow(
          authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
        )
      }
    }

    if (!issued) {
      await query(
        client,
        `update refresh_tokens set revoked = true, updated_at = now() where id = $1`,
        [token.id],
      )
      issued = newRefreshToken()
      await insertRefreshToken(client, {
        token: issued,
        userId: user.row.id,
        sessionId: session.id,
        parent: token.token,
      })
    }

    await query(
      client,
      `update sessions set refreshed_at = now() at time zone 'utc', user_agent = $2, ip = $3::inet,
         updated_at = now()
       where id = $1`,
      [session.id, grant.userAgent, grant.ip],
    )
    return tokenResponse(ctx, client, user.row.id, session.id, issued, 'remaining')
  })
}

export type LogoutScope = 'global' | 'local' | 'others'

/** GoTrue's `Logout`: deleting sessions also deletes their refresh tokens (foreign key cascade). */
export async function logout(
  ctx: ServiceContext,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  if (sessionId && scope === 'local') {
    await query(ctx.authDb, 'delete from sessions where id = $1', [sessionId])
  } else if (sessionId && scope === 'others') {
    await query(ctx.authDb, 'delete from sessions where id <> $1 and user_id = $2', [
      sessionId,
      userId,
    ])
  } else {
    await query(ctx.authDb, 'delete from sessions where user_id = $1', [userId])
  }
}
