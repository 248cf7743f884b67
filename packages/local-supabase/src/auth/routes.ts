import { Hono, type Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { getUser, logoutHandler } from './current-user.ts'
import { API_VERSION_HEADER, AuthError, authError, unexpectedFailure } from './errors.ts'
import { authLimits, limitRequests } from './rate-limit.ts'
import {
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
} from './admin.ts'
import { authorize, callback } from './external.ts'
import { generateLink, invite, otp } from './email-links.ts'
import { enrollFactor, loadFactor } from './mfa.ts'
import { recover } from './recover.ts'
import { signup } from './signup.ts'
import { authenticate } from './tokens.ts'
import { token } from './token-grants.ts'
import { reauthenticate, resend, updateUser } from './user-update.ts'
import { verifyGet, verifyPost } from './verify.ts'

type Handler = (c: Context) => Promise<Response>

/**
 * The GoTrue subset the local stack implements, mounted by the gateway at /auth/v1 (supabase-compat §A). Every
 * query runs as `supabase_auth_admin` with search_path `auth`, as GoTrue does.
 */
export function authRoutes(ctx: ServiceContext): Hono {
  const app = new Hono()
  // GoTrue's per-service limiters, from [auth.rate_limit].
  const limits = authLimits(ctx.config.auth)

  // Errors become the GoTrue error shape the request asked for, then travel up to the gateway's
  // one error handler as ApiErrors.
  const handle =
    (handler: Handler): Handler =>
    async (c) => {
      try {
        return await handler(c)
      } catch (error) {
        const apiVersion = c.req.header(API_VERSION_HEADER)
        if (error instanceof AuthError) throw error.forRequest(apiVersion)
        ctx.log(
          `auth: ${c.req.method} ${c.req.path} failed: ${(error as Error).stack ?? String(error)}`,
        )
        throw unexpectedFailure().forRequest(apiVersion)
      }
    }

  app.get(
    '/health',
    handle(async (c) =>
      c.json({
        version: 'local-supabase (GoTrue v2.189.0 subset)',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      }),
    ),
  )
  // Only asymmetric signing keys are published; this stack signs with the HS256 secret.
  app.get(
    '/.well-known/jwks.json',
    handle(async (c) => {
      c.header('Cache-Control', 'public, max-age=600')
      return c.json({ keys: [] })
    }),
  )
  app.get(
    '/settings',
    handle(async (c) => c.json(settings(ctx))),
  )
  app.post(
    '/signup',
    handle((c) => {
      limitRequests(limits.signInSignUps, c)
      return signup(c, ctx)
    }),
  )
  app.post(
    '/token',
    handle((c) => {
      // GoTrue counts every grant (password, refresh_token, pkce) against token_refresh.
      const grantType = c.req.query('grant_type') ?? ''
      if (['password', 'refresh_token', 'pkce', 'id_token'].includes(grantType)) {
        limitRequests(limits.token, c)
      }
      return token(c, ctx)
    }),
  )
  app.post(
    '/recover',
    handle((c) => {
      limitRequests(limits.signInSignUps, c)
      return recover(c, ctx, limits)
    }),
  )
  app.post(
    '/otp',
    handle((c) => {
      limitRequests(limits.signInSignUps, c)
      return otp(c, ctx, limits)
    }),
  )
  app.post(
    '/invite',
    handle((c) => invite(c, ctx, limits)),
  )
  app.post(
    '/admin/generate_link',
    handle((c) => generateLink(c, ctx)),
  )
  app.get(
    '/verify',
    handle((c) => verifyGet(c, ctx, limits)),
  )
  app.post(
    '/verify',
    handle((c) => verifyPost(c, ctx, limits)),
  )
  app.put(
    '/user',
    handle((c) => updateUser(c, ctx, limits)),
  )
  app.post(
    '/resend',
    handle((c) => resend(c, ctx, limits)),
  )
  app.get(
    '/reauthenticate',
    handle((c) => reauthenticate(c, ctx, limits)),
  )
  app.get(
    '/user',
    handle((c) => getUser(c, ctx)),
  )
  app.post(
    '/logout',
    handle((c) => logoutHandler(c, ctx)),
  )
  // GoTrue's `requireManualLinkingEnabled` after `requireAuthentication`: the CLI's default
  // `enable_manual_linking = false`, and this stack links no identities by hand.
  app.on(
    ['GET', 'DELETE'],
    ['/user/identities/authorize', '/user/identities/:identity_id'],
    handle(async (c) => {
      await authenticate(c, ctx)
      throw authError(404, 'manual_linking_disabled', 'Manual linking is disabled')
    }),
  )
  app.post(
    '/factors',
    handle((c) => enrollFactor(c, ctx)),
  )
  app.post(
    '/factors/:factor_id/:step{challenge|verify}',
    handle((c) => loadFactor(c, ctx)),
  )
  app.delete(
    '/factors/:factor_id',
    handle((c) => loadFactor(c, ctx)),
  )
  app.post(
    '/admin/users',
    handle((c) => adminCreateUser(c, ctx)),
  )
  app.get(
    '/admin/users',
    handle((c) => adminListUsers(c, ctx)),
  )
  app.get(
    '/admin/users/:user_id',
    handle((c) => adminGetUser(c, ctx)),
  )
  app.put(
    '/admin/users/:user_id',
    handle((c) => adminUpdateUser(c, ctx)),
  )
  app.delete(
    '/admin/users/:user_id',
    handle((c) => adminDeleteUser(c, ctx)),
  )
  // GoTrue's `requireSAMLEnabled` guards every /sso route; SAML is off unless configured.
  const samlDisabled = handle(async () => {
    throw authError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
  })
  app.all('/sso', samlDisabled)
  app.all('/sso/*', samlDisabled)
  app.get(
    '/authorize',
    handle((c) => authorize(c, ctx)),
  )
  app.get(
    '/callback',
    handle((c) => callback(c, ctx)),
  )
  app.post(
    '/callback',
    handle((c) => callback(c, ctx)),
  )
  return app
}

/** GoTrue's `/settings` for this stack's configuration. */
function settings(ctx: ServiceContext) {
  const { auth } = ctx.config
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      snapchat: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: auth.google.enabled,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      email: auth.emailEnableSignup,
      phone: false,
      zoom: false,
    },
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  }
}
