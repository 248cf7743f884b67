import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { authError } from './errors.ts'
import { authenticate } from './tokens.ts'
import { isUuid, readJsonBody, stringField } from './validation.ts'

/**
 * GoTrue's `mfa.go` as `supabase start` runs it by default: `[auth.mfa.totp]` and
 * `[auth.mfa.phone]` enrolment off and WebAuthn not configured, so every factor type is refused
 * and no user has a factor. The routes still authenticate first, as GoTrue's do.
 */
const ENROLL_DISABLED: Record<string, [code: string, message: string]> = {
  phone: ['mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
  totp: ['mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP'],
  webauthn: ['mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
}

/** POST /factors — `EnrollFactor`. */
export async function enrollFactor(c: Context, ctx: ServiceContext): Promise<Response> {
  await authenticate(c, ctx)
  const body = await readJsonBody(c, 'EnrollFactorParams')
  const refusal = ENROLL_DISABLED[stringField(body, 'factor_type', 'EnrollFactorParams')]
  if (refusal) throw authError(422, ...refusal)
  throw authError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn')
}

/** /factors/{factor_id}[/challenge|/verify] — `loadFactor`, which finds no factor here. */
export async function loadFactor(c: Context, ctx: ServiceContext): Promise<Response> {
  await authenticate(c, ctx)
  if (!isUuid(c.req.param('factor_id') ?? '')) {
    throw authError(404, 'validation_failed', 'factor_id must be an UUID')
  }
  throw authError(404, 'mfa_factor_not_found', 'Factor not found')
}
