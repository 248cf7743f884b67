import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  anon,
  callersOn,
  golfer,
  newAuthUser,
  serviceRole,
  type Caller,
} from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Tees (issue 22) at the database: their bounds, row-level security for every operation with two
 * real golfers, the first tee a course gets and keeps in step with it, the refusal to delete a
 * course's last tee, and rounds played from a tee (the copies, a nine from an 18-hole tee, another
 * golfer's tee refused as an unknown one is). Each statement runs with the role and JWT claims
 * PostgREST would set.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as, attempt } = callersOn(pool)
const run = (caller: Caller, statement: string, values: unknown[] = []) =>
  as(caller, (db) => db.query(statement, values))

const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]

let alice: string
let bob: string
const aliceCourse = ulid()
const bobCourse = ulid()
const aliceNineTee = ulid()
const aliceFullTee = ulid()

const addTee = (caller: Caller, values: Record<string, unknown>) => {
  const row = {
    id: ulid(),
    course_id: aliceCourse,
    name: 'Yellow',
    course_rating: '70.1',
    slope_rating: 125,
    par: 72,
    holes: 18,
    hole_pars: null,
    stroke_indexes: null,
    ...values,
  }
  return run(
    caller,
    `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.id,
      row.course_id,
      row.name,
      row.course_rating,
      row.slope_rating,
      row.par,
      row.holes,
      row.hole_pars,
      row.stroke_indexes,
    ],
  )
}

const storedTee = async (id: string) =>
  (
    await pool.query(
      `select name, course_rating::text, slope_rating, par, holes from public.tees where id = $1`,
      [id],
    )
  ).rows[0] as Record<string, unknown> | undefined

const storedRound = async (id: string) =>
  (
    await pool.query(
      `select course_id, tee_id, tee_name, holes, nine, course_rating::text, slope_rating, par,
              hole_pars, stroke_indexes
       from public.rounds where id = $1`,
      [id],
    )
  ).rows[0] as Record<string, unknown> | undefined

beforeAll(async () => {
  alice = await newAuthUser(pool, 'tees-alice')
  bob = await newAuthUser(pool, 'tees-bob')
  await run(
    golfer(alice),
    `insert into public.courses (id, name, rating, slope, par) values ($1, 'Alice Links', 72.4, 131, 72)`,
    [aliceCourse],
  )
  await run(
    golfer(bob),
    `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Downs', 70.1, 122)`,
    [bobCourse],
  )
  await addTee(golfer(alice), {
    id: aliceNineTee,
    name: 'White front nine',
    course_rating: '35.3',
    slope_rating: 121,
    par: 36,
    holes: 9,
  })
  await addTee(golfer(alice), {
    id: aliceFullTee,
    name: 'Blue',
    course_rating: '73.9',
    slope_rating: 135,
    hole_pars: HOLE_PARS,
    stroke_indexes: STROKE_INDEXES,
  })
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob]])
  await pool.end()
})

describe('bounds', () => {
  const refusals: [string, Record<string, unknown>][] = [
    ['tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths', { course_rating: '19.9' }],
    ['tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths', { course_rating: '90.1' }],
    ['tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths', { course_rating: '70.15' }],
    [
      'tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths',
      { holes: 9, par: 36, course_rating: '45.1' },
    ],
    [
      'tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths',
      { holes: 9, par: 36, course_rating: '9.9' },
    ],
    ['tees_slope_rating_is_55_to_155', { slope_rating: 54 }],
    ['tees_slope_rating_is_55_to_155', { slope_rating: 156 }],
    ['tees_par_is_27_to_90_or_27_to_45_for_nine', { par: 26 }],
    ['tees_par_is_27_to_90_or_27_to_45_for_nine', { par: 91 }],
    ['tees_par_is_27_to_90_or_27_to_45_for_nine', { holes: 9, course_rating: '35.0', par: 46 }],
    ['tees_name_is_1_to_100_trimmed_characters', { name: '' }],
    ['tees_name_is_1_to_100_trimmed_characters', { name: ' White' }],
    ['tees_hole_pars_are_3_to_6_one_per_hole', { hole_pars: HOLE_PARS.slice(0, 17), par: 68 }],
    ['tees_hole_pars_are_3_to_6_one_per_hole', { hole_pars: [2, ...HOLE_PARS.slice(1)], par: 70 }],
    ['tees_hole_pars_are_3_to_6_one_per_hole', { hole_pars: [7, ...HOLE_PARS.slice(1)], par: 75 }],
    ['tees_hole_pars_add_up_to_par', { hole_pars: HOLE_PARS, par: 71 }],
    ['tees_hole_pars_add_up_to_par', { hole_pars: HOLE_PARS, par: null }],
    [
      'tees_stroke_indexes_are_distinct_1_to_18_one_per_hole',
      { stroke_indexes: [1, 1, ...STROKE_INDEXES.slice(2)] },
    ],
    [
      'tees_stroke_indexes_are_distinct_1_to_18_one_per_hole',
      { stroke_indexes: [19, ...STROKE_INDEXES.slice(1)] },
    ],
    [
      'tees_stroke_indexes_are_distinct_1_to_18_one_per_hole',
      { stroke_indexes: STROKE_INDEXES.slice(0, 9) },
    ],
  ]
  it.each(refusals)('refuses %s: %j', async (constraint, values) => {
    await expect(addTee(golfer(alice), values)).rejects.toMatchObject({ code: '23514', constraint })
  })

  it('refuses a tee of 12 holes', async () => {
    await expect(addTee(golfer(alice), { holes: 12 })).rejects.toMatchObject({ code: '23514' })
  })

  it('accepts every bound: 20.0 and 90.0, 10.0 and 45.0 for a nine, slope 55 and 155, par 27', async () => {
    for (const values of [
      { course_rating: '20.0', slope_rating: 55, par: 27 },
      { course_rating: '90.0', slope_rating: 155, par: 90 },
      { holes: 9, course_rating: '10.0', par: 27 },
      { holes: 9, course_rating: '45.0', par: 45, hole_pars: [5, 5, 5, 5, 5, 5, 5, 5, 5] },
      {
        holes: 9,
        course_rating: '35.0',
        par: null,
        stroke_indexes: [2, 4, 6, 8, 10, 12, 14, 16, 18],
      },
    ]) {
      await expect(
        as(
          golfer(alice),
          (db) =>
            db.query(
              `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
               values ($1, $2, 'Bound', $3, $4, $5, $6, $7, $8)`,
              [
                ulid(),
                aliceCourse,
                values.course_rating,
                values.slope_rating ?? 113,
                values.par,
                values.holes ?? 18,
                values.hole_pars ?? null,
                values.stroke_indexes ?? null,
              ],
            ),
          'rollback',
        ),
      ).resolves.toMatchObject({ rowCount: 1 })
    }
  })
})

describe('row-level security', () => {
  it("a golfer reads their own tees and none of another golfer's; anon reads nothing", async () => {
    const ids = await as(golfer(bob), async (db) =>
      (await db.query<{ id: string }>('select id from public.tees')).rows.map((r) => r.id),
    )
    expect(ids).toEqual([bobCourse])
    await expect(attempt(anon, 'select * from public.tees')).rejects.toMatchObject({
      code: '42501',
    })
  })

  it("a tee on another golfer's course is refused as one on an unknown course is", async () => {
    const onBobs = addTee(golfer(alice), { course_id: bobCourse })
    await expect(onBobs).rejects.toMatchObject({
      code: '42501',
      message: 'a tee can only be added to one of your own courses',
    })
    const onNothing = addTee(golfer(alice), { course_id: ulid() })
    await expect(onNothing).rejects.toMatchObject({
      code: '42501',
      message: 'a tee can only be added to one of your own courses',
    })
    await expect(
      run(
        golfer(alice),
        `insert into public.tees (id, course_id, user_id, name, course_rating, slope_rating)
         values ($1, $2, $3, 'Forged', 70.0, 113)`,
        [ulid(), bobCourse, bob],
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it("a golfer updates their own tee; another golfer's changes no row; identity is fixed", async () => {
    const id = ulid()
    await addTee(golfer(alice), { id, name: 'Red' })
    await run(
      golfer(alice),
      `update public.tees set name = 'Red 2', slope_rating = 120 where id = $1`,
      [id],
    )
    expect(await storedTee(id)).toMatchObject({ name: 'Red 2', slope_rating: 120 })
    const theirs = await run(golfer(bob), `update public.tees set name = 'Mine' where id = $1`, [
      id,
    ])
    expect(theirs.rowCount).toBe(0)
    await expect(
      attempt(golfer(alice), `update public.tees set course_id = $2 where id = $1`, [
        id,
        bobCourse,
      ]),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      attempt(serviceRole, `update public.tees set course_id = $2 where id = $1`, [id, bobCourse]),
    ).rejects.toMatchObject({
      code: '23514',
      message: "a tee's id, owner, course and creation time cannot change",
    })
  })

  it("a golfer deletes their own tee (recorded for their devices); another golfer's deletes nothing", async () => {
    const id = ulid()
    await addTee(golfer(alice), { id, name: 'Green' })
    const theirs = await run(golfer(bob), 'delete from public.tees where id = $1', [id])
    expect(theirs.rowCount).toBe(0)
    const mine = await run(golfer(alice), 'delete from public.tees where id = $1', [id])
    expect(mine.rowCount).toBe(1)
    const recorded = await as(golfer(alice), (db) =>
      db.query(`select table_name from public.deletions where record_id = $1`, [id]),
    )
    expect(recorded.rows).toEqual([{ table_name: 'tees' }])
    // Undo puts it back.
    await run(golfer(alice), `select public.undo_deletion('tees', $1)`, [id])
    expect(await storedTee(id)).toMatchObject({ name: 'Green' })
  })
})

describe('first tee and last tee', () => {
  it("a course created as before gets an 18-hole tee 'Default' with its id and values", async () => {
    expect(await storedTee(aliceCourse)).toEqual({
      name: 'Default',
      course_rating: '72.4',
      slope_rating: 131,
      par: 72,
      holes: 18,
    })
  })

  it('editing the course edits its first tee, and editing that tee edits the course', async () => {
    const course = ulid()
    await run(
      golfer(bob),
      `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Vale', 70.0, 120)`,
      [course],
    )
    await run(golfer(bob), 'update public.courses set rating = 69.5, par = 71 where id = $1', [
      course,
    ])
    expect(await storedTee(course)).toMatchObject({ course_rating: '69.5', par: 71 })
    await run(golfer(bob), 'update public.tees set slope_rating = 118 where id = $1', [course])
    const { rows } = await pool.query(
      'select rating::text, slope, par from public.courses where id = $1',
      [course],
    )
    expect(rows).toEqual([{ rating: '69.5', slope: 118, par: 71 }])
  })

  it("deleting a course's last tee is refused; deleting the course deletes its tees", async () => {
    const course = ulid()
    await run(
      golfer(bob),
      `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Moor', 70.0, 120)`,
      [course],
    )
    await expect(
      attempt(golfer(bob), 'delete from public.tees where course_id = $1', [course]),
    ).rejects.toMatchObject({
      code: '23001',
      message: 'a course keeps at least one tee: delete the course instead',
    })
    await run(golfer(bob), 'delete from public.courses where id = $1', [course])
    const { rows } = await pool.query('select id from public.tees where course_id = $1', [course])
    expect(rows).toEqual([])
  })
})

describe('undo', () => {
  it('Undo of a deleted course brings back its tees and its rounds on them, copies unchanged', async () => {
    const course = ulid()
    const blue = ulid()
    const round = ulid()
    await run(
      golfer(bob),
      `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Fen', 70.0, 120)`,
      [course],
    )
    await run(
      golfer(bob),
      `insert into public.tees (id, course_id, name, course_rating, slope_rating, par)
       values ($1, $2, 'Blue', 72.5, 130, 72)`,
      [blue, course],
    )
    await run(golfer(bob), 'insert into public.rounds (id, tee_id, score) values ($1, $2, 90)', [
      round,
      blue,
    ])
    await run(golfer(bob), 'delete from public.courses where id = $1', [course])
    expect(await storedRound(round)).toMatchObject({ course_id: null, tee_id: null })
    await run(golfer(bob), `select public.undo_deletion('courses', $1)`, [course])
    const { rows } = await pool.query(
      'select id, name from public.tees where course_id = $1 order by name',
      [course],
    )
    expect(rows).toEqual([
      { id: blue, name: 'Blue' },
      { id: course, name: 'Default' },
    ])
    expect(await storedRound(round)).toMatchObject({
      course_id: course,
      tee_id: blue,
      tee_name: 'Blue',
      course_rating: '72.5',
      slope_rating: 130,
    })
  })
})

describe('rounds played from a tee', () => {
  it("a round sent with only its course is played from the course's first tee", async () => {
    const id = ulid()
    await run(
      golfer(alice),
      'insert into public.rounds (id, course_id, score) values ($1, $2, 90)',
      [id, aliceCourse],
    )
    expect(await storedRound(id)).toEqual({
      course_id: aliceCourse,
      tee_id: aliceCourse,
      tee_name: 'Default',
      holes: 18,
      nine: null,
      course_rating: '72.4',
      slope_rating: 131,
      par: 72,
      hole_pars: null,
      stroke_indexes: null,
    })
  })

  it('a round on a 9-hole tee copies it and has 9 holes, whatever the client sends', async () => {
    const id = ulid()
    await run(
      golfer(alice),
      `insert into public.rounds (id, tee_id, score, holes, course_rating, slope_rating)
       values ($1, $2, 44, 18, 70.0, 113)`,
      [id, aliceNineTee],
    )
    expect(await storedRound(id)).toMatchObject({
      course_id: aliceCourse,
      tee_id: aliceNineTee,
      tee_name: 'White front nine',
      holes: 9,
      course_rating: '35.3',
      slope_rating: 121,
      par: 36,
    })
  })

  it('a back nine from an 18-hole tee keeps its typed rating and takes holes 10–18', async () => {
    const id = ulid()
    await run(
      golfer(alice),
      `insert into public.rounds (id, tee_id, nine, score, course_rating, slope_rating)
       values ($1, $2, 'back', 41, 36.8, 133)`,
      [id, aliceFullTee],
    )
    expect(await storedRound(id)).toEqual({
      course_id: aliceCourse,
      tee_id: aliceFullTee,
      tee_name: 'Blue',
      holes: 9,
      nine: 'back',
      course_rating: '36.8',
      slope_rating: 133,
      par: 36,
      hole_pars: [4, 3, 4, 5, 4, 4, 3, 5, 4],
      stroke_indexes: [8, 16, 2, 10, 14, 4, 18, 6, 12],
    })
  })

  it('a front or back nine on a 9-hole tee is refused', async () => {
    await expect(
      attempt(
        golfer(alice),
        `insert into public.rounds (id, tee_id, nine, score, course_rating, slope_rating)
         values ($1, $2, 'front', 41, 35.3, 121)`,
        [ulid(), aliceNineTee],
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it("a round on another golfer's tee is refused as one on an unknown tee is", async () => {
    for (const tee of [bobCourse, ulid()]) {
      await expect(
        attempt(
          golfer(alice),
          'insert into public.rounds (id, tee_id, score) values ($1, $2, 90)',
          [ulid(), tee],
        ),
      ).rejects.toMatchObject({
        code: '42501',
        message: 'a round can only be played from one of your own tees',
      })
    }
  })

  it('moving a round onto another tee re-copies it; the copies stay when the tee is edited', async () => {
    const id = ulid()
    await run(
      golfer(alice),
      'insert into public.rounds (id, course_id, score) values ($1, $2, 88)',
      [id, aliceCourse],
    )
    await run(golfer(alice), 'update public.rounds set tee_id = $2 where id = $1', [
      id,
      aliceNineTee,
    ])
    expect(await storedRound(id)).toMatchObject({ tee_id: aliceNineTee, holes: 9, par: 36 })
    await run(golfer(alice), `update public.tees set par = 35 where id = $1`, [aliceNineTee])
    expect(await storedRound(id)).toMatchObject({ par: 36 })
    await run(golfer(alice), `update public.tees set par = 36 where id = $1`, [aliceNineTee])
  })
})
