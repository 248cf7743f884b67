import type { Context } from 'hono'
import type pg from 'pg'
import type { ServiceContext } from '../context.ts'
import { createEmailFlowState } from './flow-state.ts'
import { checkFrequency, checkMailLimit, newToken, sendMail } from './mail.ts'
import { limitRequests, type AuthLimits } from './rate-limit.ts'
import { userSecrets } from './users.ts'
import { comparePassword, hashPassword } from './crypto.ts'
import { inTransaction, query, queryOne } from './db.ts'
import { authError } from './errors.ts'
import { isOtpValid, tokenHash } from './otp.ts'
import { chooseRedirect } from './redirect-urls.ts'
import { authenticate } from './tokens.ts'
import {
  findUserByEmail,
  findUserById,
  findUserOwningEmail,
  mergeMetadata,
  setUserMetadata,
  userJson,
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

/** A session younger than this may change its password without a nonce (GoTrue's 24 hours). */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000

const redirectFor = (c: Context, ctx: ServiceContext) =>
  chooseRedirect(ctx.config.auth, c.req.query('redirect_to'), c.req.header('referer'))

/** PUT /user — GoTrue's `UserUpdate`: password, email (confirmed by mail) and user metadata. */
export async function updateUser(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  const { claims, user: caller, sessionId } = await authenticate(c, ctx)
  limitRequests(limits.signInSignUps, c)
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'UserUpdateParams')
  let email = stringField(body, 'email', 'UserUpdateParams')
  const passwordValue = body.password
  const password =
    passwordValue === undefined || passwordValue === null
      ? undefined
      : stringField(body, 'password', 'UserUpdateParams')
  const nonce = stringField(body, 'nonce', 'UserUpdateParams')
  const data =
    body.data === undefined || body.data === null
      ? undefined
      : objectField(body, 'data', 'UserUpdateParams')
  const appData =
    body.app_metadata === undefined || body.app_metadata === null
      ? undefined
      : objectField(body, 'app_metadata', 'UserUpdateParams')
  const phone = stringField(body, 'phone', 'UserUpdateParams')
  const codeChallenge = stringField(body, 'code_challenge', 'UserUpdateParams')
  const codeChallengeMethod = stringField(body, 'code_challenge_method', 'UserUpdateParams')

  if (email !== '') email = validateEmail(email)
  if (phone !== '') throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled')
  if (password !== undefined) assertStrongPassword(password, config)
  if (appData !== undefined && claims.role !== 'service_role') {
    throw authError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  }
  const aud = requestAudience(c)
  const changingEmail = email !== '' && email !== (caller.row.email ?? '')
  if (changingEmail) {
    validatePkceParams(codeChallengeMethod, codeChallenge)
    const owner = await findUserOwningEmail(ctx.authDb, email, aud)
    if (owner && owner.row.id !== caller.row.id) {
      throw authError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      )
    }
  }

  let encryptedPassword: string | undefined
  if (password !== undefined) {
    if (config.email.securePasswordChange) {
      const session = sessionId
        ? await queryOne<{ created_at: string }>(
            ctx.authDb,
            'select created_at from sessions where id = $1',
            [sessionId],
          )
        : undefined
      const recent = session && Date.parse(session.created_at) + RECENT_SIGN_IN_MS > Date.now()
      if (!recent) {
        if (nonce === '') {
          throw authError(
            400,
            'reauthentication_needed',
            'Password update requires reauthentication',
          )
        }
        await verifyReauthentication(ctx, caller, nonce)
      }
    }
    if (password !== '') {
      const hash = caller.row.encrypted_password
      if (hash && (await comparePassword(password, hash))) {
        throw authError(
          422,
          'same_password',
          'New password should be different from the old password.',
        )
      }
    }
    encryptedPassword = await hashPassword(password, ctx.passwordHashCost)
  }

  const redirectTo = redirectFor(c, ctx)
  const updated = await inTransaction(ctx.authDb, async (client) => {
    const userId = caller.row.id
    if (encryptedPassword !== undefined) {
      // GoTrue's UpdatePassword: every outstanding link and code dies, other sessions end.
      await query(
        client,
        `update users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
           recovery_token = '', recovery_sent_at = null, email_change_token_current = '',
           email_change_token_new = '', email_change_sent_at = null, phone_change_token = '',
           phone_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null,
           updated_at = now()
         where id = $1`,
        [userId, encryptedPassword],
      )
      if (sessionId) {
        await query(client, 'delete from sessions where user_id = $1 and id <> $2', [
          userId,
          sessionId,
        ])
      } else {
        await query(client, 'delete from sessions where user_id = $1', [userId])
      }
    }
    if (data !== undefined) {
      const current = await findUserById(client, userId)
      await setUserMetadata(
        client,
        userId,
        mergeMetadata(current?.row.raw_user_meta_data ?? null, data),
      )
    }
    if (appData !== undefined) {
      const current = await findUserById(client, userId)
      await query(
        client,
        'update users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1',
        [userId, JSON.stringify(mergeMetadata(current?.row.raw_app_meta_data ?? null, appData))],
      )
    }
    if (changingEmail) {
      const pkce = codeChallenge !== ''
      if (pkce) {
        await createEmailFlowState(client, {
          userId,
          method: 'email_change',
          codeChallenge,
          codeChallengeMethod,
        })
      }
      const current = await findUserById(client, userId, { forUpdate: true })
      if (!current) throw authError(500, 'unexpected_failure', 'Database error finding user')
      await sendEmailChange(ctx, limits, client, current, email, pkce, redirectTo)
    }
    return findUserById(client, userId)
  })
  if (!updated) throw authError(500, 'unexpected_failure', 'Database error finding user')
  return c.json(userJson(updated))
}

/**
 * GoTrue's `sendEmailChange`: a link and code to the new address and, with
 * `double_confirm_changes`, another to the current one.
 */
async function sendEmailChange(
  ctx: ServiceContext,
  limits: AuthLimits,
  client: pg.PoolClient,
  user: User,
  newEmail: string,
  pkce: boolean,
  redirectTo: string,
) {
  const config = ctx.config.auth
  checkFrequency(config, user.row.email_change_sent_at)
  const tokenNew = newToken(config, newEmail, pkce)
  const currentEmail = user.row.email ?? ''
  const tokenCurrent =
    config.email.doubleConfirmChanges && currentEmail
      ? newToken(config, currentEmail, pkce)
      : undefined
  checkMailLimit(ctx, limits, true)
  await query(
    client,
    `update users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
     where id = $1`,
    [user.row.id, newEmail, tokenNew.stored, tokenCurrent?.stored ?? ''],
  )
  sendMail(ctx, 'email_change', newEmail, user, tokenNew, redirectTo, newEmail)
  if (tokenCurrent)
    sendMail(ctx, 'email_change', currentEmail, user, tokenCurrent, redirectTo, newEmail)
}

/** GoTrue's `verifyReauthentication`: the nonce from /reauthenticate, once, while fresh. */
async function verifyReauthentication(ctx: ServiceContext, user: User, nonce: string) {
  const invalid = () =>
    authError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
  const secrets = await userSecrets(ctx.authDb, user.row.id)
  const sentAt = user.row.reauthentication_sent_at
  if (!secrets.reauthentication_token || !sentAt) throw invalid()
  const hash = tokenHash(user.row.email ?? '', nonce)
  if (
    !isOtpValid(
      hash,
      secrets.reauthentication_token,
      sentAt,
      ctx.config.auth.email.otpExpirySeconds,
    )
  ) {
    throw invalid()
  }
  await query(
    ctx.authDb,
    `update users set reauthentication_token = '', updated_at = now() where id = $1`,
    [user.row.id],
  )
}

/** GET /reauthenticate — GoTrue's `Reauthenticate`: mails a nonce for a sensitive change. */
export async function reauthenticate(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  const { user } = await authenticate(c, ctx)
  const email = user.row.email ?? ''
  if (email === '' && !user.row.phone) {
    throw authError(
      400,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    )
  }
  if (email === '') throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled')
  if (!user.row.email_confirmed_at) {
    throw authError(422, 'email_not_confirmed', 'Please verify your email first.')
  }
  await inTransaction(ctx.authDb, async (client) => {
    const current = await findUserById(client, user.row.id, { forUpdate: true })
    if (!current) throw authError(500, 'unexpected_failure', 'Database error finding user')
    checkFrequency(ctx.config.auth, current.row.reauthentication_sent_at)
    const token = newToken(ctx.config.auth, email, false)
    checkMailLimit(ctx, limits, true)
    await query(
      client,
      `update users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now()
        where id = $1`,
      [user.row.id, token.stored],
    )
    sendMail(ctx, 'reauthentication', email, current, token, ctx.config.auth.siteUrl)
  })
  return c.json({})
}

/** POST /resend — GoTrue's `Resend` for email: a signup confirmation or an email change again. */
export async function resend(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  limitRequests(limits.signInSignUps, c)
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'ResendConfirmationParams')
  const type = stringField(body, 'type', 'ResendConfirmationParams')
  let email = stringField(body, 'email', 'ResendConfirmationParams')
  const phone = stringField(body, 'phone', 'ResendConfirmationParams')
  const codeChallenge = stringField(body, 'code_challenge', 'ResendConfirmationParams')
  const codeChallengeMethod = stringField(body, 'code_challenge_method', 'ResendConfirmationParams')
  if (type === 'signup' || type === 'email_change') {
    validatePkceParams(codeChallengeMethod, codeChallenge)
  } else if (type !== 'sms' && type !== 'phone_change') {
    throw authError(
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    )
  }
  if (email === '' && type === 'signup') {
    throw authError(400, 'validation_failed', 'Type provided requires an email address')
  }
  if (phone === '' && type === 'sms') {
    throw authError(400, 'validation_failed', 'Type provided requires a phone number')
  }
  if (email !== '' && phone !== '') {
    throw authError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided.',
    )
  }
  if (email !== '') {
    if (!config.emailEnableSignup) {
      throw authError(400, 'email_provider_disabled', 'Email logins are disabled')
    }
    email = validateEmail(email)
  } else if (phone !== '') {
    throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled')
  } else {
    throw authError(400, 'validation_failed', 'Missing email address or phone number')
  }
  const found = await findUserByEmail(ctx.authDb, email, requestAudience(c))
  if (!found) return c.json({})
  if (type === 'signup' && found.row.email_confirmed_at) return c.json({})
  if (type === 'email_change' && !found.row.email_change) return c.json({})
  const pkce = codeChallenge !== ''
  const redirectTo = redirectFor(c, ctx)
  await inTransaction(ctx.authDb, async (client) => {
    const user = await findUserById(client, found.row.id, { forUpdate: true })
    if (!user) throw authError(500, 'unexpected_failure', 'Database error finding user')
    if (pkce) {
      await createEmailFlowState(client, {
        userId: user.row.id,
        method: type === 'signup' ? 'email/signup' : 'email_change',
        codeChallenge,
        codeChallengeMethod,
      })
    }
    if (type === 'email_change') {
      await sendEmailChange(
        ctx,
        limits,
        client,
        user,
        user.row.email_change ?? '',
        pkce,
        redirectTo,
      )
      return
    }
    checkFrequency(config, user.row.confirmation_sent_at)
    const token = newToken(config, email, pkce)
    checkMailLimit(ctx, limits, true)
    await query(
      client,
      `update users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
        where id = $1`,
      [user.row.id, token.stored],
    )
    sendMail(ctx, 'confirmation', email, user, token, redirectTo)
  })
  return c.json({})
}
