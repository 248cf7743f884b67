import type { Context } from 'hono'
import type pg from 'pg'
import type { ServiceContext } from '../context.ts'
import { limitRequests, type AuthLimits } from './rate-limit.ts'
import { userSecrets } from './users.ts'
import { inTransaction, query, queryOne } from './db.ts'
import { AuthError, authError, oauthErrorForStatus } from './errors.ts'
import { goEncode } from './google.ts'
import { isOtpExpired, isOtpValid, PKCE_PREFIX, tokenHash } from './otp.ts'
import { chooseRedirect, splitUrl } from './redirect-urls.ts'
import { grantContext, issueSession, type TokenResponse } from './sessions.ts'
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  refreshProviders,
  type User,
} from './users.ts'
import { readJsonBody, requestAudience, stringField, validateEmail } from './validation.ts'

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/** The email verification types this stack sends links and codes for. */
const EMAIL_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const
type EmailType = (typeof EMAIL_TYPES)[number]
const isEmailType = (type: string): type is EmailType =>
  (EMAIL_TYPES as readonly string[]).includes(type)

/** GoTrue's `ParseAuthenticationMethod` for the methods a PKCE email link can carry. */
const PKCE_METHOD: Record<EmailType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
  email: 'email',
}

type Outcome =
  { kind: 'session'; session: TokenResponse } | { kind: 'code'; code: string } | { kind: 'single' }

/** GET /verify?token&type&redirect_to — the link in a mail: always a 303 to the app. */
export async function verifyGet(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  limitRequests(limits.verify, c)
  const token = c.req.query('token') ?? ''
  const type = c.req.query('type') ?? ''
  const redirectTo = chooseRedirect(
    ctx.config.auth,
    c.req.query('redirect_to'),
    c.req.header('referer'),
  )
  if (type === '') throw authError(400, 'validation_failed', 'Verify requires a verification type')
  if (token === '') {
    throw authError(400, 'validation_failed', 'Verify requires a token or a token hash')
  }
  const pkce = token.startsWith(PKCE_PREFIX)
  if (pkce && !isEmailType(type)) {
    throw authError(400, 'validation_failed', `Unsupported authentication method: ${type}`)
  }
  const grant = grantContext(c)
  let outcome: Outcome
  try {
    outcome = await inTransaction(ctx.authDb, async (client) => {
      const user = await userByTokenHash(ctx, client, type, token)
      const verified = await applyVerification(ctx, client, type, user, token, '')
      if (!verified) return { kind: 'single' as const }
      if (!pkce) {
        return {
          kind: 'session' as const,
          session: await issueSession(ctx, client, verified.row.id, 'otp', grant),
        }
      }
      return {
        kind: 'code' as const,
        code: await issueAuthCode(client, verified.row.id, PKCE_METHOD[type as EmailType]),
      }
    })
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    return redirect(errorRedirectUrl(redirectTo, error, pkce))
  }
  const [base, existing, fragment] = splitUrl(redirectTo)
  const search = new URLSearchParams(existing)
  if (outcome.kind === 'single') {
    if (pkce) search.set('message', SINGLE_CONFIRMATION)
    const hash = goEncode([
      ['message', SINGLE_CONFIRMATION],
      ['sb', ''],
    ])
    return redirect(`${base}${search.size ? `?${goEncode([...search])}` : ''}#${hash}`)
  }
  if (outcome.kind === 'code') {
    search.set('code', outcome.code)
    return redirect(`${base}?${goEncode([...search])}${fragment ? `#${fragment}` : ''}`)
  }
  // Implicit flow: GoTrue's AsRedirectURL puts the session (and the type) in the fragment.
  const { session } = outcome
  const hash = goEncode([
    ['access_token', session.access_token],
    ['token_type', 'bearer'],
    ['expires_in', String(session.expires_in)],
    ['expires_at', String(session.expires_at)],
    ['refresh_token', session.refresh_token],
    ['type', type],
    ['sb', ''],
  ])
  return redirect(`${base}${existing ? `?${existing}` : ''}#${hash}`)
}

/** POST /verify — verifyOtp: a code with its address, or a link's token_hash; answers a session. */
export async function verifyPost(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  limitRequests(limits.verify, c)
  const body = await readJsonBody(c, 'VerifyParams')
  const type = stringField(body, 'type', 'VerifyParams')
  const token = stringField(body, 'token', 'VerifyParams')
  let hash = stringField(body, 'token_hash', 'VerifyParams')
  const email = stringField(body, 'email', 'VerifyParams')
  const phone = stringField(body, 'phone', 'VerifyParams')
  const redirectTo = stringField(body, 'redirect_to', 'VerifyParams')
  if (type === '') throw authError(400, 'validation_failed', 'Verify requires a verification type')
  if ((token === '') === (hash === '')) {
    throw authError(400, 'validation_failed', 'Verify requires either a token or a token hash')
  }
  let normalisedEmail = ''
  if (token !== '') {
    if (phone !== '' && email === '') {
      // GoTrue checks the number's form, then finds no user with it and that code: no account
      // here has a phone number.
      if (!/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+/, '').replaceAll(' ', ''))) {
        throw authError(400, 'validation_failed', 'Invalid phone number format (E.164 required)')
      }
      throw authError(403, 'otp_expired', 'Token has expired or is invalid')
    }
    if (email === '' || phone !== '') {
      throw authError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      )
    }
    try {
      normalisedEmail = validateEmail(email)
    } catch {
      throw authError(422, 'validation_failed', 'Invalid email format')
    }
    hash = tokenHash(normalisedEmail, token)
  } else if (email !== '' || phone !== '' || redirectTo !== '') {
    throw authError(400, 'validation_failed', 'Only the token_hash and type should be provided')
  }
  if (type === 'sms' || type === 'phone_change') {
    throw authError(403, 'otp_expired', 'Token has expired or is invalid')
  }
  const grant = grantContext(c)
  const outcome = await inTransaction(ctx.authDb, async (client) => {
    const user =
      token === ''
        ? await userByTokenHash(ctx, client, type, hash)
        : await userByCode(ctx, client, type, normalisedEmail, hash, requestAudience(c))
    const verified = await applyVerification(ctx, client, type, user, hash, token)
    if (!verified) return undefined
    return issueSession(ctx, client, verified.row.id, 'otp', grant)
  })
  if (!outcome) return c.json({ msg: SINGLE_CONFIRMATION, code: '200' })
  return c.json(outcome)
}

const TOKEN_COLUMNS: Record<EmailType, string[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
  // signInWithOtp's code: the magic link's, or the signup confirmation's for a new address.
  email: ['confirmation_token', 'recovery_token'],
}

/** When each token column's mail was sent, which its expiry counts from. */
const SENT_AT: Record<string, keyof User['row']> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_current: 'email_change_sent_at',
  email_change_token_new: 'email_change_sent_at',
}

const invalidLink = () => authError(403, 'otp_expired', 'Email link is invalid or has expired')
const invalidCode = () => authError(403, 'otp_expired', 'Token has expired or is invalid')

/** GoTrue's `verifyTokenHash`: the user a link's token belongs to, if the link is still valid. */
async function userByTokenHash(
  ctx: ServiceContext,
  client: pg.PoolClient,
  type: string,
  hash: string,
) {
  if (!isEmailType(type))
    throw authError(400, 'validation_failed', 'Invalid email verification type')
  const where = TOKEN_COLUMNS[type].map((column) => `${column} = $1`).join(' or ')
  const columns = TOKEN_COLUMNS[type].map((column) => `${column} = $1 as "${column}"`).join(', ')
  const row = await queryOne<Record<string, unknown> & { id: string }>(
    client,
    `select id, ${columns} from users where (${where}) and $1 <> '' limit 1 for update`,
    [hash],
  )
  const user = row ? await findUserById(client, row.id) : undefined
  if (!row || !user) throw invalidLink()
  if (user.row.is_banned) throw authError(403, 'user_banned', 'User is banned')
  const matched = TOKEN_COLUMNS[type].find((column) => row[column] === true) ?? ''
  const sentAt = user.row[SENT_AT[matched] ?? 'confirmation_sent_at'] as string | null
  if (isOtpExpired(sentAt, ctx.config.auth.email.otpExpirySeconds)) throw invalidLink()
  return user
}

/** GoTrue's `verifyUserAndToken`: the user a code was sent to, if the code is right and fresh. */
async function userByCode(
  ctx: ServiceContext,
  client: pg.PoolClient,
  type: string,
  email: string,
  hash: string,
  aud: string,
) {
  if (!isEmailType(type)) throw authError(400, 'validation_failed', 'Unsupported verification type')
  let user: User | undefined
  if (type === 'email_change') {
    const row = await queryOne<{ id: string }>(
      client,
      `select id from users where aud = $2 and (lower(email) = $1 or lower(email_change) = $1)
        and (email_change_token_current in ($3, 'pkce_' || $3) or email_change_token_new in ($3, 'pkce_' || $3))
        limit 1 for update`,
      [email, aud, hash],
    )
    user = row ? await findUserById(client, row.id) : undefined
  } else {
    user = await findUserByEmail(client, email, aud)
  }
  if (!user) throw invalidCode()
  if (user.row.is_banned) throw authError(403, 'user_banned', 'User is banned')
  const secrets = await userSecrets(client, user.row.id)
  const expiry = ctx.config.auth.email.otpExpirySeconds
  const valid = TOKEN_COLUMNS[type].some((column) =>
    isOtpValid(
      hash,
      secrets[column as keyof typeof secrets] as string | null,
      user.row[SENT_AT[column] ?? 'confirmation_sent_at'] as string | null,
      expiry,
    ),
  )
  if (!valid) throw invalidCode()
  return user
}

/**
 * What a verified token does (GoTrue's signupVerify, recoverVerify, emailChangeVerify). Returns
 * the user to sign in, or undefined when an email change still waits for its other confirmation.
 */
async function applyVerification(
  ctx: ServiceContext,
  client: pg.PoolClient,
  type: string,
  user: User,
  hash: string,
  otp: string,
): Promise<User | undefined> {
  const userId = user.row.id
  // An email code signs in a confirmed user, and confirms a new one.
  const effective = type === 'email' ? (user.row.email_confirmed_at ? 'magiclink' : 'signup') : type
  switch (effective) {
    case 'signup':
    case 'invite':
      await confirmEmail(client, userId)
      await markIdentityVerified(client, userId, user.row.email ?? '')
      break
    case 'recovery':
    case 'magiclink':
      await query(
        client,
        `update users set recovery_token = '', updated_at = now() where id = $1`,
        [userId],
      )
      if (!user.row.email_confirmed_at) await confirmEmail(client, userId)
      break
    case 'email_change': {
      const done = await emailChangeVerify(ctx, client, user, hash, otp)
      if (!done) return undefined
      break
    }
    default:
      throw authError(400, 'validation_failed', 'Unsupported verification type')
  }
  await refreshProviders(client, userId)
  return findUserById(client, userId)
}

async function markIdentityVerified(client: pg.PoolClient, userId: string, email: string) {
  await query(
    client,
    `update identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where user_id = $1 and email = $2 and email <> ''`,
    [userId, email],
  )
}

/** GoTrue's `emailChangeVerify`, with `double_confirm_changes` when confirmations are on. */
async function emailChangeVerify(
  ctx: ServiceContext,
  client: pg.PoolClient,
  user: User,
  hash: string,
  otp: string,
): Promise<boolean> {
  const { auth } = ctx.config
  const secrets = await userSecrets(client, user.row.id)
  const matches = (stored: string | null) =>
    Boolean(stored) && (stored === hash || stored === `${PKCE_PREFIX}${hash}` || stored === otp)
  if (
    auth.enableConfirmations &&
    auth.email.doubleConfirmChanges &&
    (secrets.email_change_confirm_status ?? 0) === 0 &&
    user.row.email
  ) {
    const column = matches(secrets.email_change_token_current)
      ? 'email_change_token_current'
      : matches(secrets.email_change_token_new)
        ? 'email_change_token_new'
        : undefined
    await query(
      client,
      `update users set email_change_confirm_status = 1${column ? `, ${column} = ''` : ''},
         updated_at = now()
       where id = $1`,
      [user.row.id],
    )
    return false
  }
  const newEmail = (user.row.email_change ?? '').toLowerCase()
  const updated = await query(
    client,
    `update identities set identity_data = identity_data || $2::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email' returning id`,
    [user.row.id, JSON.stringify({ email: newEmail, email_verified: true })],
  )
  if (updated.length === 0) {
    await query(
      client,
      `insert into identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
         created_at, updated_at)
       values ($1, $1, $2::jsonb, 'email', now(), now(), now())`,
      [
        user.row.id,
        JSON.stringify({
          sub: user.row.id,
          email: newEmail,
          email_verified: true,
          phone_verified: false,
        }),
      ],
    )
  }
  await query(
    client,
    `update users set email = $2, email_change = '', email_change_token_current = '',
       email_change_token_new = '', email_change_confirm_status = 0, updated_at = now()
     where id = $1`,
    [user.row.id, newEmail],
  )
  if (!user.row.email_confirmed_at) await confirmEmail(client, user.row.id)
  return true
}

/** GoTrue's `issueAuthCode`: the user's latest flow state of that method gets its code issued. */
async function issueAuthCode(
  client: pg.PoolClient,
  userId: string,
  method: string,
): Promise<string> {
  const flow = await queryOne<{ id: string; auth_code: string }>(
    client,
    `select id, auth_code from flow_state where user_id = $1 and authentication_method = $2
      order by created_at desc, id desc limit 1`,
    [userId, method],
  )
  if (!flow) {
    throw authError(
      400,
      'flow_state_not_found',
      'No associated flow state found. No valid flow state found for user.',
    )
  }
  await query(
    client,
    'update flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1',
    [flow.id],
  )
  return flow.auth_code
}

/** GoTrue's `prepErrorRedirectURL`: the error in the fragment, and in the query for PKCE. */
function errorRedirectUrl(redirectTo: string, error: AuthError, pkce: boolean): string {
  const [base, existing] = splitUrl(redirectTo)
  const fields: Array<[string, string]> = []
  const name = oauthErrorForStatus(error.status)
  if (name) fields.push(['error', name])
  fields.push(['error_code', error.code], ['error_description', error.message])
  const search = new URLSearchParams(existing)
  if (pkce) for (const [key, value] of fields) search.set(key, value)
  const query = search.size ? `?${goEncode([...search])}` : ''
  return `${base}${query}#${goEncode([...fields, ['sb', '']])}`
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } })
}
