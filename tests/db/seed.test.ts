import { readFile } from 'node:fs/promises'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/** The demo golfer that `npm start` offers: present, able to sign in, and safe to seed twice. */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 2 })
const DEMO_ID = '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f'

afterAll(() => pool.end())

async function demoState() {
  const { rows } = await pool.query(
    `select
       (select count(*)::int from auth.users where id = $1) as users,
       (select count(*)::int from auth.identities where user_id = $1 and provider = 'email') as identities,
       (select count(*)::int from public.courses where user_id = $1) as courses,
       (select count(*)::int from public.rounds where user_id = $1) as rounds,
       (select handicap_index::text from public.handicap_indexes where user_id = $1) as handicap_index,
       (select count(distinct played_on)::int from public.rounds where user_id = $1) as days,
       (select count(*)::int from public.directory_courses where published_by = $1 and is_example) as examples,
       (select count(*)::int from public.directory_tees t join public.directory_courses d
          on d.id = t.directory_course_id where d.published_by = $1 and t.hole_pars is not null) as example_tees`,
    [DEMO_ID],
  )
  return rows[0]
}

describe('supabase/seed.sql', () => {
  it('creates demo@hcpfast.test with three courses, thirty rounds on thirty days and the directory’s three examples', async () => {
    // The spec's index over all 30 rounds: the lowest 8 differentials are the winter's 8.1, 9.0,
    // 9.2, 9.3, 10.1, 10.2, the exceptional 4.4 and 13.3 (90 at Cedar Hollow, 73.6 / 139:
    // 113 / 139 × 16.4 = 13.33): 73.6 / 8 = 9.2.
    expect(await demoState()).toEqual({
      users: 1,
      identities: 1,
      courses: 3,
      rounds: 30,
      handicap_index: '9.2',
      days: 30,
      examples: 3,
      example_tees: 3,
    })
  })

  it('shows a WHS estimate that differs, with an exceptional round and the soft cap', async () => {
    // Caller-independent: read as the database owner, filtered to the demo golfer.
    const { rows } = await pool.query(
      `select whs_index::text, low_index::text, cap from public.whs_indexes where user_id = $1`,
      [DEMO_ID],
    )
    // The latest 20 (rounds 11–30), the exceptional round's 1.0 off rounds 11–27; lowest 8:
    // 3.4 (its own 4.4), 12.3, 13.9, 14.2, 14.2, 14.8, 14.8, 14.9 = 102.5 / 8 = 12.8125 → 12.8.
    // The year's low: 7.0 (after the 3rd round, 9.0 − 2.0). 12.8 is 5.8 above it: 7.0 + 3.0 +
    // 2.8 / 2 = 11.4.
    expect(rows).toEqual([{ whs_index: '11.4', low_index: '7.0', cap: 'soft' }])
    const exceptional = await pool.query(
      `select r.score, h.differential::text, h.exceptional_reduction
       from private.whs_records() as h join public.rounds as r on r.id = h.round_id
       where h.user_id = $1 and h.exceptional_reduction > 0`,
      [DEMO_ID],
    )
    // 74 at Saltmarsh Links (69.4 / 118): 113 / 118 × 4.6 = 4.405 → 4.4, played off 12.0.
    expect(exceptional.rows).toEqual([{ score: 74, differential: '4.4', exceptional_reduction: 1 }])
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
