import type { Context } from 'hono'
import type pg from 'pg'
import type { ServiceContext } from '../context.ts'
import { emailExists, requireAdmin } from './admin.ts'
import { hashPassword } from './crypto.ts'
import { inTransaction, isUniqueViolation, query } from './db.ts'
import { authError } from './errors.ts'
import { checkMailLimit, mailLink, newToken, sendMail } from './mail.ts'
import { tokenHash } from './otp.ts'
import type { AuthLimits } from './rate-limit.ts'
import { chooseRedirect, isRedirectUrlAllowed } from './redirect-urls.ts'
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  findUserOwningEmail,
  insertIdentity,
  insertUser,
  mergeMetadata,
  setUserMetadata,
  userJson,
  type Metadata,
  type User,
} from './users.ts'
import {
  assertStrongPassword,
  objectField,
  readJsonBody,
  requestAudience,
  stringField,
  validateEmail,
  validatePkceParams,
} from './validation.ts'

/**
 * The mails that sign a user in or bring one in (GoTrue's `otp.go`, `magic_link.go`, `invite.go`
 * and `adminGenerateLink` in `mail.go`): a magic link or code, an invitation, and the links an
 * admin asks for without a mail. /verify redeems all of them.
 */

/** GoTrue's `signupNewUser` plus `createNewIdentity` for an email user, unconfirmed. */
async function createEmailUser(
  client: pg.PoolClient,
  email: string,
  aud: string,
  data: Metadata,
  encryptedPassword: string | null,
): Promise<User> {
  let id: string
  try {
    id = await insertUser(client, {
      email,
      encryptedPassword,
      aud,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
    })
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_partial_key')) throw emailExists()
    throw error
  }
  await insertIdentity(client, id, 'email', {
    sub: id,
    email,
    email_verified: false,
    phone_verified: false,
  })
  return loadUser(client, id)
}

async function loadUser(client: pg.PoolClient, id: string): Promise<User> {
  const user = await findUserById(client, id, { forUpdate: true })
  if (!user) throw authError(500, 'unexpected_failure', 'Database error finding user')
  return user
}

/**
 * POST /otp for an email — GoTrue's `Otp` then `MagicLink`: a new (or unconfirmed) address is
 * signed up first unless `create_user` is false; a confirmed user gets a magic link and code,
 * an unconfirmed one (confirmations on) the signup confirmation. Answers `{}`.
 */
export async function otp(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'OtpParams')
  const rawEmail = stringField(body, 'email', 'OtpParams')
  const phone = stringField(body, 'phone', 'OtpParams')
  const data = objectField(body, 'data', 'OtpParams') as Metadata
  const createUser = body.create_user !== false
  const codeChallenge = stringField(body, 'code_challenge', 'OtpParams')
  const codeChallengeMethod = stringField(body, 'code_challenge_method', 'OtpParams')
  if (rawEmail !== '' && phone !== '') {
    throw authError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided',
    )
  }
  if (rawEmail === '' && phone === '') {
    throw authError(400, 'validation_failed', 'One of email or phone must be set')
  }
  if (phone !== '') throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider')
  if (!config.emailEnableSignup) {
    throw authError(400, 'email_provider_disabled', 'Email logins are disabled')
  }
  const email = validateEmail(rawEmail)
  validatePkceParams(codeChallengeMethod, codeChallenge)
  const aud = requestAudience(c)
  const redirectTo = chooseRedirect(config, c.req.query('redirect_to'), c.req.header('referer'))

  const existing = await findUserOwningEmail(ctx.authDb, email, aud)
  if (!existing && !createUser) {
    throw authError(422, 'otp_disabled', 'Signups not allowed for otp')
  }
  if (!existing?.row.email_confirmed_at && !config.enableSignup) {
    throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
  }
  await inTransaction(ctx.authDb, async (client) => {
    let user = existing
      ? await loadUser(client, existing.row.id)
      : await createEmailUser(client, email, aud, data, null)
    if (!user.row.email_confirmed_at && !config.enableConfirmations) {
      await confirmEmail(client, user.row.id)
      user = await loadUser(client, user.row.id)
    }
    // Confirmations on, an unconfirmed user gets the signup confirmation, which doubles as the
    // link; a magic link is a recovery with its own mail (the recovery token and timer).
    const confirmed = Boolean(user.row.email_confirmed_at)
    await mailLink(ctx, client, limits, {
      kind: confirmed ? 'magic_link' : 'confirmation',
      user,
      to: user.row.email ?? email,
      flowMethod: confirmed ? 'magiclink' : 'email/signup',
      codeChallenge,
      codeChallengeMethod,
      redirectTo,
    })
  })
  return c.json({})
}

/** GoTrue's `sendInvite` columns: the confirmation token, when it was sent, and `invited_at`. */
async function markInvited(client: pg.PoolClient, userId: string, stored: string) {
  await query(
    client,
    `update users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(),
       updated_at = now()
     where id = $1`,
    [userId, stored],
  )
}

/** POST /invite — GoTrue's `Invite` (admin): creates the user if needed and mails an invitation. */
export async function invite(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  await requireAdmin(c, ctx)
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'InviteParams')
  const email = validateEmail(stringField(body, 'email', 'InviteParams'))
  const data = objectField(body, 'data', 'InviteParams') as Metadata
  const aud = requestAudience(c)
  const redirectTo = chooseRedirect(config, c.req.query('redirect_to'), c.req.header('referer'))
  const invited = await inTransaction(ctx.authDb, async (client) => {
    const existing = await findUserByEmail(client, email, aud)
    if (existing?.row.email_confirmed_at) throw emailExists()
    const user = existing
      ? await loadUser(client, existing.row.id)
      : await createEmailUser(client, email, aud, data, null)
    const to = user.row.email ?? email
    const token = newToken(config, to, false)
    checkMailLimit(ctx, limits, true)
    await markInvited(client, user.row.id, token.stored)
    sendMail(ctx, 'invite', to, user, token, redirectTo)
    return loadUser(client, user.row.id)
  })
  return c.json(userJson(invited))
}

const GENERATE_LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const

/**
 * POST /admin/generate_link — GoTrue's `adminGenerateLink`: the token a mail would carry is
 * stored, and the link, code and hash are returned instead of mailed.
 */
export async function generateLink(c: Context, ctx: ServiceContext) {
  await requireAdmin(c, ctx)
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'GenerateLinkParams')
  let type = stringField(body, 'type', 'GenerateLinkParams')
  const rawEmail = stringField(body, 'email', 'GenerateLinkParams')
  const rawNewEmail = stringField(body, 'new_email', 'GenerateLinkParams')
  let password = stringField(body, 'password', 'GenerateLinkParams')
  const data = objectField(body, 'data', 'GenerateLinkParams') as Metadata
  const requested = stringField(body, 'redirect_to', 'GenerateLinkParams')
  const email = validateEmail(rawEmail)
  // GoTrue's order: the body's redirect_to when allowed, else the request's (query, Referer).
  const redirectTo =
    requested && isRedirectUrlAllowed(config, requested)
      ? requested
      : chooseRedirect(config, c.req.query('redirect_to'), c.req.header('referer'))
  const aud = requestAudience(c)

  const found = await findUserByEmail(ctx.authDb, email, aud)
  const existingId = () => {
    if (!found) throw authError(404, 'user_not_found', 'User with this email not found')
    return found.row.id
  }
  if (!found) {
    if (type === 'magiclink') {
      type = 'signup'
      password = ''
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw authError(404, 'user_not_found', 'User with this email not found')
    }
  }
  if (!(GENERATE_LINK_TYPES as readonly string[]).includes(type)) {
    throw authError(400, 'validation_failed', `Invalid email action link type requested: ${type}`)
  }
  let encryptedPassword: string | null = null
  if (type === 'signup' && !found && password !== '') {
    assertStrongPassword(password, config)
    encryptedPassword = await hashPassword(password, ctx.passwordHashCost)
  }
  const token = newToken(config, email, false)
  const hashed = token.stored

  const result = await inTransaction(ctx.authDb, async (client) => {
    let user = found ? await loadUser(client, found.row.id) : undefined
    let linkToken = hashed
    let linkType = type
    switch (type) {
      case 'magiclink':
      case 'recovery':
        await query(
          client,
          `update users set recovery_token = $2, recovery_sent_at = now(), updated_at = now()
            where id = $1`,
          [existingId(), hashed],
        )
        break
      case 'invite':
      case 'signup': {
        if (user?.row.email_confirmed_at) throw emailExists()
        if (user && type === 'signup') {
          await setUserMetadata(
            client,
            user.row.id,
            mergeMetadata(user.row.raw_user_meta_data, data),
          )
        }
        user ??= await createEmailUser(client, email, aud, data, encryptedPassword)
        if (type === 'invite') {
          await markInvited(client, user.row.id, hashed)
        } else {
          await query(
            client,
            `update users set confirmation_token = $2, confirmation_sent_at = now(),
               updated_at = now()
             where id = $1`,
            [user.row.id, hashed],
          )
        }
        break
      }
      default: {
        // email_change_current and email_change_new
        if (!config.email.doubleConfirmChanges && type === 'email_change_current') {
          throw authError(
            400,
            'validation_failed',
            'Enable secure email change to generate link for current email',
          )
        }
        const newEmail = validateEmail(rawNewEmail)
        const owner = await findUserOwningEmail(client, newEmail, aud)
        if (owner && owner.row.id !== existingId()) throw emailExists()
        const current = type === 'email_change_current' ? hashed : ''
        const next = type === 'email_change_new' ? tokenHash(newEmail, token.otp) : ''
        await query(
          client,
          `update users set email_change = $2, email_change_sent_at = now(),
             email_change_confirm_status = 0, email_change_token_current = $3,
             email_change_token_new = $4, updated_at = now()
           where id = $1`,
          [existingId(), newEmail, current, next],
        )
        linkToken = current || next
        linkType = 'email_change'
      }
    }
    const link =
      `${ctx.apiUrl}/auth/v1/verify?token=${encodeURIComponent(linkToken)}` +
      `&type=${linkType}&redirect_to=${encodeURIComponent(redirectTo)}`
    return { user: await loadUser(client, user?.row.id ?? existingId()), link }
  })
  return c.json({
    ...userJson(result.user),
    action_link: result.link,
    email_otp: token.otp,
    hashed_token: hashed,
    verification_type: type,
    redirect_to: redirectTo,
  })
}
