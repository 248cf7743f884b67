import { afterAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../src/testing.ts'
import {
  adminPool,
  codeIn,
  implicitClient,
  lastMail,
  linkIn,
  newClient,
  newUser,
  stackInfo,
} from '../support.ts'

/**
 * GoTrue conformance of the mails that sign a user in or bring one in: POST /otp (signInWithOtp
 * for an email), POST /invite (auth.admin.inviteUserByEmail) and POST /admin/generate_link
 * (auth.admin.generateLink), through the real supabase-js, the local inbox and /verify.
 */
const stack = stackInfo()
const admin = newClient(stack.secretKey).auth.admin
const db = adminPool()
afterAll(() => db.end())
const APP = 'http://127.0.0.1:3000/auth/callback'

/** The fragment (or query) of a redirect, as an object. */
const params = (search: string) => Object.fromEntries(new URLSearchParams(search))

describe('signInWithOtp for an email (POST /otp)', () => {
  it('signs a new address up and mails a PKCE magic link that redirects with a code', async () => {
    const email = uniqueEmail('otp-new')
    const client = newClient()
    const { data, error } = await client.auth.signInWithOtp({
      email,
      options: { data: { nickname: 'Ace' }, emailRedirectTo: APP },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ user: null, session: null })
    const mail = await lastMail(email)
    expect(mail.Subject).toBe('Your Magic Link')
    const link = new URL(linkIn(mail))
    expect(link.searchParams.get('type')).toBe('magiclink')
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)
    expect(link.searchParams.get('redirect_to')).toBe(APP)

    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(APP)
    const exchanged = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    )
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user).toMatchObject({
      email,
      user_metadata: { nickname: 'Ace', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(exchanged.data.user?.email_confirmed_at).toEqual(expect.any(String))
  })

  it('mails an existing user a code that verifyOtp (type email or magiclink) takes once', async () => {
    const { email } = await newUser('otp-code')
    expect((await implicitClient().auth.signInWithOtp({ email })).error).toBeNull()
    const mail = await lastMail(email)
    const tokenHash = new URL(linkIn(mail)).searchParams.get('token')
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/)
    const code = codeIn(mail)
    expect(code).toMatch(/^\d{6}$/)
    const verified = await newClient().auth.verifyOtp({ email, token: code, type: 'email' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email).toBe(email)
    const reused = await newClient().auth.verifyOtp({ email, token: code, type: 'magiclink' })
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' })

    // max_frequency: a link asked for again at once (the last one "sent in the future") waits.
    await db.query(
      `update auth.users set recovery_sent_at = now() + interval '1 hour' where email = $1`,
      [email],
    )
    const again = await implicitClient().auth.signInWithOtp({ email })
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
  })

  it('signs in through the implicit-flow link, with the session in the fragment', async () => {
    const { email } = await newUser('otp-link')
    await implicitClient().auth.signInWithOtp({ email, options: { emailRedirectTo: APP } })
    const response = await fetch(linkIn(await lastMail(email)), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    const fragment = params(location.hash.slice(1))
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'magiclink' })
    expect(fragment.access_token).toEqual(expect.any(String))
  })

  it('refuses an unknown address without create_user, a malformed one and a phone', async () => {
    const email = uniqueEmail('otp-none')
    const client = newClient()
    const refused = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    })
    const { data } = await admin.listUsers({ page: 1, perPage: 1000 })
    expect(data.users.map((user) => user.email)).not.toContain(email)
    const malformed = await client.auth.signInWithOtp({ email: 'not-an-address' })
    expect(malformed.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
    const phone = await client.auth.signInWithOtp({ phone: '+15555550123' })
    expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' })
  })
})

describe('auth.admin.inviteUserByEmail (POST /invite)', () => {
  it('creates an invited user and mails a link that confirms and signs them in', async () => {
    const email = uniqueEmail('invite')
    const { data, error } = await admin.inviteUserByEmail(email, {
      data: { club: 'Royal' },
      redirectTo: APP,
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, user_metadata: { club: 'Royal' } })
    expect(data.user?.invited_at).toEqual(expect.any(String))
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String))
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email'])

    const mail = await lastMail(email)
    expect(mail.Subject).toBe('You have been invited')
    const link = new URL(linkIn(mail))
    expect(link.searchParams.get('type')).toBe('invite')
    expect(link.searchParams.get('redirect_to')).toBe(APP)
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const fragment = params(new URL(response.headers.get('location') ?? '').hash.slice(1))
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'invite' })
    const confirmed = await admin.getUserById(data.user?.id ?? '')
    expect(confirmed.data.user?.email_confirmed_at).toEqual(expect.any(String))

    // Once confirmed, the address cannot be invited again.
    const again = await admin.inviteUserByEmail(email)
    expect(again.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    })
  })

  it('refuses a malformed address and a caller that is not an admin', async () => {
    const malformed = await admin.inviteUserByEmail('not-an-address')
    expect(malformed.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
    const { client } = await newUser('not-admin')
    const refused = await client.auth.admin.inviteUserByEmail(uniqueEmail('nobody'))
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' })
  })
})

describe('auth.admin.generateLink (POST /admin/generate_link)', () => {
  it('creates a signup user with its password and data, and a link /verify confirms', async () => {
    const email = uniqueEmail('gen-signup')
    const { data, error } = await admin.generateLink({
      type: 'signup',
      email,
      password: 'correct-horse-battery',
      options: { data: { status: 'alpha' }, redirectTo: APP },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, user_metadata: { status: 'alpha' } })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    const { properties } = data
    if (!properties) throw new Error('no link properties')
    expect(properties).toMatchObject({ verification_type: 'signup', redirect_to: APP })
    expect(properties.email_otp).toMatch(/^\d{6}$/)
    expect(properties.hashed_token).toMatch(/^[0-9a-f]{56}$/)
    const link = new URL(properties.action_link)
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.apiUrl}/auth/v1/verify`)
    expect(params(link.search)).toEqual({
      token: properties.hashed_token,
      type: 'signup',
      redirect_to: APP,
    })
    // Nothing is mailed.
    await expect(lastMail(email)).rejects.toThrow(`no mail to ${email}`)

    const verified = await newClient().auth.verifyOtp({
      type: 'signup',
      token_hash: properties.hashed_token,
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String))
    const signIn = await newClient().auth.signInWithPassword({
      email,
      password: 'correct-horse-battery',
    })
    expect(signIn.error).toBeNull()

    const taken = await admin.generateLink({ type: 'signup', email, password: 'another-one-9' })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('gives a magic link (a signup for a new address) and a recovery code', async () => {
    const fresh = uniqueEmail('gen-magic-new')
    const created = await admin.generateLink({ type: 'magiclink', email: fresh })
    expect(created.error).toBeNull()
    expect(created.data.properties?.verification_type).toBe('signup')
    expect(created.data.user?.email).toBe(fresh)

    const { email } = await newUser('gen-magic')
    const magic = await admin.generateLink({ type: 'magiclink', email })
    expect(magic.data.properties).toMatchObject({ verification_type: 'magiclink' })
    expect(magic.data.properties?.action_link).toContain('type=magiclink')
    const byCode = await newClient().auth.verifyOtp({
      email,
      token: magic.data.properties?.email_otp ?? '',
      type: 'magiclink',
    })
    expect(byCode.error).toBeNull()
    expect(byCode.data.session?.user.email).toBe(email)

    const recovery = await admin.generateLink({ type: 'recovery', email })
    expect(recovery.data.user?.recovery_sent_at).toEqual(expect.any(String))
    const response = await fetch(recovery.data.properties?.action_link ?? '', {
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    const fragment = params(new URL(response.headers.get('location') ?? '').hash.slice(1))
    expect(fragment).toMatchObject({ type: 'recovery', token_type: 'bearer' })
  })

  it('gives an invite link and the email change links, with the new address pending', async () => {
    const invited = uniqueEmail('gen-invite')
    const invite = await admin.generateLink({ type: 'invite', email: invited })
    expect(invite.error).toBeNull()
    expect(invite.data.user?.invited_at).toEqual(expect.any(String))
    expect(invite.data.properties?.action_link).toContain('type=invite')

    const { email } = await newUser('gen-change')
    const next = uniqueEmail('gen-changed')
    const change = await admin.generateLink({ type: 'email_change_new', email, newEmail: next })
    expect(change.error).toBeNull()
    expect(change.data.user).toMatchObject({ email, new_email: next })
    expect(change.data.properties).toMatchObject({ verification_type: 'email_change_new' })
    expect(change.data.properties?.action_link).toContain('type=email_change')
    const current = await admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail: next,
    })
    expect(current.data.properties?.action_link).toContain(
      `token=${current.data.properties?.hashed_token}`,
    )
  })

  it('refuses an unknown user, a malformed address, a taken new address and an unknown type', async () => {
    const unknown = await admin.generateLink({ type: 'recovery', email: uniqueEmail('gen-none') })
    expect(unknown.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User with this email not found',
    })
    const malformed = await admin.generateLink({
      type: 'signup',
      email: 'not-an-address',
      password: 'password123',
    })
    expect(malformed.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
    expect(malformed.data).toEqual({ properties: null, user: null })
    const { email } = await newUser('gen-owner')
    const other = await newUser('gen-other')
    const taken = await admin.generateLink({
      type: 'email_change_new',
      email,
      newEmail: other.email,
    })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })
    const response = await fetch(`${stack.apiUrl}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: {
        apikey: stack.secretKey,
        Authorization: `Bearer ${stack.secretKey}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ type: 'bogus', email }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid email action link type requested: bogus',
    })
  })
})
