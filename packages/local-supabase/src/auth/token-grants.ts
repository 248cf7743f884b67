import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { comparePassword } from './crypto.ts'
import { inTransaction } from './db.ts'
import { authError } from './errors.ts'
import {
  deleteFlowState,
  findFlowStateByAuthCode,
  verifyPkce,
  type FlowState,
} from './flow-state.ts'
import {
  grantContext,
  issueSession,
  refreshTokenGrant,
  type AuthenticationMethod,
} from './sessions.ts'
import { findUserByEmail, findUserById } from './users.ts'
import { passwordWeakness, readJsonBody, requestAudience, stringField } from './validation.ts'

/** POST /token?grant_type=… — GoTrue's `Token`. */
export async function token(c: Context, ctx: ServiceContext): Promise<Response> {
  const grantType = c.req.query('grant_type') ?? ''
  switch (grantType) {
    case 'password':
      return c.json(await passwordGrant(c, ctx))
    case 'refresh_token': {
      const body = await readJsonBody(c, 'RefreshTokenGrantParams')
      const refreshToken = stringField(body, 'refresh_token', 'RefreshTokenGrantParams')
      return c.json(await refreshTokenGrant(ctx, refreshToken, grantContext(c)))
    }
    case 'pkce':
      return c.json(await pkceGrant(c, ctx))
    case 'id_token':
      return idTokenGrant(c, ctx)
    case 'web3':
      // `Web3Grant`: the CLI enables neither `[auth.web3.solana]` nor `[auth.web3.ethereum]`.
      throw authError(422, 'web3_provider_disabled', 'Web3 provider is disabled')
    default:
      throw authError(400, 'invalid_credentials', 'unsupported_grant_type')
  }
}

/**
 * `IdTokenGrant` knows the provider's issuer before it looks at the token, and refuses a disabled
 * provider with it. This stack verifies no ID tokens, so an enabled Google says so instead.
 */
async function idTokenGrant(c: Context, ctx: ServiceContext): Promise<Response> {
  const body = await readJsonBody(c, 'IdTokenGrantParams')
  const provider = stringField(body, 'provider', 'IdTokenGrantParams')
  if (provider === 'google' && !ctx.config.auth.google.enabled) {
    throw authError(
      400,
      'provider_disabled',
      'Provider (issuer "https://accounts.google.com") is not enabled',
    )
  }
  throw authError(
    400,
    'validation_failed',
    'grant_type=id_token is not supported by the local Supabase stack',
  )
}

const INVALID_LOGIN = 'Invalid login credentials'

/** GoTrue's `ResourceOwnerPasswordGrant` for email + password. */
async function passwordGrant(c: Context, ctx: ServiceContext) {
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'PasswordGrantParams')
  const email = stringField(body, 'email', 'PasswordGrantParams')
  const phone = stringField(body, 'phone', 'PasswordGrantParams')
  const password = stringField(body, 'password', 'PasswordGrantParams')

  if (email !== '' && phone !== '') {
    throw authError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    )
  }
  if (phone !== '') throw authError(422, 'phone_provider_disabled', 'Phone logins are disabled')
  if (email === '') throw authError(400, 'validation_failed', 'missing email or phone')
  if (!config.emailEnableSignup) {
    throw authError(422, 'email_provider_disabled', 'Email logins are disabled')
  }

  const user = await findUserByEmail(ctx.authDb, email, requestAudience(c))
  const hash = user?.row.encrypted_password
  if (!user || !hash) throw authError(400, 'invalid_credentials', INVALID_LOGIN)
  if (user.row.is_banned) throw authError(400, 'user_banned', 'User is banned')
  if (!(await comparePassword(password, hash)))
    throw authError(400, 'invalid_credentials', INVALID_LOGIN)
  // A valid but weak password still signs in; the client is told why it is weak.
  let weakness: ReturnType<typeof passwordWeakness>
  try {
    weakness = passwordWeakness(password, config)
  } catch {
    weakness = undefined
  }
  if (!user.row.email_confirmed_at) {
    throw authError(400, 'email_not_confirmed', 'Email not confirmed')
  }

  const grant = grantContext(c)
  const session = await inTransaction(ctx.authDb, (client) =>
    issueSession(ctx, client, user.row.id, 'password', grant),
  )
  return weakness ? { ...session, weak_password: weakness } : session
}

/** GoTrue's `PKCE` grant: trade a one-time auth code and its verifier for a session. */
async function pkceGrant(c: Context, ctx: ServiceContext) {
  const body = await readJsonBody(c, 'PKCEGrantParams')
  const authCode = stringField(body, 'auth_code', 'PKCEGrantParams')
  const codeVerifier = stringField(body, 'code_verifier', 'PKCEGrantParams')
  if (authCode === '' || codeVerifier === '') {
    throw authError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    )
  }
  const grant = grantContext(c)
  return inTransaction(ctx.authDb, async (client) => {
    // Locked, so the code is exchanged once even when two requests race for it.
    const flow: FlowState | undefined = await findFlowStateByAuthCode(client, authCode)
    if (!flow || flow.user_id === null) {
      throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    }
    if (flow.expired) {
      throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
    }
    const user = await findUserById(client, flow.user_id)
    if (!user) throw authError(500, 'unexpected_failure', 'Database error finding user')
    verifyPkce(flow, codeVerifier)

    const session = await issueSession(
      ctx,
      client,
      user.row.id,
      flow.authentication_method as AuthenticationMethod,
      grant,
    )
    await deleteFlowState(client, flow.id)
    const response: Record<string, unknown> = { ...session }
    if (flow.provider_access_token) response.provider_token = flow.provider_access_token
    if (flow.provider_refresh_token) {
      response.provider_refresh_token = flow.provider_refresh_token
    }
    return response
  })
}
