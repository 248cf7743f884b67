import { AuthApiError } from '@supabase/supabase-js'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { afterAll, describe, expect, it } from 'vitest'
import { QUICK_PASSWORD_HASH_COST } from '../../src/auth/crypto.ts'
import { authRoutes } from '../../src/auth/routes.ts'
import { loadConfig, type StackConfig } from '../../src/config.ts'
import { ApiError } from '../../src/errors.ts'
import type { OutgoingMail } from '../../src/inbox/store.ts'
import { keysFor } from '../../src/keys.ts'
import {
  adminPool,
  codeIn,
  FIXTURE_DIR,
  implicitClient,
  lastMail,
  linkIn,
  newClient,
  newUser,
  rolePool,
  stackInfo,
} from '../support.ts'

/**
 * GoTrue conformance of the account calls (recovery, email links, PUT /user, resend,
 * reauthenticate) and of the rate limits, through the real supabase-js and the local inbox.
 */
const stack = stackInfo()
const db = adminPool()
afterAll(() => db.end())
const APP = 'http://127.0.0.1:3000/auth/callback'
const NEW_PASSWORD = 'a-brand-new-password'

describe('password recovery', () => {
  it('mails a PKCE link that redirects with a code, which signs in to set a new password', async () => {
    const { email, password } = await newUser('recover')
    const client = newClient()
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo: APP })
    expect(error).toBeNull()
    expect(data).toEqual({})
    const mail = await lastMail(email)
    expect(mail.Subject).toBe('Reset Your Password')
    const link = new URL(linkIn(mail))
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)

    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(APP)
    const code = location.searchParams.get('code') ?? ''
    const exchanged = await client.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.session?.user.email).toBe(email)

    const same = await client.auth.updateUser({ password })
    expect(same.error).toBeInstanceOf(AuthApiError)
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
    const weak = await client.auth.updateUser({ password: '123' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })
    const { error: updateError } = await client.auth.updateUser({ password: NEW_PASSWORD })
    expect(updateError).toBeNull()
    const signIn = await newClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })
    expect(signIn.error).toBeNull()

    // The link was used: the second visit lands on the app with otp_expired.
    const again = await fetch(link, { redirect: 'manual' })
    expect(again.status).toBe(303)
    const failed = new URL(again.headers.get('location') ?? '')
    expect(failed.searchParams.get('error_code')).toBe('otp_expired')
    expect(Object.fromEntries(new URLSearchParams(failed.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    })
  })

  it('signs in with the token_hash or the code of the mail (verifyOtp), once', async () => {
    const { email } = await newUser('hash')
    await implicitClient().auth.resetPasswordForEmail(email)
    const tokenHash = new URL(linkIn(await lastMail(email))).searchParams.get('token') ?? ''
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/)
    const client = newClient()
    const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email).toBe(email)
    const reused = await newClient().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' })

    // Ask again a second later (max_frequency) for a code.
    await db.query(
      `update auth.users set recovery_sent_at = now() - interval '2 seconds' where email = $1`,
      [email],
    )
    await implicitClient().auth.resetPasswordForEmail(email)
    const code = codeIn(await lastMail(email))
    const wrong = await newClient().auth.verifyOtp({ email, token: '000000', type: 'recovery' })
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' })
    const byCode = await newClient().auth.verifyOtp({ email, token: code, type: 'recovery' })
    expect(byCode.error).toBeNull()
  })

  it('answers the same for an unregistered address, and refuses a malformed one', async () => {
    const unknown = await newClient().auth.resetPasswordForEmail(
      `nobody-${Date.now()}@example.test`,
    )
    expect(unknown).toEqual({ data: {}, error: null })
    const bad = await newClient().auth.resetPasswordForEmail('not-an-email')
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })
})

describe('PUT /user', () => {
  it('changes the email once the link sent to the new address is opened', async () => {
    const { client, email } = await newUser('change')
    const next = `next-${Date.now()}-${email}`
    const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: APP })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, new_email: next })
    // double_confirm_changes (the CLI default): both addresses get a link.
    const toOld = await lastMail(email)
    expect(toOld.Subject).toBe('Confirm Email Change')
    const response = await fetch(linkIn(await lastMail(next)), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    const exchanged = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    )
    expect(exchanged.error).toBeNull()
    expect((await client.auth.getUser()).data.user?.email).toBe(next)
  })

  it('merges user metadata and refuses a taken address or app_metadata', async () => {
    const { client } = await newUser('meta')
    const other = await newUser('taken')
    await client.auth.updateUser({ data: { nickname: 'Ace', hcp: 12 } })
    const { data } = await client.auth.updateUser({ data: { hcp: null } })
    expect(data.user?.user_metadata).toMatchObject({ nickname: 'Ace' })
    expect(data.user?.user_metadata).not.toHaveProperty('hcp')
    const taken = await client.auth.updateUser({ email: other.email })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })
    const session = (await client.auth.getSession()).data.session
    const admin = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: stack.publishableKey,
        Authorization: `Bearer ${session?.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    })
    expect(admin.status).toBe(403)
    expect(await admin.json()).toMatchObject({ code: 'not_admin' })
  })

  it('resends an email change (POST /resend) and says nothing about unknown addresses', async () => {
    const { client, email } = await newUser('resend')
    await client.auth.updateUser({ email: `r-${Date.now()}-${email}` })
    await db.query(
      `update auth.users set email_change_sent_at = now() - interval '2 seconds' where email = $1`,
      [email],
    )
    const resent = await newClient().auth.resend({ type: 'email_change', email })
    expect(resent.error).toBeNull()
    const unknown = await newClient().auth.resend({
      type: 'signup',
      email: `none-${Date.now()}@example.test`,
    })
    expect(unknown.error).toBeNull()
    const bad = await newClient().auth.resend({ type: 'signup', email: 'bad' })
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })
})

/** The Auth service under another config, in-process on the same database, its mails captured. */
describe('Auth with other [auth.email] and [auth.rate_limit] settings', () => {
  const authDb = rolePool('supabase_auth_admin')
  afterAll(() => authDb.end())

  async function authService(configure: (auth: StackConfig['auth']) => void) {
    const config = structuredClone(loadConfig(FIXTURE_DIR))
    configure(config.auth)
    const mails: OutgoingMail[] = []
    const app = new Hono()
    app.route(
      '/auth/v1',
      authRoutes({
        config,
        keys: await keysFor(stack.jwtSecret),
        authDb,
        restDb: authDb,
        adminDb: db,
        adminDbUrl: stack.superuserDbUrl,
        apiUrl: stack.apiUrl,
        log: () => undefined,
        passwordHashCost: QUICK_PASSWORD_HASH_COST,
        mailer: { send: (mail) => void mails.push(mail) },
      }),
    )
    app.onError((error, c) => {
      if (!(error instanceof ApiError)) throw error
      return c.json(error.body, error.status as ContentfulStatusCode, error.headers)
    })
    const request = async (path: string, init: RequestInit & { bearer?: string } = {}) => {
      const headers = new Headers(init.headers)
      headers.set('X-Supabase-Api-Version', '2024-01-01')
      if (init.bearer) headers.set('Authorization', `Bearer ${init.bearer}`)
      if (init.body) headers.set('Content-Type', 'application/json')
      const response = await app.request(`/auth/v1${path}`, { ...init, headers })
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as Record<string, unknown>,
      }
    }
    return { request, mails }
  }

  it('limits sign-ups and recoveries per IP (sign_in_sign_ups) with over_request_rate_limit', async () => {
    const { request } = await authService((auth) => {
      auth.rateLimit.signInSignUps = 2
    })
    const body = JSON.stringify({ email: `nobody-${Date.now()}@example.test` })
    const headers = { 'X-Forwarded-For': '203.0.113.7' }
    expect((await request('/recover', { method: 'POST', body, headers })).status).toBe(200)
    const second = await request('/recover', {
      method: 'POST',
      body: JSON.stringify({ email: `x${Date.now()}@example.test` }),
      headers,
    })
    expect(second.status).toBe(200)
    const third = await request('/signup', { method: 'POST', body, headers })
    expect(third).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    })
    // Another address has its own budget.
    const elsewhere = await request('/recover', {
      method: 'POST',
      body: JSON.stringify({ email: `y${Date.now()}@example.test` }),
      headers: { 'X-Forwarded-For': '203.0.113.8' },
    })
    expect(elsewhere.status).toBe(200)
  })

  it('limits /token grants (token_refresh) and /verify (token_verifications)', async () => {
    const { request } = await authService((auth) => {
      auth.rateLimit.tokenRefresh = 1
      auth.rateLimit.tokenVerifications = 1
    })
    const login = JSON.stringify({ email: 'none@example.test', password: 'whatever-password' })
    expect(
      (await request('/token?grant_type=password', { method: 'POST', body: login })).status,
    ).toBe(400)
    expect(
      (await request('/token?grant_type=password', { method: 'POST', body: login })).body,
    ).toMatchObject({ code: 'over_request_rate_limit' })
    const verify = JSON.stringify({ type: 'recovery', token_hash: 'f'.repeat(56) })
    expect((await request('/verify', { method: 'POST', body: verify })).body).toMatchObject({
      code: 'otp_expired',
    })
    expect((await request('/verify', { method: 'POST', body: verify })).status).toBe(429)
  })

  it('refuses a second mail within max_frequency, for registered and unknown addresses alike', async () => {
    const { request, mails } = await authService((auth) => {
      auth.email.maxFrequencySeconds = 60
    })
    const { email } = await newUser('frequency')
    const unknown = `ghost-${Date.now()}@example.test`
    for (const address of [email, unknown]) {
      const body = JSON.stringify({ email: address })
      expect(await request('/recover', { method: 'POST', body })).toEqual({ status: 200, body: {} })
      const again = await request('/recover', { method: 'POST', body })
      expect(again.status).toBe(429)
      expect(again.body).toMatchObject({ code: 'over_email_send_rate_limit' })
      expect(String(again.body.message)).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      )
    }
    expect(mails.map((mail) => mail.to[0]?.Address)).toEqual([email])
  })

  it('counts mails per hour (email_sent) when confirmations are on', async () => {
    const { request } = await authService((auth) => {
      auth.enableConfirmations = true
      auth.rateLimit.emailSent = 1
    })
    const first = await newUser('quota-a')
    const second = await newUser('quota-b')
    expect(
      (await request('/recover', { method: 'POST', body: JSON.stringify({ email: first.email }) }))
        .status,
    ).toBe(200)
    expect(
      await request('/recover', { method: 'POST', body: JSON.stringify({ email: second.email }) }),
    ).toEqual({
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
    })
  })

  it('answers signInWithOtp for a new address with the signup confirmation when confirmations are on', async () => {
    const { request, mails } = await authService((auth) => {
      auth.enableConfirmations = true
    })
    const email = `otp-confirm-${Date.now()}@example.test`
    const body = JSON.stringify({ email, data: { hcp: 12 } })
    expect(await request('/otp', { method: 'POST', body })).toEqual({ status: 200, body: {} })
    expect(mails.map((mail) => [mail.to[0]?.Address, mail.subject])).toEqual([
      [email, 'Confirm Your Email'],
    ])
    expect(mails[0]?.html).toContain('type=signup')
    const code = /code: (\d{6})/.exec(mails[0]?.html ?? '')?.[1] ?? ''
    const verified = await request('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email', email, token: code }),
    })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toMatchObject({ email, user_metadata: { hcp: 12 } })

    const closed = await authService((auth) => {
      auth.enableSignup = false
    })
    const stranger = JSON.stringify({ email: `otp-closed-${Date.now()}@example.test` })
    expect(await closed.request('/otp', { method: 'POST', body: stranger })).toEqual({
      status: 422,
      body: { code: 'signup_disabled', message: 'Signups not allowed for this instance' },
    })
  })

  it('asks for a nonce (GET /reauthenticate) to change the password of an old session', async () => {
    const { request, mails } = await authService((auth) => {
      auth.email.securePasswordChange = true
    })
    const { email, session } = await newUser('reauth')
    const bearer = session.access_token
    const change = (extra: Record<string, string> = {}) =>
      request('/user', {
        method: 'PUT',
        bearer,
        body: JSON.stringify({ password: NEW_PASSWORD, ...extra }),
      })
    await db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`,
      [session.user.id],
    )
    expect(await change()).toEqual({
      status: 400,
      body: {
        code: 'reauthentication_needed',
        message: 'Password update requires reauthentication',
      },
    })
    expect((await change({ nonce: '123456' })).body).toMatchObject({
      code: 'reauthentication_not_valid',
    })
    expect(await request('/reauthenticate', { bearer })).toEqual({ status: 200, body: {} })
    const mail = mails.at(-1)
    expect(mail?.to[0]?.Address).toBe(email)
    const nonce = /code: (\d{6})/.exec(mail?.html ?? '')?.[1] ?? ''
    expect((await change({ nonce })).status).toBe(200)
    // A nonce works once.
    expect((await change({ nonce })).body).toMatchObject({ code: 'reauthentication_not_valid' })
  })
})
