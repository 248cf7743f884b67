import {
  AuthApiError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
  type Session,
  type SupabaseClient,
} from '@supabase/supabase-js'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createRequire } from 'node:module'
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose'
import { afterAll, describe, expect, it } from 'vitest'
import { QUICK_PASSWORD_HASH_COST } from '../../src/auth/crypto.ts'
import { authRoutes } from '../../src/auth/routes.ts'
import { loadConfig, type StackConfig } from '../../src/config.ts'
import { ApiError } from '../../src/errors.ts'
import { keysFor } from '../../src/keys.ts'
import { adminPool, FIXTURE_DIR, newClient, rolePool, stackInfo } from '../support.ts'

/**
 * GoTrue conformance of the local stack's /auth/v1, driven through the real supabase-js exactly
 * as a browser app uses it (PKCE, in-memory storage), with both kinds of API key. Protocol details the
 * client hides (status, headers, error body shapes, redirects) are checked with plain fetch.
 */

const stack = stackInfo()
const config = loadConfig(FIXTURE_DIR)
const db = adminPool()
afterAll(() => db.end())

const PASSWORD = 'correct-horse-battery'
/** Allowed because it is on site_url's host (127.0.0.1). */
const APP_CALLBACK = 'http://127.0.0.1:3000/auth/callback'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let emailCount = 0
const uniqueEmail = (label: string) =>
  `${label}-${process.pid}-${Date.now()}-${(emailCount += 1)}@example.test`

const jwtKey = new TextEncoder().encode(stack.jwtSecret)

// jsdom (already the unit tests' DOM) parses the stand-in page; it ships no type declarations,
// and only the standard DOM it exposes is used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window }
}

async function verifiedClaims(accessToken: string): Promise<JWTPayload & Record<string, unknown>> {
  const { payload } = await jwtVerify(accessToken, jwtKey, { algorithms: ['HS256'] })
  return payload as JWTPayload & Record<string, unknown>
}

async function signUp(key: string, label: string) {
  const client = newClient(key)
  const email = uniqueEmail(label)
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  expect(error).toBeNull()
  if (!data.session || !data.user) throw new Error('sign-up returned no session')
  return { client, email, session: data.session, user: data.user }
}

/** A request the way auth-js makes it, minus the client: for what the client does not expose. */
function authFetch(
  path: string,
  init: RequestInit & { key?: string; apiVersion?: boolean; bearer?: string } = {},
) {
  const { key = stack.publishableKey, apiVersion = true, bearer, ...rest } = init
  const headers = new Headers(rest.headers)
  headers.set('apikey', key)
  if (apiVersion) headers.set('X-Supabase-Api-Version', '2024-01-01')
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`)
  if (rest.body) headers.set('Content-Type', 'application/json;charset=UTF-8')
  return fetch(`${stack.apiUrl}/auth/v1${path}`, { ...rest, headers, redirect: 'manual' })
}

async function refreshTokensOfSession(sessionId: string) {
  const { rows } = await db.query<{ token: string; revoked: boolean; parent: string | null }>(
    'select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id',
    [sessionId],
  )
  return rows
}

/** Makes a used refresh token look used longer ago than the configured reuse interval. */
async function ageRefreshTokenPastReuseInterval(token: string) {
  await db.query(
    `update auth.refresh_tokens set updated_at = now() - ($2::int + 1) * interval '1 second'
      where token = $1`,
    [token, config.auth.refreshTokenReuseInterval],
  )
}

interface StandInPage {
  url: string
  html: string
  title: string
  headers: Headers
  action: URL
  hiddenFields: Record<string, string>
}

/** Opens data.url from signInWithOAuth the way a browser would, and reads the stand-in form. */
async function openStandInPage(url: string): Promise<StandInPage> {
  const response = await fetch(url, { redirect: 'manual' })
  expect(response.status).toBe(200)
  const html = await response.text()
  const { document } = new JSDOM(html, { url }).window
  const form = document.querySelector('form')
  if (!form) throw new Error('the stand-in page has no form')
  expect(form.method.toLowerCase()).toBe('post')
  const hiddenFields: Record<string, string> = {}
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[type="hidden"]'))) {
    hiddenFields[input.name] = input.value
  }
  return {
    url,
    html,
    title: document.title,
    headers: response.headers,
    action: new URL(form.getAttribute('action') ?? '', url),
    hiddenFields,
  }
}

/** Posts the stand-in form like a browser: its hidden fields, the typed fields, the button. */
function submitStandInPage(page: StandInPage, fields: Record<string, string>) {
  return fetch(page.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...page.hiddenFields, ...fields }),
    redirect: 'manual',
  })
}

async function startGoogleSignIn(client: SupabaseClient, redirectTo = APP_CALLBACK) {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  })
  expect(error).toBeNull()
  if (!data.url) throw new Error('signInWithOAuth returned no url')
  return openStandInPage(data.url)
}

/** The stand-in flow up to the app's callback URL, whose ?code= the app then exchanges. */
async function googleCallbackUrl(
  client: SupabaseClient,
  email: string,
  name: string,
  redirectTo = APP_CALLBACK,
) {
  const page = await startGoogleSignIn(client, redirectTo)
  const response = await submitStandInPage(page, { email, name })
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location') ?? '')
}

async function signInWithGoogle(client: SupabaseClient, email: string, name: string) {
  const callback = await googleCallbackUrl(client, email, name)
  const code = callback.searchParams.get('code') ?? ''
  const { data, error } = await client.auth.exchangeCodeForSession(code)
  expect(error).toBeNull()
  if (!data.session) throw new Error('the code exchange returned no session')
  return data.session
}

describe.each([
  ['the anon JWT', stack.anonKey],
  ['the publishable key', stack.publishableKey],
])('Auth through supabase-js with %s', (_label, key) => {
  it('signs up with auto-confirm and returns a session, user and access token as GoTrue does', async () => {
    const client = newClient(key)
    const typed = `Mixed.Case-${uniqueEmail('signup')}`.replace('@example.test', '@Example.TEST')
    const { data, error } = await client.auth.signUp({
      email: typed,
      password: PASSWORD,
      options: { data: { display_name: 'Ann Albatross' } },
    })
    expect(error).toBeNull()
    const { session, user } = data
    if (!session || !user) throw new Error('no session')

    const email = typed.toLowerCase()
    expect(user).toMatchObject({
      id: expect.stringMatching(UUID),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        sub: user.id,
        email,
        email_verified: true,
        phone_verified: false,
        display_name: 'Ann Albatross',
      },
      is_anonymous: false,
    })
    expect(user.email_confirmed_at).toEqual(expect.any(String))
    expect(user.last_sign_in_at).toEqual(expect.any(String))
    expect(user.identities).toHaveLength(1)
    expect(user.identities?.[0]).toMatchObject({
      id: user.id,
      identity_id: expect.stringMatching(UUID),
      user_id: user.id,
      provider: 'email',
      email,
      identity_data: { sub: user.id, email, email_verified: false, phone_verified: false },
    })

    expect(session).toMatchObject({ token_type: 'bearer', expires_in: config.auth.jwtExpiry })
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/)
    expect(decodeProtectedHeader(session.access_token)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const claims = await verifiedClaims(session.access_token)
    expect(claims).toMatchObject({
      iss: `${stack.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(UUID),
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(claims.exp).toBe((claims.iat ?? 0) + config.auth.jwtExpiry)
    expect(session.expires_at).toBe(claims.exp)

    const stored = await client.auth.getSession()
    expect(stored.data.session?.access_token).toBe(session.access_token)
    const { rows } = await db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [user.id],
    )
    // Go's bcrypt prefix, at the cost this throwaway stack hashes with (GoTrue's 10 elsewhere).
    expect(rows[0]?.encrypted_password).toMatch(/^\$2a\$04\$/)
    const tokens = await refreshTokensOfSession(String(claims.session_id))
    expect(tokens).toEqual([{ token: session.refresh_token, revoked: false, parent: null }])
  })

  it('refuses a duplicate sign-up, in any letter case, with user_already_exists', async () => {
    const { email } = await signUp(key, 'duplicate')
    for (const again of [email, email.toUpperCase()]) {
      const { data, error } = await newClient(key).auth.signUp({ email: again, password: PASSWORD })
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error).toMatchObject({
        status: 422,
        code: 'user_already_exists',
        message: 'User already registered',
      })
      expect(data.session).toBeNull()
    }
  })

  it('refuses a short password with weak_password and its reasons', async () => {
    const { error } = await newClient(key).auth.signUp({
      email: uniqueEmail('weak'),
      password: '12345',
    })
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: `Password should be at least ${config.auth.minimumPasswordLength} characters.`,
      reasons: ['length'],
    })
  })

  it('signs in with the right password and refuses a wrong one or an unknown email', async () => {
    const { email, session: first } = await signUp(key, 'password')
    const client = newClient(key)

    for (const attempt of [
      { email, password: `${PASSWORD}-nope` },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const { data, error } = await client.auth.signInWithPassword(attempt)
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      })
      expect(data.session).toBeNull()
    }

    const { data, error } = await client.auth.signInWithPassword({
      email: email.toUpperCase(),
      password: PASSWORD,
    })
    expect(error).toBeNull()
    const second = await verifiedClaims(data.session?.access_token ?? '')
    const firstClaims = await verifiedClaims(first.access_token)
    expect(second.sub).toBe(firstClaims.sub)
    expect(second.session_id).not.toBe(firstClaims.session_id)
    expect(second.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
  })

  it('rotates the refresh token on refreshSession and keeps the session', async () => {
    const { client, session } = await signUp(key, 'refresh')
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    const refreshed = data.session as Session
    expect(refreshed.refresh_token).toMatch(/^[a-z0-9]{12}$/)
    expect(refreshed.refresh_token).not.toBe(session.refresh_token)

    const before = await verifiedClaims(session.access_token)
    const after = await verifiedClaims(refreshed.access_token)
    expect(after.session_id).toBe(before.session_id)
    expect(after.amr).toEqual(before.amr)
    expect((await client.auth.getSession()).data.session?.refresh_token).toBe(
      refreshed.refresh_token,
    )
    expect(await refreshTokensOfSession(String(before.session_id))).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: refreshed.refresh_token, revoked: false, parent: session.refresh_token },
    ])
  })

  it('answers a reused refresh token within the reuse interval with the active token', async () => {
    // GoTrue lets a client that lost the answer to a refresh try again (reuse interval 10 s,
    // config.toml): it is handed the token already issued, not a new branch of the family.
    const { client, session } = await signUp(key, 'reuse')
    const rotated = (await client.auth.refreshSession()).data.session as Session
    const { data, error } = await client.auth.refreshSession({
      refresh_token: session.refresh_token,
    })
    expect(error).toBeNull()
    expect(data.session?.refresh_token).toBe(rotated.refresh_token)
    const claims = await verifiedClaims(session.access_token)
    expect(await refreshTokensOfSession(String(claims.session_id))).toHaveLength(2)
  })

  it('detects reuse of an old refresh token after the interval and revokes the whole family', async () => {
    // Waiting out the interval would make the suite slow, so the used tokens are aged in the
    // database instead; the server compares their revocation time with now().
    const { client, session } = await signUp(key, 'reuse-late')
    const first = session.refresh_token
    const second = (await client.auth.refreshSession()).data.session?.refresh_token ?? ''
    const third = (await client.auth.refreshSession()).data.session?.refresh_token ?? ''
    await ageRefreshTokenPastReuseInterval(first)
    await ageRefreshTokenPastReuseInterval(second)

    // The direct parent of the active token is still answered with it (a lost response)…
    const retry = await client.auth.refreshSession({ refresh_token: second })
    expect(retry.error).toBeNull()
    expect(retry.data.session?.refresh_token).toBe(third)

    // …but an older one is an attack: refused, and every token of the session revoked.
    const { data, error } = await client.auth.refreshSession({ refresh_token: first })
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    expect(data.session).toBeNull()
    const claims = await verifiedClaims(session.access_token)
    const tokens = await refreshTokensOfSession(String(claims.session_id))
    expect(tokens.map((token) => token.revoked)).toEqual([true, true, true])
  })

  it('refuses unknown and malformed refresh tokens', async () => {
    const client = newClient(key)
    const unknown = await client.auth.refreshSession({ refresh_token: 'abcdefghijkl' })
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const malformed = await client.auth.refreshSession({ refresh_token: 'short' })
    expect(malformed.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Refresh token is not valid',
    })
  })

  it('revokes the session on sign-out: the old access token gets session_not_found', async () => {
    const { client, session } = await signUp(key, 'signout')
    expect((await client.auth.getUser(session.access_token)).error).toBeNull()

    expect((await client.auth.signOut()).error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()

    const { data, error } = await client.auth.getUser(session.access_token)
    expect(error).toBeInstanceOf(AuthSessionMissingError)
    expect(data.user).toBeNull()

    const response = await authFetch('/user', { key, bearer: session.access_token })
    expect(response.status).toBe(403)
    expect(response.headers.get('x-sb-error-code')).toBe('session_not_found')
    expect(await response.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })

    const refreshed = await newClient(key).auth.refreshSession({
      refresh_token: session.refresh_token,
    })
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
  })

  it('signs out other devices (scope others) or only this one (scope local)', async () => {
    const { client: phone, email } = await signUp(key, 'scopes')
    const laptop = newClient(key)
    const tablet = newClient(key)
    for (const device of [laptop, tablet]) {
      expect((await device.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    }

    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await laptop.auth.getUser()).error).toBeNull()
    expect((await phone.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)
    expect((await tablet.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError)

    const laptopToken = (await laptop.auth.getSession()).data.session?.access_token ?? ''
    expect((await laptop.auth.signOut({ scope: 'local' })).error).toBeNull()
    const response = await authFetch('/user', { key, bearer: laptopToken })
    expect(response.status).toBe(403)
  })

  it('signs in with Google through the stand-in page and a PKCE code exchange', async () => {
    const client = newClient(key)
    const page = await startGoogleSignIn(client)
    expect(page.url).toContain(`${stack.apiUrl}/auth/v1/authorize?provider=google&`)
    expect(page.title).toMatch(/^Local test sign-in/)
    expect(page.html).toContain('not Google')
    expect(page.hiddenFields.state).toMatch(UUID)
    expect(page.action.href).toBe(`${stack.apiUrl}/auth/v1/callback`)

    const email = uniqueEmail('Google')
    const response = await submitStandInPage(page, { email, name: 'Greta Green' })
    expect(response.status).toBe(302)
    const callback = new URL(response.headers.get('location') ?? '')
    expect(`${callback.origin}${callback.pathname}`).toBe(APP_CALLBACK)
    expect([...callback.searchParams.keys()]).toEqual(['code'])
    expect(callback.hash).toBe('')
    const code = callback.searchParams.get('code') ?? ''
    expect(code).toMatch(UUID)

    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    const { user, session } = data
    if (!user || !session) throw new Error('no session')
    const lower = email.toLowerCase()
    expect(user).toMatchObject({
      email: lower,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: {
        iss: 'https://accounts.google.com',
        sub: expect.stringMatching(/^\d{21}$/),
        name: 'Greta Green',
        full_name: 'Greta Green',
        email: lower,
        email_verified: true,
      },
    })
    expect(user.email_confirmed_at).toEqual(expect.any(String))
    expect(user.identities).toHaveLength(1)
    const identity = user.identities?.[0]
    expect(identity).toMatchObject({
      provider: 'google',
      user_id: user.id,
      id: user.user_metadata.sub,
      email: lower,
      identity_data: {
        iss: 'https://accounts.google.com',
        sub: user.user_metadata.sub,
        provider_id: user.user_metadata.sub,
        name: 'Greta Green',
        email: lower,
        email_verified: true,
        phone_verified: false,
      },
    })
    const claims = await verifiedClaims(session.access_token)
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }])
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id)

    // The code is single use.
    const reused = await authFetch('/token?grant_type=pkce', {
      key,
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    })
    expect(reused.status).toBe(404)
    expect(await reused.json()).toMatchObject({ code: 'flow_state_not_found' })

    // The same Google account again is the same user and identity.
    const again = await signInWithGoogle(newClient(key), email, 'Greta Green')
    expect(again.user.id).toBe(user.id)
    expect(again.user.identities?.map((each) => each.id)).toEqual([identity?.id])
  })

  it('links a Google sign-in to the existing email account with the same address', async () => {
    const { email, user } = await signUp(key, 'linked')
    const session = await signInWithGoogle(newClient(key), email, 'Linked User')
    expect(session.user.id).toBe(user.id)
    expect(session.user.app_metadata).toMatchObject({
      provider: 'email',
      providers: ['email', 'google'],
    })
    expect(session.user.identities?.map((identity) => identity.provider)).toEqual([
      'email',
      'google',
    ])
    // The password still works after linking.
    const { error } = await newClient(key).auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
  })

  it('returns the provider error to the app when the user cancels', async () => {
    const client = newClient(key)
    const page = await startGoogleSignIn(client)
    // The Cancel button submits error=access_denied, which is what Google sends on a refusal.
    const response = await submitStandInPage(page, { error: 'access_denied' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(APP_CALLBACK)
    expect(location.searchParams.get('error')).toBe('access_denied')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('error')).toBe('access_denied')
    expect(fragment.has('sb')).toBe(true)
    expect(location.searchParams.has('code')).toBe(false)
  })
})

describe('Auth wire details', () => {
  it('uses the 2024-01-01 error shape with the version header, and echoes the version', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:3000' },
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: PASSWORD }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i)
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
  })

  it('uses the legacy error shape without the version header', async () => {
    const response = await authFetch('/token?grant_type=password', {
      apiVersion: false,
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: PASSWORD }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBeNull()
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })

    const weak = await authFetch('/signup', {
      apiVersion: false,
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('weak'), password: '123' }),
    })
    expect(weak.status).toBe(422)
    expect(await weak.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    })
  })

  it('validates sign-up input as GoTrue does', async () => {
    const cases: Array<[unknown, number, string, string]> = [
      [
        { email: uniqueEmail('x'), password: '' },
        400,
        'validation_failed',
        'Signup requires a valid password',
      ],
      [
        { email: 'not-an-email', password: PASSWORD },
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      ],
      [
        { password: PASSWORD },
        422,
        'anonymous_provider_disabled',
        'Anonymous sign-ins are disabled',
      ],
      [
        { email: uniqueEmail('x'), password: 'x'.repeat(73) },
        400,
        'validation_failed',
        'Password cannot be longer than 72 characters',
      ],
    ]
    for (const [body, status, code, message] of cases) {
      const response = await authFetch('/signup', { method: 'POST', body: JSON.stringify(body) })
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ code, message })
    }
    const broken = await authFetch('/signup', { method: 'POST', body: '{"email":' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ code: 'bad_json' })
  })

  it('guards GET /user: no token, a key instead of a user token, a forged token, a deleted user', async () => {
    const noBearer = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(noBearer.status).toBe(401)
    expect(await noBearer.json()).toMatchObject({ code: 'no_authorization' })

    const keyOnly = await authFetch('/user', { key: stack.anonKey, bearer: stack.anonKey })
    expect(keyOnly.status).toBe(403)
    expect(await keyOnly.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    })

    const { session, user } = await signUp(stack.publishableKey, 'guard')
    const [header, payload] = session.access_token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    const forgedResponse = await authFetch('/user', { bearer: forged })
    expect(forgedResponse.status).toBe(403)
    expect(await forgedResponse.json()).toMatchObject({ code: 'bad_jwt' })

    const ok = await authFetch('/user', { bearer: session.access_token })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ id: user.id, email: user.email })

    await db.query('delete from auth.users where id = $1', [user.id])
    const deleted = await authFetch('/user', { bearer: session.access_token })
    expect(deleted.status).toBe(403)
    expect(await deleted.json()).toMatchObject({ code: 'user_not_found' })
  })

  it('rejects bad PKCE exchanges: missing fields, wrong verifier, expired code', async () => {
    const missing = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: '' }),
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'validation_failed' })

    const client = newClient(stack.publishableKey)
    const email = uniqueEmail('pkce')
    const callback = await googleCallbackUrl(client, email, 'Pat Pkce')
    const code = callback.searchParams.get('code') ?? ''

    const wrong = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'w'.repeat(56) }),
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    })

    await db.query(
      `update auth.flow_state set created_at = now() - interval '301 seconds' where auth_code = $1`,
      [code],
    )
    const { error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toMatchObject({ status: 422, code: 'flow_state_expired' })
  })

  it('sends an unlisted redirect_to back to the site URL, and refuses unknown providers', async () => {
    const client = newClient(stack.publishableKey)
    const callback = await googleCallbackUrl(
      client,
      uniqueEmail('elsewhere'),
      'Eve',
      'https://evil.example/steal',
    )
    expect(`${callback.origin}${callback.pathname}`).toBe(new URL(config.auth.siteUrl).href)
    expect(callback.searchParams.get('code')).toMatch(UUID)

    const listed = await googleCallbackUrl(
      newClient(stack.publishableKey),
      uniqueEmail('listed'),
      'Lee',
      'http://localhost:3000/auth/callback',
    )
    expect(listed.href).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?code=/)

    for (const [provider, message] of [
      ['github', 'Unsupported provider: provider is not enabled'],
      ['nope', 'Unsupported provider: Provider nope could not be found'],
    ]) {
      const response = await authFetch(`/authorize?provider=${provider}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ code: 'validation_failed', message })
    }
  })

  it('serves a stand-in page that runs no script and echoes no query values', async () => {
    const hostile = '"><script>alert(1)</script>'
    const challenge = 'c'.repeat(43)
    const response = await fetch(
      `${stack.apiUrl}/auth/v1/authorize?provider=google&code_challenge=${challenge}` +
        `&code_challenge_method=s256&login_hint=${encodeURIComponent(hostile)}` +
        `&redirect_to=${encodeURIComponent(`http://127.0.0.1:3000/${hostile}`)}`,
      { redirect: 'manual' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    const html = await response.text()
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toContain('alert(1)')
    expect(html).not.toContain(challenge)
  })

  it('does the implicit flow when the client sends no code challenge', async () => {
    const page = await openStandInPage(
      `${stack.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(APP_CALLBACK)}`,
    )
    const response = await submitStandInPage(page, { email: uniqueEmail('implicit'), name: 'Ida' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '')
    expect(location.search).toBe('')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/)
    expect(fragment.has('sb')).toBe(true)
    const claims = await verifiedClaims(fragment.get('access_token') ?? '')
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }])
  })

  it('publishes its settings, health and (empty, HS256) JWKS', async () => {
    const settings = await authFetch('/settings')
    expect(settings.status).toBe(200)
    expect(await settings.json()).toMatchObject({
      external: { email: true, google: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      saml_enabled: false,
    })
    const health = await authFetch('/health')
    expect(await health.json()).toMatchObject({ name: 'GoTrue' })
    const jwks = await authFetch('/.well-known/jwks.json')
    expect(await jwks.json()).toEqual({ keys: [] })
  })
})

/**
 * Settings the shared stack does not use (sign-ups off, confirmations on, Google off or with a
 * real OAuth client) are checked on the Auth service itself, started in-process on the same
 * database with a changed config; an ApiError is written out as the gateway does.
 */
describe('Auth under other config.toml settings', () => {
  const authDb = rolePool('supabase_auth_admin')
  afterAll(() => authDb.end())

  async function authService(configure: (auth: StackConfig['auth']) => void) {
    const changed = structuredClone(config)
    configure(changed.auth)
    const app = new Hono()
    app.route(
      '/auth/v1',
      authRoutes({
        config: changed,
        keys: await keysFor(stack.jwtSecret),
        authDb,
        restDb: authDb,
        adminDb: db,
        adminDbUrl: stack.superuserDbUrl,
        apiUrl: stack.apiUrl,
        log: () => undefined,
        passwordHashCost: QUICK_PASSWORD_HASH_COST,
      }),
    )
    app.onError((error, c) => {
      if (!(error instanceof ApiError)) throw error
      return c.json(error.body, error.status as ContentfulStatusCode, error.headers)
    })
    return (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      headers.set('X-Supabase-Api-Version', '2024-01-01')
      if (init.body && !headers.has('Content-Type')) {
        headers.set('Content-Type', 'application/json;charset=UTF-8')
      }
      return app.request(`/auth/v1${path}`, { ...init, headers })
    }
  }

  it('refuses a Google ID token as GoTrue does when Google is off', async () => {
    const request = await authService((auth) => {
      auth.google.enabled = false
    })
    const response = await request('/token?grant_type=id_token', {
      method: 'POST',
      body: JSON.stringify({ provider: 'google', id_token: 'not-a-token' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    })
  })

  it('refuses sign-ups, by password and by Google, when sign-ups are disabled', async () => {
    const request = await authService((auth) => {
      auth.enableSignup = false
    })
    const signup = await request('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('closed'), password: PASSWORD }),
    })
    expect(signup.status).toBe(422)
    expect(await signup.json()).toEqual({
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    })
    expect(await (await request('/settings')).json()).toMatchObject({ disable_signup: true })

    const page = await request(
      `/authorize?provider=google&redirect_to=${encodeURIComponent(APP_CALLBACK)}`,
    )
    const { document } = new JSDOM(await page.text(), { url: 'http://localhost/' }).window
    const state = document.querySelector<HTMLInputElement>('input[name="state"]')?.value ?? ''
    const callback = await request('/callback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email: uniqueEmail('closed'), name: 'Closed' }),
    })
    expect(callback.status).toBe(302)
    const location = new URL(callback.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(APP_CALLBACK)
    const expected = {
      error: 'access_denied',
      error_code: 'signup_disabled',
      error_description: 'Signups not allowed for this instance',
    }
    expect(Object.fromEntries(location.searchParams)).toEqual(expected)
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      ...expected,
      sb: '',
    })
  })

  it('returns a bare user without a session while email confirmations are on', async () => {
    const request = await authService((auth) => {
      auth.enableConfirmations = true
    })
    const email = uniqueEmail('unconfirmed')
    const signup = await request('/signup', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(signup.status).toBe(200)
    const user = await signup.json()
    expect(user).toMatchObject({ email, confirmation_sent_at: expect.any(String) })
    expect(user).not.toHaveProperty('access_token')
    expect(user).not.toHaveProperty('email_confirmed_at')

    const signIn = await request('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(signIn.status).toBe(400)
    expect(await signIn.json()).toEqual({
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    })

    // A confirmed address is not revealed: the answer is a plausible user with another id.
    const { email: taken, user: owner } = await signUp(stack.publishableKey, 'taken')
    const again = await request('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: taken, password: PASSWORD }),
    })
    expect(again.status).toBe(200)
    const decoy = await again.json()
    expect(decoy).toMatchObject({ email: taken, identities: [] })
    expect(decoy.id).not.toBe(owner.id)
  })

  it('refuses Google when the provider is disabled', async () => {
    const request = await authService((auth) => {
      auth.google.enabled = false
    })
    const response = await request('/authorize?provider=google')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    })
    expect(await (await request('/settings')).json()).toMatchObject({ external: { google: false } })
  })

  it('sends the browser to Google with a real OAuth client configured', async () => {
    // Only the redirect is checked: the code exchange at /callback talks to Google itself.
    const request = await authService((auth) => {
      auth.google.clientId = 'client-123.apps.googleusercontent.com'
      auth.google.secret = 'not-a-real-secret'
    })
    const challenge = 'q'.repeat(43)
    const response = await request(
      `/authorize?provider=google&redirect_to=${encodeURIComponent(APP_CALLBACK)}` +
        `&code_challenge=${challenge}&code_challenge_method=s256&scopes=openid` +
        `&skip_http_redirect=true&login_hint=ann%40example.test&client_id=evil&nonce=n-1`,
    )
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    )
    const state = location.searchParams.get('state') ?? ''
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: 'client-123.apps.googleusercontent.com',
      redirect_uri: `${stack.apiUrl}/auth/v1/callback`,
      response_type: 'code',
      scope: 'email profile openid',
      state: expect.stringMatching(UUID),
      redirect_to: APP_CALLBACK,
      skip_http_redirect: 'true',
      login_hint: 'ann@example.test',
      nonce: 'n-1',
    })
    const { rows } = await db.query(
      `select provider_type, code_challenge, code_challenge_method::text, referrer,
              authentication_method, auth_code is not null as has_code
         from auth.flow_state where id = $1`,
      [state],
    )
    expect(rows).toEqual([
      {
        provider_type: 'google',
        code_challenge: challenge,
        code_challenge_method: 's256',
        referrer: APP_CALLBACK,
        authentication_method: 'oauth',
        has_code: true,
      },
    ])
  })
})
