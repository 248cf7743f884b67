import { describe, expect, it } from 'vitest'
import { newClient, newUser, stackInfo } from '../support.ts'

/**
 * What `supabase start` answers for the Auth features its default config.toml leaves off (MFA,
 * manual linking, SAML, Web3) and for phone codes when no account has a phone: GoTrue's own
 * refusals, after authentication where GoTrue authenticates first. Also the gateway's copy of a
 * legacy `apikey` into Authorization, which behind Kong carries no `Bearer`.
 */

const stack = stackInfo()
const FACTOR_ID = '0b6f2c4e-3f5a-4b7e-9a1d-2c3e4f5a6b7c'

function auth(path: string, init: RequestInit & { token?: string; apikey?: string } = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', init.apikey ?? stack.publishableKey)
  headers.set('X-Supabase-Api-Version', '2024-01-01')
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  if (init.body) headers.set('Content-Type', 'application/json;charset=UTF-8')
  return fetch(`${stack.apiUrl}/auth/v1${path}`, { ...init, headers })
}

async function expectError(response: Response, status: number, code: string, message: string) {
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ code, message })
}

describe('the gateway without an Authorization header', () => {
  it('copies a legacy JWT apikey without Bearer, so GoTrue asks for a Bearer token', async () => {
    const response = await auth('/user', { apikey: stack.anonKey })
    await expectError(
      response,
      401,
      'no_authorization',
      'This endpoint requires a valid Bearer token',
    )
  })

  it('turns a publishable key into Bearer <anon JWT>, which has no user', async () => {
    const response = await auth('/user')
    await expectError(response, 403, 'bad_jwt', 'invalid claim: missing sub claim')
  })
})

describe('MFA, off by default', () => {
  it('authenticates before it refuses to enrol', async () => {
    const response = await auth('/factors', {
      method: 'POST',
      apikey: stack.anonKey,
      body: JSON.stringify({ factor_type: 'totp' }),
    })
    await expectError(
      response,
      401,
      'no_authorization',
      'This endpoint requires a valid Bearer token',
    )
  })

  it('refuses each factor type with its own code', async () => {
    const { client, session } = await newUser('mfa')
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' })
    expect(error).toMatchObject({
      status: 422,
      code: 'mfa_totp_enroll_not_enabled',
      message: 'MFA enroll is disabled for TOTP',
    })
    const enroll = (factor_type: string) =>
      auth('/factors', {
        method: 'POST',
        token: session.access_token,
        body: JSON.stringify({ factor_type }),
      })
    for (const [factorType, status, code, message] of [
      ['webauthn', 422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
      ['phone', 422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
      ['sms', 400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn'],
    ] as const) {
      await expectError(await enroll(factorType), status, code, message)
    }
  })

  it('finds no factor to challenge, verify or unenrol', async () => {
    const { session } = await newUser('factor')
    const token = session.access_token
    await expectError(
      await auth('/factors/not-a-uuid/challenge', { method: 'POST', token, body: '{}' }),
      404,
      'validation_failed',
      'factor_id must be an UUID',
    )
    for (const [path, method] of [
      [`/factors/${FACTOR_ID}/challenge`, 'POST'],
      [`/factors/${FACTOR_ID}/verify`, 'POST'],
      [`/factors/${FACTOR_ID}`, 'DELETE'],
    ] as const) {
      await expectError(
        await auth(path, { method, token, body: '{}' }),
        404,
        'mfa_factor_not_found',
        'Factor not found',
      )
    }
  })
})

describe('other features off by default', () => {
  it('refuses manual linking after authentication', async () => {
    const { session } = await newUser('link')
    const token = session.access_token
    await expectError(
      await auth('/user/identities/authorize?provider=google&skip_http_redirect=true', {
        apikey: stack.anonKey,
      }),
      401,
      'no_authorization',
      'This endpoint requires a valid Bearer token',
    )
    for (const [path, method] of [
      ['/user/identities/authorize?provider=google&skip_http_redirect=true', 'GET'],
      [`/user/identities/${FACTOR_ID}`, 'DELETE'],
    ] as const) {
      await expectError(
        await auth(path, { method, token }),
        404,
        'manual_linking_disabled',
        'Manual linking is disabled',
      )
    }
  })

  it('answers every SAML route that SAML 2.0 is disabled', async () => {
    const { error } = await newClient().auth.signInWithSSO({ domain: 'example.test' })
    expect(error).toMatchObject({ status: 404, message: 'SAML 2.0 is disabled' })
    await expectError(
      await auth('/sso/saml/metadata'),
      404,
      'saml_provider_disabled',
      'SAML 2.0 is disabled',
    )
  })

  it('refuses the web3 grant', async () => {
    const response = await auth('/token?grant_type=web3', {
      method: 'POST',
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    })
    await expectError(response, 422, 'web3_provider_disabled', 'Web3 provider is disabled')
  })
})

describe('phone codes', () => {
  it('checks the number, then finds no account with it', async () => {
    const client = newClient()
    for (const [phone, type, status, code, message] of [
      ['+1 555 123 4567', 'sms', 403, 'otp_expired', 'Token has expired or is invalid'],
      [
        '1555-invalid',
        'phone_change',
        400,
        'validation_failed',
        'Invalid phone number format (E.164 required)',
      ],
    ] as const) {
      const { error } = await client.auth.verifyOtp({ phone, token: '123456', type })
      expect(error).toMatchObject({ status, code, message })
    }
  })
})
