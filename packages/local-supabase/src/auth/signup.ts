import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { hashPassword } from './crypto.ts'
import { inTransaction, isUniqueViolation } from './db.ts'
import { authError } from './errors.ts'
import { grantContext, issueSession } from './sessions.ts'
import {
  confirmEmail,
  findUserById,
  findUserOwningEmail,
  insertIdentity,
  insertUser,
  keepOnlyIdentity,
  userJson,
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

/** POST /signup — GoTrue's `Signup` for email + password. */
export async function signup(c: Context, ctx: ServiceContext): Promise<Response> {
  const config = ctx.config.auth
  const body = await readJsonBody(c, 'SignupParams')
  const email = stringField(body, 'email', 'SignupParams')
  const phone = stringField(body, 'phone', 'SignupParams')
  const password = stringField(body, 'password', 'SignupParams')
  const data = objectField(body, 'data', 'SignupParams')
  const codeChallenge = stringField(body, 'code_challenge', 'SignupParams')
  const codeChallengeMethod = stringField(body, 'code_challenge_method', 'SignupParams')

  if (email === '' && phone === '') {
    throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  if (!config.enableSignup) {
    throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
  }
  if (password === '') {
    throw authError(400, 'validation_failed', 'Signup requires a valid password')
  }
  assertStrongPassword(password, config)
  if (email !== '' && phone !== '') {
    throw authError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    )
  }
  if (phone !== '' && codeChallenge !== '') {
    throw authError(400, 'validation_failed', 'PKCE not supported for phone signups')
  }
  validatePkceParams(codeChallengeMethod, codeChallenge)
  if (email === '') {
    throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled')
  }
  if (!config.emailEnableSignup) {
    throw authError(400, 'email_provider_disabled', 'Email signups are disabled')
  }
  const normalisedEmail = validateEmail(email)
  const aud = requestAudience(c)
  const autoconfirm = !config.enableConfirmations
  const existing = await findUserOwningEmail(ctx.authDb, normalisedEmail, aud)
  if (existing?.row.email_confirmed_at) {
    if (autoconfirm) throw authError(422, 'user_already_exists', 'User already registered')
    return c.json(obfuscatedUser(normalisedEmail, aud, data))
  }

  // Hashing is deliberately slow, so it happens before the transaction opens.
  const encryptedPassword = existing ? null : await hashPassword(password, ctx.passwordHashCost)
  const grant = grantContext(c)
  const result = await inTransaction(ctx.authDb, async (client) => {
    let userId = existing?.row.id
    if (!userId) {
      try {
        userId = await insertUser(client, {
          email: normalisedEmail,
          encryptedPassword,
          aud,
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: data,
        })
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_partial_key')) {
          throw authError(422, 'user_already_exists', 'User already registered')
        }
        throw Object.assign(
          authError(500, 'unexpected_failure', 'Database error saving new user'),
          { cause: error },
        )
      }
    }
    const user = await findUserById(client, userId)
    if (!user) throw authError(500, 'unexpected_failure', 'Database error loading user')
    if (!user.identities.some((identity) => identity.provider === 'email')) {
      const identityData: Record<string, unknown> = {
        sub: userId,
        email: normalisedEmail,
        email_verified: false,
        phone_verified: false,
      }
      for (const [key, value] of Object.entries(data)) {
        if (!(key in identityData)) identityData[key] = value
      }
      await insertIdentity(client, userId, 'email', identityData)
      await keepOnlyIdentity(client, userId, {
        provider: 'email',
        providerId: userId,
        data: identityData,
      })
    }
    if (!autoconfirm) {
      // GoTrue would send a confirmation e-mail now; this stack sends no mail.
      await client.query(
        'update users set confirmation_sent_at = now(), updated_at = now() where id = $1',
        [userId],
      )
      return { kind: 'user' as const, user: await findUserById(client, userId) }
    }
    await confirmEmail(client, userId)
    return {
      kind: 'session' as const,
      session: await issueSession(ctx, client, userId, 'password', grant),
    }
  })
  if (result.kind === 'session') return c.json(result.session)
  return c.json(result.user ? userJson(result.user) : {})
}

/** GoTrue's `sanitizeUser`: a plausible stranger, so a duplicate sign-up reveals nothing. */
function obfuscatedUser(email: string, aud: string, data: Record<string, unknown>) {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
