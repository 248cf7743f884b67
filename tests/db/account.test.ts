import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { anon, as, golfer, newAuthUser, serviceRole, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

const ulid = monotonicFactory()
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const made: string[] = []

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [made])
  await pool.end()
})

async function newGolfer(label: string) {
  const id = await newAuthUser(pool, label)
  made.push(id)
  return id
}

/** A golfer with a course, a round, an identity, a session and its refresh token. */
async function golferWithEverything(label: string) {
  const id = await newGolfer(label)
  const course = ulid()
  const round = ulid()
  await as(pool, golfer(id), async (db) => {
    await db.query(
      `insert into public.courses (id, name, rating, slope) values ($1, 'Links', 72.1, 130)`,
      [course],
    )
    await db.query('insert into public.rounds (id, course_id, score) values ($1, $2, 90)', [
      round,
      course,
    ])
  })
  const session = randomUUID()
  await pool.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $2::uuid, jsonb_build_object('sub', $1::text), 'email', now(), now())`,
    [id, id],
  )
  await pool.query(`insert into auth.sessions (id, user_id, created_at) values ($1, $2, now())`, [
    session,
    id,
  ])
  await pool.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, revoked, created_at)
     values ($1, $2, $3, false, now())`,
    [randomUUID(), id, session],
  )
  return { id, course, round, session }
}

/** Everything stored under a golfer's id, table by table. */
async function whatRemains(id: string) {
  const { rows } = await pool.query<Record<string, string>>(
    `select
       (select count(*) from auth.users where id = $1) as users,
       (select count(*) from auth.identities where user_id = $1) as identities,
       (select count(*) from auth.sessions where user_id = $1) as sessions,
       (select count(*) from auth.refresh_tokens where user_id = $1::text) as refresh_tokens,
       (select count(*) from public.courses where user_id = $1) as courses,
       (select count(*) from public.rounds where user_id = $1) as rounds`,
    [id],
  )
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]))
}

const deleteMyAccount = (caller: Caller) =>
  as(pool, caller, (db) => db.query('select public.delete_my_account()'))

describe('delete_my_account', () => {
  it('deletes the golfer, their courses, rounds, identities, sessions and refresh tokens', async () => {
    const alice = await golferWithEverything('alice')
    expect(await whatRemains(alice.id)).toEqual({
      users: 1,
      identities: 1,
      sessions: 1,
      refresh_tokens: 1,
      courses: 1,
      rounds: 1,
    })
    await deleteMyAccount(golfer(alice.id))
    expect(await whatRemains(alice.id)).toEqual({
      users: 0,
      identities: 0,
      sessions: 0,
      refresh_tokens: 0,
      courses: 0,
      rounds: 0,
    })
  })

  it('leaves another golfer untouched', async () => {
    const alice = await golferWithEverything('alice')
    const bob = await golferWithEverything('bob')
    const before = await whatRemains(bob.id)
    await deleteMyAccount(golfer(alice.id))
    expect(await whatRemains(bob.id)).toEqual(before)
    expect(before.courses).toBe(1)
  })

  it('refuses anon and service_role, who have no account, and deletes nothing', async () => {
    const alice = await golferWithEverything('alice')
    const before = await whatRemains(alice.id)
    await expect(deleteMyAccount(anon)).rejects.toMatchObject({ code: '42501' })
    await expect(deleteMyAccount(serviceRole)).rejects.toMatchObject({ code: '42501' })
    expect(await whatRemains(alice.id)).toEqual(before)
  })

  it('cannot be pointed at anyone else: it takes no argument', async () => {
    const bob = await golferWithEverything('bob')
    const alice = await newGolfer('alice')
    await expect(
      as(pool, golfer(alice), (db) =>
        db.query('select public.delete_my_account($1::uuid)', [bob.id]),
      ),
    ).rejects.toMatchObject({ code: '42883' })
    expect((await whatRemains(bob.id)).users).toBe(1)
  })

  it('is executable by authenticated only, runs as a definer with an empty search_path', async () => {
    const { rows } = await pool.query<Record<string, boolean | string[] | null>>(
      `select p.prosecdef as definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role,
              has_function_privilege('public', p.oid, 'execute') as public,
              has_table_privilege(p.proowner::regrole::text, 'auth.users', 'delete') as owner_may_delete
         from pg_proc p where p.oid = 'public.delete_my_account()'::regprocedure`,
    )
    expect(rows[0]).toEqual({
      definer: true,
      config: ['search_path=""'],
      anon: false,
      authenticated: true,
      service_role: false,
      public: false,
      owner_may_delete: true,
    })
  })
})

interface ImportRow {
  round_id: string
  course_id: string
  course_name: string
  course_rating: number
  slope_rating: number
  played_on: string
  score: number
  tee_name?: string
  holes?: 9 | 18
}

const row = (values: Partial<ImportRow> = {}): ImportRow => ({
  round_id: ulid(),
  course_id: ulid(),
  course_name: 'Royal Troon',
  course_rating: 74.2,
  slope_rating: 138,
  played_on: '2025-06-01',
  score: 88,
  ...values,
})

const importRounds = (caller: Caller, rows: ImportRow[]) =>
  as(pool, caller, async (db) => {
    const { rows: result } = await db.query<{ import_rounds: Record<string, number> }>(
      'select public.import_rounds($1::jsonb)',
      [JSON.stringify(rows)],
    )
    return result[0]?.import_rounds
  })

const counts = (id: string) => whatRemains(id).then(({ courses, rounds }) => ({ courses, rounds }))

describe('import_rounds', () => {
  it('adds missing courses once, links rounds to existing ones, and adds each round', async () => {
    const carol = await newGolfer('carol')
    const existing = ulid()
    await as(pool, golfer(carol), (db) =>
      db.query(
        `insert into public.courses (id, name, rating, slope) values ($1, 'Home', 70.0, 120)`,
        [existing],
      ),
    )
    const result = await importRounds(golfer(carol), [
      row({ score: 85 }),
      row({ score: 90, played_on: '2025-06-02' }),
      row({ course_name: 'Home', course_rating: 70, slope_rating: 120, score: 80 }),
    ])
    expect(result).toEqual({ courses_added: 1, rounds_added: 3, rounds_skipped: 0 })
    expect(await counts(carol)).toEqual({ courses: 2, rounds: 3 })
    const { rows } = await pool.query(
      `select course_id, course_name, played_on::text from public.rounds where user_id = $1 and score = 80`,
      [carol],
    )
    expect(rows).toEqual([{ course_id: existing, course_name: 'Home', played_on: '2025-06-01' }])
  })

  it('plays an old row from its course’s first tee, and a row with a tee and holes from that tee', async () => {
    const erin = await newGolfer('erin')
    const result = await importRounds(golfer(erin), [
      row({ score: 85 }),
      row({ score: 86, tee_name: 'White' }),
      row({ score: 41, tee_name: 'Yellow 9', holes: 9, course_rating: 35.3, slope_rating: 121 }),
      row({ score: 43, tee_name: 'Yellow 9', holes: 9, course_rating: 35.3, slope_rating: 121 }),
      row({ score: 44, holes: 9, course_rating: 35.3, slope_rating: 121 }),
    ])
    expect(result).toEqual({ courses_added: 1, rounds_added: 5, rounds_skipped: 0 })
    const { rows } = await pool.query(
      `select r.score, r.holes, r.tee_name, r.course_rating::text, t.name as tee
       from public.rounds as r join public.tees as t on t.id = r.tee_id
       where r.user_id = $1 order by r.score`,
      [erin],
    )
    expect(rows).toEqual([
      { score: 41, holes: 9, tee_name: 'Yellow 9', course_rating: '35.3', tee: 'Yellow 9' },
      { score: 43, holes: 9, tee_name: 'Yellow 9', course_rating: '35.3', tee: 'Yellow 9' },
      { score: 44, holes: 9, tee_name: '9 holes', course_rating: '35.3', tee: '9 holes' },
      { score: 85, holes: 18, tee_name: 'Default', course_rating: '74.2', tee: 'Default' },
      { score: 86, holes: 18, tee_name: 'White', course_rating: '74.2', tee: 'White' },
    ])
    expect(await counts(erin)).toEqual({ courses: 1, rounds: 5 })
  })

  it('refuses a 9-hole row on a course the golfer does not have, storing nothing', async () => {
    const fay = await newGolfer('fay')
    await expect(
      importRounds(golfer(fay), [
        row({ score: 85 }),
        row({
          course_name: 'Nine Only',
          score: 41,
          holes: 9,
          course_rating: 35.3,
          slope_rating: 121,
        }),
      ]),
    ).rejects.toMatchObject({
      code: '22023',
      message: 'a 9-hole round needs its course: add the course, then import again',
    })
    expect(await counts(fay)).toEqual({ courses: 0, rounds: 0 })
  })

  it('adds nothing the second time the same file is imported, nor a repeated line', async () => {
    const dave = await newGolfer('dave')
    const file = () => [row({ score: 85 }), row({ score: 85 }), row({ score: 86 })]
    expect(await importRounds(golfer(dave), file())).toEqual({
      courses_added: 1,
      rounds_added: 2,
      rounds_skipped: 1,
    })
    expect(await importRounds(golfer(dave), file())).toEqual({
      courses_added: 0,
      rounds_added: 0,
      rounds_skipped: 3,
    })
    expect(await counts(dave)).toEqual({ courses: 1, rounds: 2 })
  })

  it('stores nothing when one row is refused', async () => {
    const erin = await newGolfer('erin')
    await expect(
      importRounds(golfer(erin), [row({ course_name: 'New' }), row({ score: 250 })]),
    ).rejects.toMatchObject({ code: '23514' })
    await expect(
      importRounds(golfer(erin), [row(), row({ played_on: '2999-01-01' })]),
    ).rejects.toMatchObject({ code: '23514' })
    expect(await counts(erin)).toEqual({ courses: 0, rounds: 0 })
  })

  it("runs under the caller's RLS: it never matches or changes another golfer's courses", async () => {
    const frank = await newGolfer('frank')
    const gina = await newGolfer('gina')
    await importRounds(golfer(gina), [row({ course_name: 'Shared Name' })])
    const before = await counts(gina)
    await importRounds(golfer(frank), [row({ course_name: 'Shared Name' })])
    expect(await counts(frank)).toEqual({ courses: 1, rounds: 1 })
    expect(await counts(gina)).toEqual(before)
  })

  it('refuses a file over its row limit as a bad value (22023, a 400), naming the limit', async () => {
    const ines = await newGolfer('ines')
    const tooMany = Array.from({ length: 10_001 }, () => row())
    await expect(importRounds(golfer(ines), tooMany)).rejects.toMatchObject({
      code: '22023',
      message: 'at most 10000 rounds can be imported at once',
      detail: 'The file has 10001 rounds.',
    })
    expect(await counts(ines)).toEqual({ courses: 0, rounds: 0 })
  })

  it('refuses anon, and ids that are not ULIDs', async () => {
    await expect(importRounds(anon, [row()])).rejects.toMatchObject({ code: '42501' })
    const hank = await newGolfer('hank')
    await expect(importRounds(golfer(hank), [row({ round_id: 'x' })])).rejects.toMatchObject({
      code: '23514',
    })
    expect(await counts(hank)).toEqual({ courses: 0, rounds: 0 })
  })
})
