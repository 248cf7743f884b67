import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * The golfer's record in the database: the day played and par within bounds, edits bounded as
 * inserts are, deletes recorded for the owner only, and Undo putting rows back exactly.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })

/** Runs `work` as the signed-in golfer `sub` in one transaction, committed when it succeeds. */
async function as<T>(sub: string, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const db = await pool.connect()
  try {
    await db.query('begin')
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated' }),
    ])
    await db.query('set local role authenticated')
    const result = await work(db)
    await db.query('commit')
    return result
  } catch (error) {
    await db.query('rollback')
    throw error
  } finally {
    db.release()
  }
}

async function newUser(label: string): Promise<string> {
  const id = randomUUID()
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
    [id, `${label}-${id}@record.test`],
  )
  return id
}

const addCourse = (sub: string, id: string, par: number | null = null) =>
  as(sub, (db) =>
    db.query(
      `insert into public.courses (id, name, rating, slope, par) values ($1, 'Record Links', 71.3, 128, $2)`,
      [id, par],
    ),
  )

const addRound = (sub: string, id: string, courseId: string, playedOn?: string) =>
  as(sub, (db) =>
    db.query(
      `insert into public.rounds (id, course_id, score, played_on)
       values ($1, $2, 90, coalesce($3::date, current_date))`,
      [id, courseId, playedOn ?? null],
    ),
  )

const rowOf = async (table: 'courses' | 'rounds', id: string) =>
  (await pool.query(`select to_jsonb(t) as row from public.${table} as t where id = $1`, [id]))
    .rows[0]?.row as Record<string, unknown> | undefined

let alice: string
let bob: string
const aliceCourse = ulid()

beforeAll(async () => {
  alice = await newUser('alice')
  bob = await newUser('bob')
  await addCourse(alice, aliceCourse, 72)
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob]])
  await pool.end()
})

describe('the day played', () => {
  it('defaults to today', async () => {
    const id = ulid()
    await addRound(alice, id, aliceCourse)
    const { rows } = await pool.query(
      'select played_on = current_date as today from public.rounds where id = $1',
      [id],
    )
    expect(rows[0]).toEqual({ today: true })
  })

  it('accepts 1900-01-01 and tomorrow (one day of slack for time zones)', async () => {
    await addRound(alice, ulid(), aliceCourse, '1900-01-01')
    const { rows } = await pool.query<{ tomorrow: string }>(
      `select (current_date + 1)::text as tomorrow`,
    )
    await addRound(alice, ulid(), aliceCourse, rows[0]?.tomorrow)
  })

  it('refuses the day after tomorrow and 1899-12-31, on insert and on update', async () => {
    const { rows } = await pool.query<{ later: string }>(`select (current_date + 2)::text as later`)
    for (const day of [rows[0]?.later, '1899-12-31']) {
      await expect(addRound(alice, ulid(), aliceCourse, day)).rejects.toMatchObject({
        code: '23514',
        constraint: 'rounds_played_on_is_1900_to_tomorrow',
      })
    }
    const id = ulid()
    await addRound(alice, id, aliceCourse, '2025-06-01')
    await expect(
      as(alice, (db) =>
        db.query('update public.rounds set played_on = $2 where id = $1', [id, rows[0]?.later]),
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('par: optional, 54 to 90', () => {
  for (const par of [53, 91, 0, 36]) {
    it(`refuses ${par}`, async () => {
      await expect(addCourse(alice, ulid(), par)).rejects.toMatchObject({
        code: '23514',
        constraint: 'courses_par_is_54_to_90',
      })
    })
  }
  for (const par of [54, 72, 90, null]) {
    it(`accepts ${par}`, () => addCourse(alice, ulid(), par))
  }
  it('can be added to a course later, by its owner only', async () => {
    const id = ulid()
    await addCourse(alice, id)
    const byBob = await as(bob, (db) =>
      db.query('update public.courses set par = 70 where id = $1', [id]),
    )
    expect(byBob.rowCount).toBe(0)
    await as(alice, (db) => db.query('update public.courses set par = 70 where id = $1', [id]))
    expect(await rowOf('courses', id)).toMatchObject({ par: 70 })
  })
})

describe('edits keep the bounds', () => {
  it('a score out of bounds is refused on update', async () => {
    const id = ulid()
    await addRound(alice, id, aliceCourse)
    await expect(
      as(alice, (db) => db.query('update public.rounds set score = 17 where id = $1', [id])),
    ).rejects.toMatchObject({
      code: '23514',
      constraint: 'rounds_score_is_18_to_200_or_9_to_100_for_nine',
    })
  })
})

describe('deletions', () => {
  it('a delete is recorded for its golfer, who alone can read it', async () => {
    const id = ulid()
    await addRound(alice, id, aliceCourse)
    await as(alice, (db) => db.query('delete from public.rounds where id = $1', [id]))
    const mine = await as(alice, (db) =>
      db.query('select table_name, record_id from public.deletions where record_id = $1', [id]),
    )
    expect(mine.rows).toEqual([{ table_name: 'rounds', record_id: id }])
    const theirs = await as(bob, (db) => db.query('select * from public.deletions'))
    expect(theirs.rowCount).toBe(0)
  })

  it('golfers cannot write deletions themselves', async () => {
    for (const statement of [
      `insert into public.deletions (user_id, table_name, record_id, record) values ('${alice}', 'rounds', 'x', '{}')`,
      `update public.deletions set record_id = 'x'`,
      `delete from public.deletions`,
    ]) {
      await expect(as(alice, (db) => db.query(statement))).rejects.toMatchObject({
        code: '42501',
      })
    }
  })

  it('deleting a golfer deletes their deletions too', async () => {
    const carol = await newUser('carol')
    const course = ulid()
    await addCourse(carol, course)
    await as(carol, (db) => db.query('delete from public.courses where id = $1', [course]))
    await pool.query('delete from auth.users where id = $1', [carol])
    const { rowCount } = await pool.query('select 1 from public.deletions where user_id = $1', [
      carol,
    ])
    expect(rowCount).toBe(0)
  })
})

describe('undo', () => {
  it('puts a round back exactly, id, day and copies included, even after its course was edited', async () => {
    const course = ulid()
    await addCourse(alice, course, 72)
    const id = ulid()
    await addRound(alice, id, course, '2025-09-14')
    const before = await rowOf('rounds', id)
    await as(alice, (db) => db.query('delete from public.rounds where id = $1', [id]))
    await as(alice, (db) =>
      db.query(`update public.courses set name = 'Changed', rating = 60.0 where id = $1`, [course]),
    )
    await as(alice, (db) => db.query(`select public.undo_deletion('rounds', $1)`, [id]))
    expect(await rowOf('rounds', id)).toEqual(before)
    const left = await pool.query('select 1 from public.deletions where record_id = $1', [id])
    expect(left.rowCount).toBe(0)
  })

  it('puts a course back with its rounds linked again and their copies unchanged', async () => {
    const course = ulid()
    await addCourse(alice, course, 70)
    const rounds = [ulid(), ulid()]
    for (const id of rounds) await addRound(alice, id, course, '2025-10-01')
    const before = await Promise.all([
      rowOf('courses', course),
      ...rounds.map((id) => rowOf('rounds', id)),
    ])
    await as(alice, (db) => db.query('delete from public.courses where id = $1', [course]))
    expect(await rowOf('rounds', rounds[0] as string)).toMatchObject({ course_id: null })
    await as(alice, (db) => db.query(`select public.undo_deletion('courses', $1)`, [course]))
    expect(
      await Promise.all([rowOf('courses', course), ...rounds.map((id) => rowOf('rounds', id))]),
    ).toEqual(before)
  })

  it('takes an Undo sent again (its answer lost) as done, for a round and for a course', async () => {
    const course = ulid()
    await addCourse(alice, course)
    const id = ulid()
    await addRound(alice, id, course)
    for (const [kind, recordId] of [
      ['rounds', id],
      ['courses', course],
    ] as const) {
      const before = await rowOf(kind, recordId)
      await as(alice, (db) => db.query(`delete from public.${kind} where id = $1`, [recordId]))
      for (let send = 0; send < 2; send++) {
        await as(alice, (db) => db.query(`select public.undo_deletion($1, $2)`, [kind, recordId]))
      }
      expect(await rowOf(kind, recordId)).toEqual(before)
    }
    // Bob sending Alice's Undo learns nothing and changes nothing: the same refusal as ever.
    await expect(
      as(bob, (db) => db.query(`select public.undo_deletion('rounds', $1)`, [id])),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it("cannot undo another golfer's delete, nor one that never happened", async () => {
    const id = ulid()
    await addRound(alice, id, aliceCourse)
    await as(alice, (db) => db.query('delete from public.rounds where id = $1', [id]))
    for (const [caller, recordId] of [
      [bob, id],
      [alice, ulid()],
    ] as const) {
      await expect(
        as(caller, (db) => db.query(`select public.undo_deletion('rounds', $1)`, [recordId])),
      ).rejects.toMatchObject({ code: '42501' })
    }
    expect(await rowOf('rounds', id)).toBeUndefined()
  })

  it('a round whose course is gone comes back without a course', async () => {
    const course = ulid()
    await addCourse(alice, course)
    const id = ulid()
    await addRound(alice, id, course)
    await as(alice, (db) => db.query('delete from public.rounds where id = $1', [id]))
    await as(alice, (db) => db.query('delete from public.courses where id = $1', [course]))
    await as(alice, (db) => db.query(`select public.undo_deletion('rounds', $1)`, [id]))
    expect(await rowOf('rounds', id)).toMatchObject({
      course_id: null,
      course_name: 'Record Links',
    })
  })

  it('the undo flag cannot be used to forge copies through the API roles', async () => {
    // A golfer cannot call the flag's function, and the setting alone is off outside undo.
    await expect(
      as(alice, (db) => db.query('select private.is_undoing_a_deletion()')),
    ).rejects.toMatchObject({ code: '42501' })
  })
})
