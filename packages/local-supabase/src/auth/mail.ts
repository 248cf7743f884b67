import type { StackConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { query, type Queryable } from './db.ts'
import { authError } from './errors.ts'
import { createEmailFlowState } from './flow-state.ts'
import { composeMail, deliver, type MailKind } from './mailer.ts'
import { generateOtp, tokenHash, withFlowPrefix } from './otp.ts'
import { frequencyLimitMessage, type AuthLimits } from './rate-limit.ts'
import type { User } from './users.ts'

/**
 * Sending a mail from an endpoint (GoTrue `internal/api/mail.go`): the per-kind frequency limit,
 * the hourly `email_sent` budget, the token a mail carries, and delivery through the mailer.
 */

/** GoTrue's `validateSentWithinFrequencyLimit`: 429 when the last mail of a kind is too recent. */
export function checkFrequency(config: StackConfig['auth'], sentAt: string | number | null) {
  if (sentAt === null) return
  const at = typeof sentAt === 'number' ? sentAt : Date.parse(sentAt)
  const frequency = config.email.maxFrequencySeconds
  if (at + frequency * 1000 > Date.now()) {
    throw authError(429, 'over_email_send_rate_limit', frequencyLimitMessage(at, frequency))
  }
}

/**
 * GoTrue's `sendEmail` limit: none when `email_sent` is 0 … every mail refused; and (as GoTrue
 * does, with a TODO to change it) the hourly count only applies when confirmations are on.
 */
export function checkMailLimit(ctx: ServiceContext, limits: AuthLimits, consume: boolean) {
  const { auth } = ctx.config
  const exceeded = () => authError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
  if (auth.rateLimit.emailSent === 0) throw exceeded()
  if (!auth.enableConfirmations) return
  const allowed = consume ? limits.emailSent.take() : limits.emailSent.allows()
  if (!allowed) throw exceeded()
}

export interface SentToken {
  otp: string
  /** The stored hash, `pkce_`-prefixed for PKCE flows. */
  stored: string
}

/** A fresh code for `address` and the hash GoTrue stores (and puts in the link). */
export function newToken(config: StackConfig['auth'], address: string, pkce: boolean): SentToken {
  const otp = generateOtp(config.email.otpLength)
  return { otp, stored: withFlowPrefix(tokenHash(address, otp), pkce) }
}

/** Composes and delivers one mail of `kind` to `to`. */
export function sendMail(
  ctx: ServiceContext,
  kind: MailKind,
  to: string,
  user: User,
  token: SentToken,
  redirectTo: string,
  newEmail?: string,
) {
  const mail = composeMail(ctx, {
    kind,
    to,
    user,
    otp: token.otp,
    tokenHash: token.stored,
    redirectTo,
    ...(newEmail !== undefined ? { newEmail } : {}),
  })
  deliver(ctx, to, mail)
  return mail
}

/** The token column and its sent-at column of each mail that carries a sign-in link. */
const LINK_COLUMNS = {
  confirmation: ['confirmation_token', 'confirmation_sent_at'],
  recovery: ['recovery_token', 'recovery_sent_at'],
  magic_link: ['recovery_token', 'recovery_sent_at'],
} as const

/**
 * GoTrue's `sendConfirmation`, `sendPasswordRecovery` and `sendMagicLink`: the `max_frequency`
 * check, the PKCE flow state (method `flowMethod`), a fresh token stored in the user's row, the
 * `email_sent` budget, and the mail. The caller holds the user's row lock.
 */
export async function mailLink(
  ctx: ServiceContext,
  client: Queryable,
  limits: AuthLimits,
  link: {
    kind: keyof typeof LINK_COLUMNS
    user: User
    to: string
    flowMethod: string
    codeChallenge: string
    codeChallengeMethod: string
    redirectTo: string
  },
) {
  const config = ctx.config.auth
  const [tokenColumn, sentAtColumn] = LINK_COLUMNS[link.kind]
  const userId = link.user.row.id
  checkFrequency(config, link.user.row[sentAtColumn])
  const pkce = link.codeChallenge !== ''
  if (pkce) {
    await createEmailFlowState(client, {
      userId,
      method: link.flowMethod,
      codeChallenge: link.codeChallenge,
      codeChallengeMethod: link.codeChallengeMethod,
    })
  }
  const token = newToken(config, link.to, pkce)
  checkMailLimit(ctx, limits, true)
  await query(
    client,
    `update users set ${tokenColumn} = $2, ${sentAtColumn} = now(), updated_at = now()
      where id = $1`,
    [userId, token.stored],
  )
  sendMail(ctx, link.kind, link.to, link.user, token, link.redirectTo)
}

/** Renders (and drops) the mail an unknown address would get, so both paths cost the same. */
export function composeRecoveryForTiming(
  ctx: ServiceContext,
  email: string,
  pkce: boolean,
  redirectTo: string,
) {
  const token = newToken(ctx.config.auth, email, pkce)
  const now = new Date().toISOString()
  const stranger: User = {
    row: {
      id: '00000000-0000-0000-0000-000000000000',
      aud: 'authenticated',
      role: 'authenticated',
      email,
      encrypted_password: null,
      email_confirmed_at: now,
      invited_at: null,
      phone: null,
      phone_confirmed_at: null,
      confirmation_sent_at: null,
      confirmed_at: now,
      recovery_sent_at: null,
      email_change: null,
      email_change_sent_at: null,
      phone_change: null,
      phone_change_sent_at: null,
      reauthentication_sent_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: {},
      raw_user_meta_data: {},
      created_at: now,
      updated_at: now,
      banned_until: null,
      deleted_at: null,
      is_anonymous: false,
      is_sso_user: false,
      is_banned: false,
    },
    identities: [],
  }
  return composeMail(ctx, {
    kind: 'recovery',
    to: email,
    user: stranger,
    otp: token.otp,
    tokenHash: token.stored,
    redirectTo,
  })
}
