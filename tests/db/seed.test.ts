import { readFile } from 'node:fs/promises'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'

/** The demo golfer that `npm start` offers: present, able to sign in, and safe to seed twice. */
const pool = new pg.Pool({ connectionString: inject('database').dbUrl, max: 2 })
const DEMO_ID = '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f'

afterAll(() => pool.end())

async function demoState() {
  const { rows } = await pool.query(
    `select
       (select count(*)::int from auth.users where id = $1) as users,
       (select count(*)::int from auth.identities where user_id = $1 and provider = 'email') as identities,
       (select count(*)::int from public.courses where user_id = $1) as courses,
       (select count(*)::int from public.rounds where user_id = $1) as rounds,
       (select handicap_index::text from public.handicap_indexes where user_id = $1) as handicap_index`,
    [DEMO_ID],
  )
  return rows[0]
}

describe('supabase/seed.sql', () => {
  it('creates demo@hcpfast.test with three courses, eight rounds and an index', async () => {
    expect(await demoState()).toEqual({
      users: 1,
      identities: 1,
      courses: 3,
      rounds: 8,
      handicap_index: '14.2',
    })
  })

  it("stores the demo password as a bcrypt hash that the Auth service's check accepts", async () => {
    const { rows } = await pool.query<{ email: string; hash: string; confirmed: boolean }>(
      `select email, encrypted_password as hash, email_confirmed_at is not null as confirmed
       from auth.users where id = $1`,
      [DEMO_ID],
    )
    expect(rows[0]).toMatchObject({ email: 'demo@hcpfast.test', confirmed: true })
    expect(rows[0]?.hash).toMatch(/^\$2[aby]\$10\$/)
    expect(await bcrypt.compare('demo-golfer', rows[0]?.hash ?? '')).toBe(true)
    expect(await bcrypt.compare('not-the-password', rows[0]?.hash ?? '')).toBe(false)
  })

  it('changes nothing when it runs again', async () => {
    const before = await demoState()
    await pool.query(await readFile(new URL('../../supabase/seed.sql', import.meta.url), 'utf8'))
    expect(await demoState()).toEqual(before)
  })
})
