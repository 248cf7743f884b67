import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callersOn, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Row-level security and the rounds trigger, tested directly in SQL: each statement runs in a
 * transaction with the role and JWT claims PostgREST would set for that caller, so what is proved
 * here holds for any client of the database, not only for the app.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })

/** `as` runs work as a caller on this file's pool; `attempt` runs a statement expected to be
 * refused, rolled back whatever happens, so a regression harms nothing (tests/support/db-caller.ts). */
const { as, attempt } = callersOn(pool)

async function newUser(label: string): Promise<string> {
  const id = randomUUID()
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
    [id, `${label}-${id}@rls.test`],
  )
  return id
}

const golfer = (sub: string): Caller => ({ role: 'authenticated', sub })
const anon: Caller = { role: 'anon' }
const serviceRole: Caller = { role: 'service_role' }

const addCourse = (caller: Caller, id: string, name: string, rating = 71.2, slope = 125) =>
  as(caller, (db) =>
    db.query('insert into public.courses (id, name, rating, slope) values ($1, $2, $3, $4)', [
      id,
      name,
      rating,
      slope,
    ]),
  )

const addRound = (caller: Caller, id: string, courseId: string | null, score = 88) =>
  as(caller, (db) =>
    db.query('insert into public.rounds (id, course_id, score) values ($1, $2, $3)', [
      id,
      courseId,
      score,
    ]),
  )

const storedCourse = async (id: string) =>
  (await pool.query('select * from public.courses where id = $1', [id])).rows[0] as
    Record<string, unknown> | undefined

const storedRound = async (id: string) =>
  (
    await pool.query(
      `select id, user_id, course_id, course_name, course_rating::text, slope_rating, score
       from public.rounds where id = $1`,
      [id],
    )
  ).rows[0] as Record<string, unknown> | undefined

let alice: string
let bob: string
const aliceCourse = ulid()
const aliceSecondCourse = ulid()
const bobCourse = ulid()
const aliceRound = ulid()
const bobRound = ulid()

beforeAll(async () => {
  alice = await newUser('alice')
  bob = await newUser('bob')
  await addCourse(golfer(alice), aliceCourse, 'Alice Links', 72.4, 131)
  await addCourse(golfer(alice), aliceSecondCourse, 'Alice Heath', 68.9, 117)
  await addCourse(golfer(bob), bobCourse, 'Bob Downs', 70.1, 122)
  await addRound(golfer(alice), aliceRound, aliceCourse, 90)
  await addRound(golfer(bob), bobRound, bobCourse, 95)
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob]])
  await pool.end()
})

describe('courses', () => {
  it("a golfer reads their own courses and none of another golfer's", async () => {
    const ids = await as(golfer(alice), async (db) =>
      (await db.query<{ id: string }>('select id from public.courses')).rows.map((r) => r.id),
    )
    expect(ids).toEqual(expect.arrayContaining([aliceCourse, aliceSecondCourse]))
    expect(ids).not.toContain(bobCourse)
    const byId = await as(golfer(alice), (db) =>
      db.query('select * from public.courses where id = $1 or user_id = $2', [bobCourse, bob]),
    )
    expect(byId.rowCount).toBe(0)
  })

  it('a golfer adds a course, which is theirs without naming an owner', async () => {
    const id = ulid()
    await addCourse(golfer(alice), id, 'Alice Moor')
    expect(await storedCourse(id)).toMatchObject({ user_id: alice, name: 'Alice Moor' })
  })

  it("adding a course in another golfer's name is refused with 42501", async () => {
    const id = ulid()
    await expect(
      as(golfer(alice), (db) =>
        db.query(
          `insert into public.courses (id, user_id, name, rating, slope) values ($1, $2, 'Forged', 70, 113)`,
          [id, bob],
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' })
    expect(await storedCourse(id)).toBeUndefined()
  })

  it('a golfer updates their own course', async () => {
    const result = await as(golfer(alice), (db) =>
      db.query(`update public.courses set name = 'Alice Links East' where id = $1`, [aliceCourse]),
    )
    expect(result.rowCount).toBe(1)
    expect(await storedCourse(aliceCourse)).toMatchObject({ name: 'Alice Links East' })
  })

  it("updating another golfer's course changes no row", async () => {
    const before = await storedCourse(bobCourse)
    const result = await as(golfer(alice), (db) =>
      db.query(`update public.courses set name = 'Hacked', rating = 20 where id = $1`, [bobCourse]),
    )
    expect(result.rowCount).toBe(0)
    expect(await storedCourse(bobCourse)).toEqual(before)
  })

  it("a course's owner and id cannot change, even by its owner", async () => {
    const before = await storedCourse(aliceSecondCourse)
    await expect(
      as(golfer(alice), (db) =>
        db.query('update public.courses set user_id = $1 where id = $2', [bob, aliceSecondCourse]),
      ),
    ).rejects.toMatchObject({ code: '23514' })
    await expect(
      as(golfer(alice), (db) =>
        db.query('update public.courses set id = $1 where id = $2', [ulid(), aliceSecondCourse]),
      ),
    ).rejects.toMatchObject({ code: '23514' })
    expect(await storedCourse(aliceSecondCourse)).toEqual(before)
  })

  it('a golfer deletes their own course', async () => {
    const id = ulid()
    await addCourse(golfer(alice), id, 'Short-lived')
    const result = await as(golfer(alice), (db) =>
      db.query('delete from public.courses where id = $1', [id]),
    )
    expect(result.rowCount).toBe(1)
    expect(await storedCourse(id)).toBeUndefined()
  })

  it("deleting another golfer's course deletes no row", async () => {
    const result = await as(golfer(alice), (db) =>
      db.query('delete from public.courses where id = $1 or user_id = $2', [bobCourse, bob]),
    )
    expect(result.rowCount).toBe(0)
    expect(await storedCourse(bobCourse)).toBeDefined()
  })
})

describe('rounds', () => {
  it("a golfer reads their own rounds and none of another golfer's", async () => {
    const ids = await as(golfer(bob), async (db) =>
      (await db.query<{ id: string }>('select id from public.rounds')).rows.map((r) => r.id),
    )
    expect(ids).toContain(bobRound)
    expect(ids).not.toContain(aliceRound)
    const byId = await as(golfer(bob), (db) =>
      db.query('select * from public.rounds where id = $1 or user_id = $2', [aliceRound, alice]),
    )
    expect(byId.rowCount).toBe(0)
  })

  it('a golfer adds a round on their own course; the course copies come from the course', async () => {
    const id = ulid()
    await addRound(golfer(bob), id, bobCourse, 101)
    expect(await storedRound(id)).toEqual({
      id,
      user_id: bob,
      course_id: bobCourse,
      course_name: 'Bob Downs',
      course_rating: '70.1',
      slope_rating: 122,
      score: 101,
    })
  })

  it("forged course copies are replaced by the course's real values", async () => {
    const id = ulid()
    await as(golfer(bob), (db) =>
      db.query(
        `insert into public.rounds (id, course_id, course_name, course_rating, slope_rating, score)
         values ($1, $2, 'Augusta', 20.0, 155, 80)`,
        [id, bobCourse],
      ),
    )
    expect(await storedRound(id)).toMatchObject({
      course_name: 'Bob Downs',
      course_rating: '70.1',
      slope_rating: 122,
    })
  })

  it("a round on another golfer's course is refused with 42501, the same as an unknown course", async () => {
    const onOthers = ulid()
    const onUnknown = ulid()
    const othersError = await addRound(golfer(bob), onOthers, aliceCourse).catch((e: unknown) => e)
    const unknownError = await addRound(golfer(bob), onUnknown, ulid()).catch((e: unknown) => e)
    expect(othersError).toMatchObject({ code: '42501' })
    expect(unknownError).toMatchObject({ code: '42501' })
    // The same message for both, so the error tells nothing about another golfer's ids.
    expect((othersError as Error).message).toBe((unknownError as Error).message)
    expect(await storedRound(onOthers)).toBeUndefined()
    expect(await storedRound(onUnknown)).toBeUndefined()
  })

  it('editing a course leaves the copies in its earlier rounds as they were', async () => {
    await as(golfer(alice), (db) =>
      db.query(`update public.courses set name = 'Renamed', rating = 75.5 where id = $1`, [
        aliceCourse,
      ]),
    )
    expect(await storedRound(aliceRound)).toMatchObject({
      course_name: 'Alice Links',
      course_rating: '72.4',
      slope_rating: 131,
    })
  })

  it('a round without a course is refused', async () => {
    const id = ulid()
    await expect(addRound(golfer(bob), id, null)).rejects.toMatchObject({ code: '23502' })
    expect(await storedRound(id)).toBeUndefined()
  })

  it("adding a round in another golfer's name is refused with 42501", async () => {
    for (const courseId of [aliceCourse, bobCourse]) {
      const id = ulid()
      await expect(
        as(golfer(bob), (db) =>
          db.query(
            'insert into public.rounds (id, user_id, course_id, score) values ($1, $2, $3, 80)',
            [id, alice, courseId],
          ),
        ),
      ).rejects.toMatchObject({ code: '42501' })
      expect(await storedRound(id)).toBeUndefined()
    }
  })

  it('a golfer edits the score and the day played of their own round', async () => {
    const result = await as(golfer(alice), (db) =>
      db.query(`update public.rounds set score = 92, played_on = '2026-01-15' where id = $1`, [
        aliceRound,
      ]),
    )
    expect(result.rowCount).toBe(1)
    const { rows } = await pool.query(
      `select score, played_on::text from public.rounds where id = $1`,
      [aliceRound],
    )
    expect(rows[0]).toEqual({ score: 92, played_on: '2026-01-15' })
  })

  it('moving a round onto another of their courses re-copies that course', async () => {
    const id = ulid()
    await addRound(golfer(alice), id, aliceSecondCourse, 85)
    await as(golfer(alice), (db) =>
      db.query('update public.rounds set course_id = $2 where id = $1', [id, aliceCourse]),
    )
    // aliceCourse was renamed and re-rated above: the move copies its values as they are now.
    expect(await storedRound(id)).toMatchObject({
      course_id: aliceCourse,
      course_name: 'Renamed',
      course_rating: '75.5',
      slope_rating: 131,
      score: 85,
    })
  })

  it("moving a round onto another golfer's course is refused with 42501, as an unknown course", async () => {
    const before = await storedRound(aliceRound)
    for (const courseId of [bobCourse, ulid()]) {
      await expect(
        as(golfer(alice), (db) =>
          db.query('update public.rounds set course_id = $2 where id = $1', [aliceRound, courseId]),
        ),
      ).rejects.toMatchObject({ code: '42501' })
    }
    expect(await storedRound(aliceRound)).toEqual(before)
  })

  it("a round's owner, id and copies cannot be set by a golfer", async () => {
    const before = await storedRound(aliceRound)
    for (const statement of [
      `update public.rounds set user_id = '${bob}' where id = '${aliceRound}'`,
      `update public.rounds set id = '${ulid()}' where id = '${aliceRound}'`,
      `update public.rounds set course_name = 'Augusta', course_rating = 20.0 where id = '${aliceRound}'`,
      `update public.rounds set created_at = now() - interval '1 year' where id = '${aliceRound}'`,
    ]) {
      await expect(attempt(golfer(alice), statement)).rejects.toMatchObject({ code: '42501' })
    }
    expect(await storedRound(aliceRound)).toEqual(before)
  })

  it("updating another golfer's round changes no row, and anon may not update", async () => {
    const before = await storedRound(aliceRound)
    const result = await as(golfer(bob), (db) =>
      db.query('update public.rounds set score = 60 where id = $1 or user_id = $2', [
        aliceRound,
        alice,
      ]),
    )
    expect(result.rowCount).toBe(0)
    await expect(
      attempt(anon, `update public.rounds set score = 60 where id = '${aliceRound}'`),
    ).rejects.toMatchObject({ code: '42501' })
    expect(await storedRound(aliceRound)).toEqual(before)
  })

  it('a golfer deletes their own round', async () => {
    const id = ulid()
    await addRound(golfer(alice), id, aliceCourse)
    const result = await as(golfer(alice), (db) =>
      db.query('delete from public.rounds where id = $1', [id]),
    )
    expect(result.rowCount).toBe(1)
    expect(await storedRound(id)).toBeUndefined()
  })

  it("deleting another golfer's round deletes no row", async () => {
    const result = await as(golfer(bob), (db) =>
      db.query('delete from public.rounds where id = $1 or user_id = $2', [aliceRound, alice]),
    )
    expect(result.rowCount).toBe(0)
    expect(await storedRound(aliceRound)).toBeDefined()
  })

  it('deleting a course keeps its rounds and their copies', async () => {
    const courseId = ulid()
    const roundId = ulid()
    await addCourse(golfer(alice), courseId, 'Closing Down', 66.6, 101)
    await addRound(golfer(alice), roundId, courseId, 77)
    await as(golfer(alice), (db) =>
      db.query('delete from public.courses where id = $1', [courseId]),
    )
    expect(await storedRound(roundId)).toMatchObject({
      course_id: null,
      course_name: 'Closing Down',
      course_rating: '66.6',
      slope_rating: 101,
      score: 77,
    })
  })

  it('service_role bypasses RLS but not the rule that a round is on its golfer’s own course', async () => {
    const refused = ulid()
    await expect(
      as(serviceRole, (db) =>
        db.query(
          'insert into public.rounds (id, user_id, course_id, score) values ($1, $2, $3, 80)',
          [refused, alice, bobCourse],
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' })
    const accepted = ulid()
    await as(serviceRole, (db) =>
      db.query(
        `insert into public.rounds (id, user_id, course_id, course_name, score)
         values ($1, $2, $3, 'Forged', 80)`,
        [accepted, alice, aliceSecondCourse],
      ),
    )
    expect(await storedRound(accepted)).toMatchObject({
      user_id: alice,
      course_name: 'Alice Heath',
    })
    await as(serviceRole, (db) =>
      db.query('update public.rounds set score = 70 where id = $1', [accepted]),
    )
    expect(await storedRound(accepted)).toMatchObject({ score: 70, course_name: 'Alice Heath' })
    await expect(
      as(serviceRole, (db) =>
        db.query('update public.rounds set course_id = $2 where id = $1', [accepted, bobCourse]),
      ),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      as(serviceRole, (db) =>
        db.query('update public.rounds set user_id = $2 where id = $1', [accepted, bob]),
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('handicap settings', () => {
  const settingOf = async (user: string) =>
    (
      await pool.query<{ user_id: string; course_handicap_source: string }>(
        'select user_id, course_handicap_source from public.handicap_settings where user_id = $1',
        [user],
      )
    ).rows[0]
  const choose = (user: string, source: string) =>
    as(golfer(user), (db) =>
      db.query('insert into public.handicap_settings (course_handicap_source) values ($1)', [
        source,
      ]),
    )

  beforeAll(async () => {
    await choose(bob, 'whs')
  })

  it('a golfer adds their own choice without naming an owner; the spec’s index is the default', async () => {
    await as(golfer(alice), (db) => db.query('insert into public.handicap_settings default values'))
    expect(await settingOf(alice)).toEqual({ user_id: alice, course_handicap_source: 'spec' })
  })

  it("adding a choice in another golfer's name is refused with 42501", async () => {
    const carol = await newUser('carol-settings')
    await expect(
      as(golfer(alice), (db) =>
        db.query(
          `insert into public.handicap_settings (user_id, course_handicap_source) values ($1, 'whs')`,
          [carol],
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' })
    expect(await settingOf(carol)).toBeUndefined()
    await pool.query('delete from auth.users where id = $1', [carol])
  })

  it('only the spec’s index or the WHS estimate can be chosen', async () => {
    const dave = await newUser('dave-settings')
    await expect(choose(dave, 'federation')).rejects.toMatchObject({ code: '23514' })
    expect(await settingOf(dave)).toBeUndefined()
    await pool.query('delete from auth.users where id = $1', [dave])
  })

  it("a golfer reads their own choice and not another golfer's", async () => {
    const rows = await as(golfer(bob), async (db) => {
      const all = await db.query<{ user_id: string }>(
        'select user_id from public.handicap_settings',
      )
      const other = await db.query('select * from public.handicap_settings where user_id = $1', [
        alice,
      ])
      return { all: all.rows, other: other.rowCount }
    })
    expect(rows).toEqual({ all: [{ user_id: bob }], other: 0 })
  })

  it('a golfer updates their own choice, and the server stamps the time', async () => {
    const before = await pool.query<{ updated_at: Date }>(
      'select updated_at from public.handicap_settings where user_id = $1',
      [bob],
    )
    const result = await as(golfer(bob), (db) =>
      db.query(
        `update public.handicap_settings set course_handicap_source = 'spec' where user_id = $1`,
        [bob],
      ),
    )
    expect(result.rowCount).toBe(1)
    const after = await pool.query<{ updated_at: Date; course_handicap_source: string }>(
      'select updated_at, course_handicap_source from public.handicap_settings where user_id = $1',
      [bob],
    )
    expect(after.rows[0]?.course_handicap_source).toBe('spec')
    expect(after.rows[0]?.updated_at.getTime()).toBeGreaterThan(
      before.rows[0]?.updated_at.getTime() ?? Infinity,
    )
    await as(golfer(bob), (db) =>
      db.query(`update public.handicap_settings set course_handicap_source = 'whs'`),
    )
  })

  it("updating another golfer's choice changes no row, and the owner and time cannot be set", async () => {
    const result = await as(golfer(alice), (db) =>
      db.query(
        `update public.handicap_settings set course_handicap_source = 'spec' where user_id = $1`,
        [bob],
      ),
    )
    expect(result.rowCount).toBe(0)
    for (const statement of [
      `update public.handicap_settings set user_id = '${bob}' where user_id = '${alice}'`,
      `update public.handicap_settings set updated_at = now() - interval '1 year'`,
    ]) {
      await expect(attempt(golfer(alice), statement)).rejects.toMatchObject({ code: '42501' })
    }
    expect(await settingOf(bob)).toEqual({ user_id: bob, course_handicap_source: 'whs' })
  })

  it("deleting another golfer's choice deletes no row; a golfer deletes their own", async () => {
    const other = await as(golfer(alice), (db) =>
      db.query('delete from public.handicap_settings where user_id = $1', [bob]),
    )
    expect(other.rowCount).toBe(0)
    expect(await settingOf(bob)).toBeDefined()
    const own = await as(golfer(alice), (db) =>
      db.query('delete from public.handicap_settings where user_id = $1', [alice]),
    )
    expect(own.rowCount).toBe(1)
    expect(await settingOf(alice)).toBeUndefined()
  })
})

describe('handicap views', () => {
  it("expose each golfer's own rows only", async () => {
    for (const [me, other] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const rows = await as(golfer(me), async (db) => ({
        differentials: (
          await db.query<{ user_id: string }>('select user_id from public.round_differentials')
        ).rows,
        indexes: (
          await db.query<{ user_id: string }>('select user_id from public.handicap_indexes')
        ).rows,
        filtered: (
          await db.query(
            `select 1 from public.round_differentials where user_id = $1
           union all select 1 from public.handicap_indexes where user_id = $1`,
            [other],
          )
        ).rowCount,
      }))
      expect(rows.differentials.length).toBeGreaterThan(0)
      expect(rows.differentials.every((row) => row.user_id === me)).toBe(true)
      expect(rows.indexes).toEqual([{ user_id: me }])
      expect(rows.filtered).toBe(0)
    }
  })

  it('show each golfer the WHS estimate of their own rounds only', async () => {
    for (const [me, other] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const rows = await as(golfer(me), async (db) => ({
        history: (await db.query<{ round_id: string }>('select round_id from public.whs_history'))
          .rows,
        indexes: (await db.query<{ user_id: string }>('select user_id from public.whs_indexes'))
          .rows,
        others: (
          await db.query(
            `select 1 from public.whs_indexes where user_id = $1
             union all select 1 from private.whs_records() where user_id = $1`,
            [other],
          )
        ).rowCount,
      }))
      const own = await pool.query<{ id: string }>(
        'select id from public.rounds where user_id = $1 order by played_on, id',
        [me],
      )
      expect(rows.history.map((row) => row.round_id)).toEqual(own.rows.map((row) => row.id))
      expect(rows.indexes).toEqual([{ user_id: me }])
      expect(rows.others).toBe(0)
    }
  })
})

describe('anon (not signed in)', () => {
  const statements = [
    'select * from public.courses',
    'select * from public.rounds',
    'select * from public.round_differentials',
    'select * from public.handicap_indexes',
    'select * from public.whs_history',
    'select * from public.whs_indexes',
    'select * from private.whs_records()',
    'select * from public.handicap_settings',
    `insert into public.handicap_settings (user_id) values ('${randomUUID()}')`,
    `update public.handicap_settings set course_handicap_source = 'whs' where true`,
    'delete from public.handicap_settings where true',
    `insert into public.courses (id, name, rating, slope) values ('${ulid()}', 'Anon', 70, 113)`,
    `insert into public.rounds (id, course_id, score) values ('${ulid()}', '${ulid()}', 80)`,
    `update public.courses set name = 'Anon' where true`,
    `update public.rounds set score = 80 where true`,
    'delete from public.courses where true',
    'delete from public.rounds where true',
    'truncate public.courses cascade',
    'truncate public.rounds',
  ]
  for (const statement of statements) {
    it(`is refused: ${statement}`, async () => {
      await expect(attempt(anon, statement)).rejects.toMatchObject({ code: '42501' })
    })
  }

  it('signed-in golfers cannot truncate either', async () => {
    for (const table of ['public.courses', 'public.rounds']) {
      await expect(attempt(golfer(alice), `truncate ${table} cascade`)).rejects.toMatchObject({
        code: '42501',
      })
    }
    expect(await storedCourse(bobCourse)).toBeDefined()
  })
})

describe('the schema as a whole', () => {
  it('every table in schema public has row-level security enabled', async () => {
    const { rows } = await pool.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by 1`,
    )
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['courses', 'rounds']))
    expect(rows.filter((row) => !row.rls)).toEqual([])
  })

  it('every view in schema public runs with the caller’s rights (security_invoker)', async () => {
    const { rows } = await pool.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'v'
       order by 1`,
    )
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['handicap_indexes', 'round_differentials']),
    )
    expect(rows.filter((row) => !row.options?.includes('security_invoker=on'))).toEqual([])
  })

  it('every security definer function in public and private pins an empty search_path', async () => {
    const { rows } = await pool.query<{ name: string; config: string[] | null }>(
      `select p.proname as name, p.proconfig as config
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosecdef`,
    )
    expect(rows.map((row) => row.name)).toContain('copy_course_into_round')
    expect(rows.filter((row) => !row.config?.includes('search_path=""'))).toEqual([])
  })

  it('no table has two row triggers of one timing for one event, whose order would rest on their names', async () => {
    // pg_trigger.tgtype bits: 1 row, 2 before, 64 instead of; 4 insert, 8 delete, 16 update.
    const { rows } = await pool.query<{ table: string; trigger: string; other: string | null }>(
      `select c.relname as table, t.tgname as trigger, o.tgname as other
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       left join pg_trigger o on o.tgrelid = t.tgrelid and o.oid <> t.oid and not o.tgisinternal
         and o.tgtype & 1 = 1 and o.tgtype & 66 = t.tgtype & 66 and o.tgtype & t.tgtype & 28 <> 0
       where not t.tgisinternal and t.tgtype & 1 = 1
       order by 1, 2`,
    )
    expect(rows.map((row) => `${row.table} ${row.trigger}`)).toEqual(
      expect.arrayContaining(['rounds before_round_written', 'tees after_tee_changed']),
    )
    expect(rows.filter((row) => row.other !== null)).toEqual([])
  })

  it('the tables, the deletions and the handicap settings are published to Realtime with only the key on delete', async () => {
    const { rows } = await pool.query<{ name: string; identity: string }>(
      `select c.relname as name, c.relreplident as identity
       from pg_publication_tables t
       join pg_class c on c.relname = t.tablename
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = t.schemaname
       where t.pubname = 'supabase_realtime' and t.schemaname = 'public'
       order by 1`,
    )
    // The default identity: a DELETE carries the primary key and nothing a filter could probe.
    expect(rows).toEqual([
      { name: 'courses', identity: 'd' },
      { name: 'deletions', identity: 'd' },
      { name: 'handicap_settings', identity: 'd' },
      { name: 'rounds', identity: 'd' },
      { name: 'tees', identity: 'd' },
    ])
  })

  it("deleting a user deletes all of that golfer's courses and rounds", async () => {
    const carol = await newUser('carol')
    const courseId = ulid()
    const roundId = ulid()
    await addCourse(golfer(carol), courseId, 'Carol Park')
    await addRound(golfer(carol), roundId, courseId)
    await pool.query('delete from auth.users where id = $1', [carol])
    expect(await storedCourse(courseId)).toBeUndefined()
    expect(await storedRound(roundId)).toBeUndefined()
  })
})
