import { describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../src/testing.ts'
import { newClient, newUser, stackInfo } from '../support.ts'

/**
 * GoTrue's admin API for users (create, list, read, delete), through supabase-js's
 * `auth.admin` with the secret key, as a server would call it on `supabase start`.
 */

const stack = stackInfo()
const admin = newClient(stack.secretKey).auth.admin
const MISSING_ID = '9f0e6a55-6a0c-4d0b-8a43-3e1f0c2b7d10'

/**
 * GoTrue writes times as Go's RFC 3339 with trailing zeros dropped ("…52.7179Z" before
 * "…52.717978Z"), so their text does not sort as their instants do.
 */
function microsecondsSinceEpoch(time: string): number {
  const [, whole = '', fraction = ''] = /^(.*?)(?:\.(\d+))?Z$/.exec(time) ?? []
  const seconds = Date.parse(`${whole}Z`)
  // Any other shape would compare as NaN, and NaNs never fail an order check.
  if (Number.isNaN(seconds)) throw new Error(`not a GoTrue time: ${time}`)
  return seconds * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6))
}

describe('auth.admin users', () => {
  it('creates a confirmed user with both metadata, and refuses a taken or malformed address', async () => {
    const email = uniqueEmail('admin')
    const { data, error } = await admin.createUser({
      email,
      password: 'correct-horse-battery',
      email_confirm: true,
      user_metadata: { name: 'Ada' },
      app_metadata: { plan: 'pro' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
      user_metadata: { name: 'Ada', email_verified: true },
    })
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String))
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email'])

    const taken = await admin.createUser({ email, password: 'correct-horse-battery' })
    expect(taken.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    })
    const malformed = await admin.createUser({ email: 'not-an-address', password: 'x' })
    expect(malformed.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
  })

  it('lists users newest first, reads one and deletes it', async () => {
    const email = uniqueEmail('listed')
    const created = await admin.createUser({ email, password: 'correct-horse-battery' })
    const id = created.data.user?.id ?? ''
    expect(created.data.user?.email_confirmed_at).toBeUndefined()

    // Other suites sign users up meanwhile, so the newest page holds this user among others.
    const listed = await admin.listUsers({ page: 1, perPage: 50 })
    expect(listed.error).toBeNull()
    expect(listed.data).toMatchObject({ aud: 'authenticated' })
    expect(listed.data.users.map((user) => user.email)).toContain(email)
    const newestFirst = listed.data.users.map((user) => microsecondsSinceEpoch(user.created_at))
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a))

    const read = await admin.getUserById(id)
    expect(read.data.user?.email).toBe(email)

    expect((await admin.deleteUser(id)).error).toBeNull()
    const gone = await admin.getUserById(id)
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' })
    const missing = await admin.deleteUser(MISSING_ID)
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' })
  })

  it('updates the address, the password, the confirmation and both metadata', async () => {
    const email = uniqueEmail('updated')
    const created = await admin.createUser({
      email,
      password: 'correct-horse-battery',
      user_metadata: { name: 'Ada', city: 'Paris' },
      app_metadata: { plan: 'free' },
    })
    const id = created.data.user?.id ?? ''
    const newEmail = uniqueEmail('renamed')
    const { data, error } = await admin.updateUserById(id, {
      email: newEmail,
      password: 'another-horse-battery',
      email_confirm: true,
      user_metadata: { city: null, club: 'Rye' },
      app_metadata: { plan: 'pro' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: newEmail,
      user_metadata: { name: 'Ada', club: 'Rye', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    })
    expect(data.user?.user_metadata).not.toHaveProperty('city')
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String))
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({
      email: newEmail,
      email_verified: true,
    })
    const signIn = await newClient().auth.signInWithPassword({
      email: newEmail,
      password: 'another-horse-battery',
    })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.id).toBe(id)
  })

  it('refuses bad pagination and anyone without an admin role', async () => {
    const bad = await admin.listUsers({ page: -1, perPage: 10 })
    expect(bad.error).toMatchObject({
      status: 400,
      message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    })
    const { session } = await newUser('not-admin')
    const response = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
      headers: {
        apikey: stack.publishableKey,
        Authorization: `Bearer ${session.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ code: 'not_admin', message: 'User not allowed' })
  })
})
