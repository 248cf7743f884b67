import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { authError } from './errors.ts'
import { logout, type LogoutScope } from './sessions.ts'
import { authenticate, firstAudience } from './tokens.ts'
import { userJson } from './users.ts'

/** GET /user — GoTrue's `UserGet`. */
export async function getUser(c: Context, ctx: ServiceContext): Promise<Response> {
  const { claims, user } = await authenticate(c, ctx)
  const tokenAudience = firstAudience(claims)
  const headerAudience = c.req.header('x-jwt-aud')
  const aud = headerAudience || (claims.role !== 'service_role' && tokenAudience) || 'authenticated'
  if (!tokenAudience || aud !== tokenAudience) {
    throw authError(400, 'validation_failed', "Token audience doesn't match request audience")
  }
  return c.json(userJson(user))
}

/** POST /logout?scope=global|local|others — GoTrue's `Logout`: 204 with no body. */
export async function logoutHandler(c: Context, ctx: ServiceContext): Promise<Response> {
  const { user, sessionId } = await authenticate(c, ctx)
  const requested = c.req.query('scope') ?? ''
  let scope: LogoutScope
  if (requested === '' || requested === 'global') scope = 'global'
  else if (requested === 'local' || requested === 'others') scope = requested
  else {
    throw authError(
      400,
      'validation_failed',
      `Unsupported logout scope ${JSON.stringify(requested)}`,
    )
  }
  await logout(ctx, user.row.id, sessionId, scope)
  return c.body(null, 204)
}
