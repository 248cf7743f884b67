import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callersOn, golfer, newAuthUser } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * import_rounds given a whole file (issue 30 §4): { rounds, tees, settings } in one call. Tees
 * come with their hole data (and a course missing is made from its first tee), settings set the
 * course-handicap source and the starting index, a nine is played from its 18-hole tee with its
 * side, a bad tee or setting is refused by its place with nothing stored, and a file sent twice
 * adds nothing.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as, attempt } = callersOn(pool)

const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
// The back nine of the tee: 4+3+4+5+4+4+3+5+4 = 36.
const BACK_PARS = [4, 3, 4, 5, 4, 4, 3, 5, 4]
const BACK_INDEXES = [8, 16, 2, 10, 14, 4, 18, 6, 12]

let dana: string
beforeAll(async () => {
  dana = await newAuthUser(pool, 'import-file-dana')
})
afterAll(async () => {
  await pool.query('delete from auth.users where id = $1', [dana])
  await pool.end()
})

const importFile = (file: unknown) =>
  as(golfer(dana), async (db) => {
    const { rows } = await db.query<{ import_rounds: Record<string, unknown> }>(
      'select public.import_rounds($1::jsonb)',
      [JSON.stringify(file)],
    )
    return rows[0]?.import_rounds
  })
const tryImport = (file: unknown) =>
  attempt(golfer(dana), 'select public.import_rounds($1::jsonb)', [JSON.stringify(file)])

const courseId = ulid()
const tee = (values: Record<string, unknown>) => ({
  tee_id: ulid(),
  course_id: courseId,
  course_name: 'Dana Downs',
  course_rating: 72.1,
  slope_rating: 128,
  course_par: 72,
  ...values,
})
const blue = tee({
  tee_name: 'Blue',
  rating: 72.1,
  slope: 128,
  par: 72,
  holes: 18,
  hole_pars: HOLE_PARS,
  stroke_indexes: STROKE_INDEXES,
})
const red = tee({ tee_name: 'Red', rating: 69.0, slope: 117, par: 70, holes: 18 })
const nineTee = tee({ tee_name: 'Short', rating: 33.0, slope: 110, par: 34, holes: 9 })

const danaTees = async () =>
  (
    await pool.query(
      `select t.id, t.name, t.holes, t.course_rating::float8 as rating, t.slope_rating as slope,
         t.par, t.hole_pars, t.stroke_indexes
       from public.tees as t where t.user_id = $1 order by t.created_at, t.id`,
      [dana],
    )
  ).rows
const danaSettings = async () =>
  (
    await pool.query(
      `select course_handicap_source, starting_index::float8 as starting_index
       from public.handicap_settings where user_id = $1`,
      [dana],
    )
  ).rows

describe('import_rounds given a whole file', () => {
  it('refuses a tee with 17 stroke indexes, a par of 7, an unknown source or a starting index of 60, naming it, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { rounds: [], tees: [blue, { ...red, stroke_indexes: STROKE_INDEXES.slice(0, 17) }] },
        'tee 2: stroke indexes need one value per hole: 18, not 17',
      ],
      [
        {
          rounds: [],
          tees: [{ ...blue, hole_pars: [7, ...HOLE_PARS.slice(1)], par: 75 }],
        },
        'tee 1: hole 1: par must be from 3 to 6',
      ],
      [
        { rounds: [], tees: [blue], settings: { course_handicap_source: 'ega' } },
        'settings: the course handicap source must be spec or whs',
      ],
      [
        { rounds: [], tees: [blue], settings: { starting_index: 60 } },
        'settings: the starting index must be from -10.0 to 54.0, in tenths',
      ],
      [
        { rounds: [], tees: [blue], settings: { starting_index: 12.45 } },
        'settings: the starting index must be from -10.0 to 54.0, in tenths',
      ],
    ]
    for (const [file, message] of cases) {
      await expect(tryImport(file)).rejects.toMatchObject({ code: '22023', message })
    }
    expect(await danaTees()).toEqual([])
    expect(await danaSettings()).toEqual([])
  })

  it('stores the tees (the course made from its first), the settings and a nine on its 18-hole tee, once', async () => {
    const front = {
      round_id: ulid(),
      course_id: ulid(),
      course_name: 'Dana Downs',
      course_rating: 35.9,
      slope_rating: 126,
      played_on: '2026-11-10',
      score: 44,
      tee_name: 'Blue',
      holes: 9,
      nine: 'back',
      hole_pars: BACK_PARS,
      stroke_indexes: BACK_INDEXES,
    }
    const onRed = {
      round_id: ulid(),
      course_id: ulid(),
      course_name: 'Dana Downs',
      course_rating: 69.0,
      slope_rating: 117,
      played_on: '2026-11-11',
      score: 88,
      tee_name: 'Red',
      par: 70,
    }
    const file = {
      rounds: [front, onRed],
      tees: [blue, red, nineTee],
      settings: { course_handicap_source: 'whs', starting_index: -1.2 },
    }
    expect(await importFile(file)).toEqual({
      courses_added: 1,
      rounds_added: 2,
      rounds_skipped: 0,
      tees_added: 3,
      settings_changed: true,
    })
    expect(await danaTees()).toEqual([
      {
        id: courseId,
        name: 'Blue',
        holes: 18,
        rating: 72.1,
        slope: 128,
        par: 72,
        hole_pars: HOLE_PARS,
        stroke_indexes: STROKE_INDEXES,
      },
      {
        id: red.tee_id,
        name: 'Red',
        holes: 18,
        rating: 69,
        slope: 117,
        par: 70,
        hole_pars: null,
        stroke_indexes: null,
      },
      {
        id: nineTee.tee_id,
        name: 'Short',
        holes: 9,
        rating: 33,
        slope: 110,
        par: 34,
        hole_pars: null,
        stroke_indexes: null,
      },
    ])
    const { rows: course } = await pool.query(
      'select name, rating::float8 as rating, slope, par from public.courses where user_id = $1',
      [dana],
    )
    expect(course).toEqual([{ name: 'Dana Downs', rating: 72.1, slope: 128, par: 72 }])
    const { rows: rounds } = await pool.query(
      `select tee_id, nine, holes, course_rating::float8 as rating, slope_rating as slope, par,
         hole_pars, stroke_indexes
       from public.rounds where user_id = $1 order by played_on`,
      [dana],
    )
    expect(rounds).toEqual([
      {
        tee_id: courseId,
        nine: 'back',
        holes: 9,
        rating: 35.9,
        slope: 126,
        par: 36,
        hole_pars: BACK_PARS,
        stroke_indexes: BACK_INDEXES,
      },
      {
        tee_id: red.tee_id,
        nine: null,
        holes: 18,
        rating: 69,
        slope: 117,
        par: 70,
        hole_pars: null,
        stroke_indexes: null,
      },
    ])
    expect(await danaSettings()).toEqual([{ course_handicap_source: 'whs', starting_index: -1.2 }])

    // The same file again adds nothing; settings left out of a file stay as they are.
    expect(await importFile({ ...file, settings: { starting_index: null } })).toEqual({
      courses_added: 0,
      rounds_added: 0,
      rounds_skipped: 2,
      tees_added: 0,
      settings_changed: true,
    })
    expect(await danaTees()).toHaveLength(3)
    expect(await danaSettings()).toEqual([{ course_handicap_source: 'whs', starting_index: null }])
  })

  it('makes a course whose first tee is a nine: the tee made with the course becomes it', async () => {
    const id = ulid()
    expect(
      await importFile({
        rounds: [],
        tees: [
          tee({
            course_id: id,
            course_name: 'Nine Only',
            course_rating: 66.0,
            slope_rating: 110,
            course_par: null,
            tee_name: 'Yellow',
            rating: 33.0,
            slope: 110,
            par: 35,
            holes: 9,
          }),
        ],
      }),
    ).toMatchObject({ courses_added: 1, tees_added: 1 })
    const { rows } = await pool.query(
      `select t.id, t.name, t.holes, t.par from public.tees as t join public.courses as c
         on c.id = t.course_id where c.name = 'Nine Only' and c.user_id = $1`,
      [dana],
    )
    expect(rows).toEqual([{ id, name: 'Yellow', holes: 9, par: 35 }])
  })

  const nineRow = (nine: string, extra: Record<string, unknown> = {}) => ({
    round_id: ulid(),
    course_id: ulid(),
    course_name: 'Dana Downs',
    course_rating: 35.9,
    slope_rating: 126,
    played_on: '2026-11-12',
    score: 45,
    tee_name: 'Blue',
    holes: 9,
    nine,
    ...extra,
  })

  it('refuses a nine that is neither front nor back, naming its row', async () => {
    await expect(tryImport({ rounds: [nineRow('middle')] })).rejects.toMatchObject({
      code: '22023',
      message: 'row 1: a nine is front or back, of a 9-hole round',
    })
  })

  it("names a row by its place in the file, whatever a row's own position key says", async () => {
    const refused = tryImport({
      rounds: [nineRow('front', { position: 7 }), nineRow('middle', { position: 1 })],
    })
    await expect(refused).rejects.toMatchObject({
      code: '22023',
      message: 'row 2: a nine is front or back, of a 9-hole round',
    })
  })
})
