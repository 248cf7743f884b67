import type { Context } from 'hono'
import type pg from 'pg'
import type { ServiceContext } from '../context.ts'
import { CommitThenThrow, inTransaction, query, queryOne } from './db.ts'
import { AuthError, authError, OAuthRedirectError, oauthErrorForStatus } from './errors.ts'
import {
  completeFlowState,
  createFlowState,
  deleteFlowState,
  findFlowStateById,
  isPkce,
  type FlowState,
} from './flow-state.ts'
import {
  exchangeGoogleCode,
  goEncode,
  googleAuthorizeUrl,
  googleCredentials,
  providerClaims,
  standInGoogleUser,
  type ProviderUser,
} from './google.ts'
import { STAND_IN_PAGE_HEADERS, standInPage } from './google-stand-in-page.ts'
import { chooseRedirect, splitUrl } from './redirect-urls.ts'
import { grantContext, issueSession } from './sessions.ts'
import {
  confirmEmail,
  findUserById,
  findUserOwningEmail,
  insertIdentity,
  insertUser,
  keepOnlyIdentity,
  mergeMetadata,
  refreshProviders,
  setUserMetadata,
  type User,
} from './users.ts'
import { isUuid, isValidEmail, requestAudience, validatePkceParams } from './validation.ts'

/** Providers GoTrue knows; only Google can be configured on this stack. */
const GOTRUE_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'snapchat',
  'spotify',
  'slack',
  'slack_oidc',
  'twitch',
  'twitter',
  'x',
  'vercel_marketplace',
  'workos',
  'zoom',
])

/** Parameters GoTrue keeps to itself instead of passing them on to the provider (`nonce` passes). */
const RESERVED_OAUTH_PARAMS = new Set([
  'scopes',
  'provider',
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'code_verifier',
])

/**
 * GET /authorize — GoTrue's `GetExternalProviderRedirectURL`: validate the provider and PKCE
 * parameters, remember where to return to in a new flow state, then send the browser to Google
 * (302) or, without Google credentials, serve the local stand-in page in its place.
 */
export async function authorize(c: Context, ctx: ServiceContext): Promise<Response> {
  const params = new URL(c.req.url).searchParams
  const providerName = (params.get('provider') ?? '').toLowerCase()
  if (providerName !== 'google' || !ctx.config.auth.google.enabled) {
    const reason = GOTRUE_PROVIDERS.has(providerName)
      ? 'provider is not enabled'
      : `Provider ${providerName} could not be found`
    throw authError(400, 'validation_failed', `Unsupported provider: ${reason}`)
  }
  const codeChallenge = params.get('code_challenge') ?? ''
  const codeChallengeMethod = params.get('code_challenge_method') ?? ''
  const referrer = chooseRedirect(
    ctx.config.auth,
    c.req.header('redirect_to') || params.get('redirect_to') || undefined,
    c.req.header('referer'),
  )
  validatePkceParams(codeChallengeMethod, codeChallenge)

  const flow = await createFlowState(ctx.authDb, {
    providerType: providerName,
    authenticationMethod: 'oauth',
    codeChallenge,
    codeChallengeMethod,
    referrer,
  })

  const credentials = googleCredentials(ctx)
  if (credentials) {
    const forwarded: Array<[string, string]> = []
    for (const key of new Set(params.keys())) {
      if (!RESERVED_OAUTH_PARAMS.has(key.toLowerCase()))
        forwarded.push([key, params.get(key) ?? ''])
    }
    const location = googleAuthorizeUrl(credentials, flow.id, params.get('scopes') ?? '', forwarded)
    return redirect(location, 302)
  }
  return new Response(standInPage({ state: flow.id, returnTo: displayOrigin(referrer) }), {
    status: 200,
    headers: STAND_IN_PAGE_HEADERS,
  })
}

/**
 * GET|POST /callback — where Google (or the stand-in page) sends the browser back. GoTrue's
 * `loadFlowState` + `ExternalProviderCallback`: failures before the flow state is known go back to
 * the site URL (303, query only); later ones go back to the app (302) with the error in the query
 * and in the fragment.
 */
export async function callback(c: Context, ctx: ServiceContext): Promise<Response> {
  const queryParams = new URL(c.req.url).searchParams
  const form = c.req.method === 'POST' ? await readForm(c) : new Map<string, string>()
  const param = (name: string) => form.get(name) ?? queryParams.get(name) ?? ''

  let flow: FlowState
  try {
    flow = await loadFlowState(ctx, param('state'))
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const [base, existing] = splitUrl(ctx.config.auth.siteUrl)
    const query = new URLSearchParams(existing)
    query.set('error', oauthErrorName(error))
    query.set('error_code', error.code)
    query.set('error_description', error.message)
    return redirect(`${base}?${goEncode([...query])}`, 303)
  }

  const referrer = flow.referrer || ctx.config.auth.siteUrl
  try {
    return await completeSignIn(c, ctx, flow, referrer, param)
  } catch (error) {
    if (!(error instanceof AuthError) && !(error instanceof OAuthRedirectError)) {
      ctx.log(`auth: OAuth callback failed: ${(error as Error).stack ?? String(error)}`)
    }
    return redirect(errorRedirectUrl(referrer, error), 302)
  }
}

async function loadFlowState(ctx: ServiceContext, state: string): Promise<FlowState> {
  if (state === '') throw authError(400, 'bad_oauth_callback', 'OAuth state parameter missing')
  if (!isUuid(state)) throw authError(400, 'bad_oauth_state', 'OAuth state parameter is invalid')
  const flow = await findFlowStateById(ctx.authDb, state)
  if (!flow) throw authError(400, 'bad_oauth_state', 'OAuth state not found or expired')
  if (flow.expired) throw authError(400, 'bad_oauth_state', 'OAuth state has expired')
  if (isPkce(flow) && flow.user_id !== null) {
    throw authError(400, 'flow_state_already_used', 'State has already been used')
  }
  return flow
}

async function completeSignIn(
  c: Context,
  ctx: ServiceContext,
  flow: FlowState,
  referrer: string,
  param: (name: string) => string,
): Promise<Response> {
  const providerError = param('error')
  if (providerError) throw new OAuthRedirectError(providerError, param('error_description'))

  const credentials = googleCredentials(ctx)
  let providerUser: ProviderUser
  if (credentials) {
    const code = param('code')
    if (!code) {
      throw authError(
        400,
        'bad_oauth_callback',
        'OAuth callback with missing authorization code missing',
      )
    }
    providerUser = await exchangeGoogleCode(credentials, code)
  } else {
    const email = param('email').trim()
    const name = param('name').trim()
    if (!isValidEmail(email)) {
      // The stand-in plays Google's own page here, which never sends a bad address back.
      return new Response(
        standInPage({
          state: flow.id,
          returnTo: displayOrigin(referrer),
          email,
          name,
          problem: 'Enter a valid email address, or Cancel.',
        }),
        { status: 400, headers: STAND_IN_PAGE_HEADERS },
      )
    }
    providerUser = standInGoogleUser(email, name)
  }
  if (providerUser.emails.length === 0) {
    throw authError(500, 'unexpected_failure', 'Error getting user email from external provider')
  }

  const grant = grantContext(c)
  const aud = requestAudience(c)
  const outcome = await inTransaction(ctx.authDb, async (client) => {
    const user = await signInExternalIdentity(ctx, client, aud, flow.provider_type, providerUser)
    if (isPkce(flow)) {
      const locked = await findFlowStateById(client, flow.id, { forUpdate: true })
      if (!locked) throw authError(400, 'bad_oauth_state', 'OAuth state not found or expired')
      if (locked.user_id !== null) {
        throw authError(400, 'flow_state_already_used', 'State has already been used')
      }
      await completeFlowState(client, flow.id, {
        userId: user.row.id,
        providerAccessToken: providerUser.providerAccessToken,
        providerRefreshToken: providerUser.providerRefreshToken,
      })
      return { kind: 'pkce' as const, authCode: flow.auth_code ?? '' }
    }
    const session = await issueSession(ctx, client, user.row.id, 'oauth', grant)
    await deleteFlowState(client, flow.id)
    return { kind: 'implicit' as const, session }
  })

  if (outcome.kind === 'pkce') {
    const [base, existing, fragment] = splitUrl(referrer)
    const query = new URLSearchParams(existing)
    query.set('code', outcome.authCode)
    return redirect(`${base}?${goEncode([...query])}${fragment ? `#${fragment}` : ''}`, 302)
  }
  // Implicit flow: the tokens travel in the fragment, as GoTrue's AsRedirectURL puts them.
  const fragment: Array<[string, string]> = [
    ['provider_token', providerUser.providerAccessToken],
    ['access_token', outcome.session.access_token],
    ['token_type', 'bearer'],
    ['expires_in', String(outcome.session.expires_in)],
    ['expires_at', String(outcome.session.expires_at)],
    ['refresh_token', outcome.session.refresh_token],
    ['sb', ''],
  ]
  if (providerUser.providerRefreshToken) {
    fragment.push(['provider_refresh_token', providerUser.providerRefreshToken])
  }
  return redirect(`${referrer}#${goEncode(fragment)}`, 302)
}

type LinkingDecision =
  | { kind: 'exists'; user: User; identityId: string }
  | { kind: 'create'; email: string }
  | { kind: 'link'; userId: string }
  | { kind: 'multiple' }

/**
 * GoTrue's `createAccountFromExternalIdentity`: sign in an identity already known, link a new
 * one to the account that owns its verified email, or create a new account — then confirm the
 * account if the provider vouches for the email.
 */
async function signInExternalIdentity(
  ctx: ServiceContext,
  client: pg.PoolClient,
  aud: string,
  provider: string,
  providerUser: ProviderUser,
): Promise<User> {
  const autoconfirm = !ctx.config.auth.enableConfirmations
  const claims = providerClaims(providerUser)
  const candidate = providerUser.emails.find((email) => email.primary) ?? providerUser.emails[0]
  const decision = await decideAccountLinking(
    client,
    providerUser,
    provider,
    aud,
    autoconfirm,
    candidate?.email.toLowerCase() ?? '',
  )

  let userId: string
  switch (decision.kind) {
    case 'exists': {
      userId = decision.user.row.id
      await query(
        client,
        `update identities set identity_data = $2::jsonb, updated_at = now() where id = $1`,
        [decision.identityId, JSON.stringify(claims)],
      )
      await setUserMetadata(
        client,
        userId,
        mergeMetadata(decision.user.row.raw_user_meta_data, claims),
      )
      await refreshProviders(client, userId)
      break
    }
    case 'link': {
      userId = decision.userId
      await insertIdentity(client, userId, provider, claims)
      const user = await findUserById(client, userId)
      await setUserMetadata(
        client,
        userId,
        mergeMetadata(user?.row.raw_user_meta_data ?? {}, claims),
      )
      await refreshProviders(client, userId)
      break
    }
    case 'create': {
      if (!ctx.config.auth.enableSignup) {
        throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
      }
      userId = await insertUser(client, {
        email: decision.email,
        encryptedPassword: '',
        aud,
        appMetadata: { provider, providers: [provider] },
        userMetadata: claims,
      })
      await insertIdentity(client, userId, provider, claims)
      break
    }
    case 'multiple':
      throw authError(
        500,
        'unexpected_failure',
        'Multiple accounts with the same email address in the same linking domain detected: default',
      )
  }

  let user = await findUserById(client, userId)
  if (!user) throw authError(500, 'unexpected_failure', 'Database error loading user')
  if (user.row.is_banned) throw authError(403, 'user_banned', 'User is banned')

  if (!user.row.email_confirmed_at) {
    await keepOnlyIdentity(client, userId, {
      provider,
      providerId: providerUser.subject,
      data: claims,
    })
    if (candidate?.verified || autoconfirm) {
      await confirmEmail(client, userId)
    } else {
      // GoTrue would e-mail a confirmation link here; this stack sends no mail.
      throw new CommitThenThrow(
        authError(
          422,
          'provider_email_needs_verification',
          `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
        ),
      )
    }
    user = await findUserById(client, userId)
    if (!user) throw authError(500, 'unexpected_failure', 'Database error loading user')
  }
  return user
}

/** GoTrue's `DetermineAccountLinking` for the default linking domain. */
async function decideAccountLinking(
  client: pg.PoolClient,
  providerUser: ProviderUser,
  provider: string,
  aud: string,
  autoconfirm: boolean,
  candidateEmail: string,
): Promise<LinkingDecision> {
  const existing = await queryOne<{ id: string; user_id: string }>(
    client,
    'select id, user_id from identities where provider_id = $1 and provider = $2',
    [providerUser.subject, provider],
  )
  if (existing) {
    const user = await findUserById(client, existing.user_id, { forUpdate: true })
    if (!user) throw authError(500, 'unexpected_failure', 'Database error finding user')
    return { kind: 'exists', user, identityId: existing.id }
  }

  const verifiedEmails = providerUser.emails
    .filter((email) => email.verified || autoconfirm)
    .map((email) => email.email.toLowerCase())
  if (verifiedEmails.length === 0) {
    const owner = await findUserOwningEmail(client, candidateEmail, aud)
    return { kind: 'create', email: owner ? '' : candidateEmail }
  }

  const similarIdentities = await query<{ user_id: string; provider: string }>(
    client,
    'select user_id, provider from identities where email = any($1::text[])',
    [verifiedEmails],
  )
  const linking = similarIdentities.filter((identity) => !identity.provider.startsWith('sso:'))
  if (linking.length === 0) {
    const similarUsers = await query<{ id: string }>(
      client,
      'select id from users where email = any($1::text[]) and is_sso_user = false',
      [verifiedEmails],
    )
    const [onlyUser, ...otherUsers] = similarUsers
    if (!onlyUser) return { kind: 'create', email: candidateEmail }
    return otherUsers.length > 0 ? { kind: 'multiple' } : { kind: 'link', userId: onlyUser.id }
  }
  const [linkingUserId, ...otherUserIds] = new Set(linking.map((identity) => identity.user_id))
  if (!linkingUserId || otherUserIds.length > 0) return { kind: 'multiple' }
  return { kind: 'link', userId: linkingUserId }
}

/** GoTrue's `redirectErrors` + `getErrorQueryString`. */
function errorRedirectUrl(referrer: string, error: unknown): string {
  const [base, existing] = splitUrl(referrer)
  const query = new URLSearchParams(existing)
  if (error instanceof AuthError) {
    query.set('error', oauthErrorName(error))
    query.set('error_description', error.message)
    query.set('error_code', error.code)
  } else if (error instanceof OAuthRedirectError) {
    query.set('error', error.error)
    query.set('error_description', error.description)
  } else {
    query.set('error', 'server_error')
    query.set(
      'error_description',
      'Unexpected failure, please check server logs for more information',
    )
  }
  const fragment: Array<[string, string]> = []
  for (const key of ['error', 'error_description', 'error_code']) {
    const value = query.get(key)
    if (value) fragment.push([key, value])
  }
  fragment.push(['sb', ''])
  return `${base}?${goEncode([...query])}#${goEncode(fragment)}`
}

/** The OAuth 2.0 `error` an API error turns into in a redirect. */
function oauthErrorName(error: AuthError): string {
  if (
    ['signup_disabled', 'user_banned', 'provider_email_needs_verification'].includes(error.code)
  ) {
    return 'access_denied'
  }
  return oauthErrorForStatus(error.status) ?? 'server_error'
}

function displayOrigin(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.origin === 'null' ? `${parsed.protocol}//${parsed.host}` : parsed.origin
  } catch {
    return url.split(/[?#]/)[0] ?? ''
  }
}

async function readForm(c: Context): Promise<Map<string, string>> {
  const form = new Map<string, string>()
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') form.set(key, value)
  }
  return form
}

function redirect(location: string, status: 302 | 303): Response {
  return new Response(null, { status, headers: { Location: location } })
}
