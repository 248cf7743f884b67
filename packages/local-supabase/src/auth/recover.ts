import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { checkFrequency, checkMailLimit, composeRecoveryForTiming, mailLink } from './mail.ts'
import type { AuthLimits } from './rate-limit.ts'
import { inTransaction, query } from './db.ts'
import { authError } from './errors.ts'
import { chooseRedirect } from './redirect-urls.ts'
import { findUserByEmail, findUserById } from './users.ts'
import {
  readJsonBody,
  requestAudience,
  stringField,
  validateEmail,
  validatePkceParams,
} from './validation.ts'

/**
 * POST /recover — GoTrue's `Recover`: mails a recovery link (and code) to a registered address,
 * and answers `{}` whether or not the address is registered. Unlike GoTrue, which returns at once
 * for an unknown address, both paths do the same work (a token, a rendered mail, an update in a
 * transaction) and the same `max_frequency` refusal, so neither the answer nor its timing tells
 * who has an account.
 */
export async function recover(c: Context, ctx: ServiceContext, limits: AuthLimits) {
  const config = ctx.config.auth
  if (!config.emailEnableSignup) {
    throw authError(400, 'email_provider_disabled', 'Email logins are disabled')
  }
  const body = await readJsonBody(c, 'RecoverParams')
  const rawEmail = stringField(body, 'email', 'RecoverParams')
  const codeChallenge = stringField(body, 'code_challenge', 'RecoverParams')
  const codeChallengeMethod = stringField(body, 'code_challenge_method', 'RecoverParams')
  if (rawEmail === '') {
    throw authError(400, 'validation_failed', 'Password recovery requires an email')
  }
  const email = validateEmail(rawEmail)
  validatePkceParams(codeChallengeMethod, codeChallenge)
  const pkce = codeChallenge !== ''
  const redirectTo = chooseRedirect(config, c.req.query('redirect_to'), c.req.header('referer'))

  const found = await findUserByEmail(ctx.authDb, email, requestAudience(c))
  if (!found) {
    const askedAt = limits.recoveryAskedAt.get(email) ?? null
    checkFrequency(config, askedAt)
    checkMailLimit(ctx, limits, false)
    limits.recoveryAskedAt.set(email, Date.now())
    if (limits.recoveryAskedAt.size > 10_000) limits.recoveryAskedAt.clear()
    composeRecoveryForTiming(ctx, email, pkce, redirectTo)
    // The same round trips as a real recovery, touching no row.
    await inTransaction(ctx.authDb, async (client) => {
      await query(client, 'select id from users where id = $1 for update', [
        '00000000-0000-0000-0000-000000000000',
      ])
      await query(
        client,
        `update users set recovery_token = $2, recovery_sent_at = now(), updated_at = now()
          where id = $1`,
        ['00000000-0000-0000-0000-000000000000', ''],
      )
    })
    return c.json({})
  }

  await inTransaction(ctx.authDb, async (client) => {
    const user = await findUserById(client, found.row.id, { forUpdate: true })
    if (!user) throw authError(500, 'unexpected_failure', 'Database error finding user')
    await mailLink(ctx, client, limits, {
      kind: 'recovery',
      user,
      to: user.row.email ?? email,
      flowMethod: 'recovery',
      codeChallenge,
      codeChallengeMethod,
      redirectTo,
    })
  })
  return c.json({})
}
