import type { Context } from 'hono'
import type { StackConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { queryOne, query, type Queryable } from './db.ts'
import { authError } from './errors.ts'
import { composeMail, deliver, type MailKind } from './mailer.ts'
import { generateOtp, tokenHash, withFlowPrefix } from './otp.ts'
import { frequencyLimitMessage, IntervalLimiter, RequestLimiter } from './rate-limit.ts'
import type { User } from './users.ts'

/** GoTrue's limiters of one Auth service (its `apilimiter`), from `[auth.rate_limit]`. */
export interface AuthLimits {
  /** sign_in_sign_ups: /signup, /recover, /resend, PUT /user, per IP over 5 minutes. */
  signInSignUps: RequestLimiter
  /** token_refresh: every /token grant, per IP over 5 minutes. */
  token: RequestLimiter
  /** token_verifications: /verify, per IP over 5 minutes. */
  verify: RequestLimiter
  /** email_sent: mails per hour for the whole instance. */
  emailSent: IntervalLimiter
  /** When a recovery was last asked for an unregistered address (see `recover`). */
  recoveryAskedAt: Map<string, number>
}

export function authLimits(config: StackConfig['auth']): AuthLimits {
  const { rateLimit } = config
  return {
    signInSignUps: new RequestLimiter(rateLimit.signInSignUps, 300),
    token: new RequestLimiter(rateLimit.tokenRefresh, 300),
    verify: new RequestLimiter(rateLimit.tokenVerifications, 300),
    emailSent: new IntervalLimiter(rateLimit.emailSent, 3600),
    recoveryAskedAt: new Map(),
  }
}

/**
 * The address a per-IP limit counts against: the first X-Forwarded-For entry (what a proxy in
 * front would set, and what GoTrue is configured to read), else the loopback address the stack
 * listens on.
 */
export function clientKey(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1'
}

/** GoTrue's `limitHandler`: 429 `over_request_rate_limit` once the IP's budget is spent. */
export function limitRequests(limiter: RequestLimiter, c: Context): void {
  if (!limiter.take(clientKey(c))) {
    throw authError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
}

/** Columns of auth.users that never leave the service (tokens and confirmation state). */
export interface UserSecrets {
  confirmation_token: string | null
  recovery_token: string | null
  email_change_token_new: string | null
  email_change_token_current: string | null
  email_change_confirm_status: number | null
  reauthentication_token: string | null
}

export async function userSecrets(db: Queryable, userId: string): Promise<UserSecrets> {
  const row = await queryOne<UserSecrets>(
    db,
    `select confirmation_token, recovery_token, email_change_token_new, email_change_token_current,
            email_change_confirm_status, reauthentication_token
       from users where id = $1`,
    [userId],
  )
  if (!row) throw authError(500, 'unexpected_failure', 'Database error finding user')
  return row
}

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

/** GoTrue's `generateFlowState` for an email flow: a PKCE auth code bound to the user. */
export async function createEmailFlowState(
  db: Queryable,
  flow: {
    userId: string
    method: string
    codeChallenge: string
    codeChallengeMethod: string
  },
): Promise<void> {
  const method = flow.codeChallengeMethod.toLowerCase()
  if (method !== 's256' && method !== 'plain') {
    throw authError(400, 'validation_failed', 'Invalid code_challenge_method')
  }
  await query(
    db,
    `insert into flow_state (id, user_id, auth_code, code_challenge, code_challenge_method,
       provider_type, authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3::code_challenge_method, $4, $4,
       now(), now())`,
    [flow.userId, flow.codeChallenge, method, flow.method],
  )
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
