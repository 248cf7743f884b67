import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callersOn, golfer, newAuthUser, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Rounds scored hole by hole (issue 23) at the database: every bound on the hole columns is a
 * constraint (proved with the triggers off, at and beyond each edge), the triggers refuse the same
 * first with a message a golfer reads (the hole number, never a constraint name), a card needs its
 * tee's hole pars and stroke indexes, another golfer's tee is refused as an unknown one is, a
 * hole-by-hole round stays on its tee and its score follows its strokes, a card sent twice is one
 * round, and row-level security. Each statement runs with the role and JWT claims PostgREST sets.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as, attempt } = callersOn(pool)

// A real card's pars and stroke indexes (the tees test's): front 36, back 36, par 72.
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
// Front 5+4+3+6+4+5+3+4+5 = 39, back 4+3+5+6+4+4+3+5+4 = 38: 77.
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]
const GROSS = 77
const NINE_PARS = [4, 3, 5, 4, 4, 3, 5, 4, 4]
const NINE_INDEXES = [3, 9, 1, 5, 7, 17, 11, 13, 15]
// 5+3+6+4+5+3+5+4+4 = 39.
const NINE_STROKES = [5, 3, 6, 4, 5, 3, 5, 4, 4]

/** The strokes with one hole (1-based) changed. */
const withHole = <T, V = T>(list: readonly T[], hole: number, value: V): (T | V)[] =>
  list.map((item, at) => (at === hole - 1 ? value : item))
const nulls = (count: number) => Array.from({ length: count }, () => null)

let alice: string
let bob: string
const aliceCourse = ulid()
const aliceOtherCourse = ulid()
const bobCourse = ulid()
const cardTee = ulid()
const otherCardTee = ulid()
const bareTee = ulid()
const nineTee = ulid()
const bobTee = ulid()

type RoundColumn =
  | 'id'
  | 'tee_id'
  | 'course_id'
  | 'played_on'
  | 'score'
  | 'nine'
  | 'course_rating'
  | 'slope_rating'
  | 'hole_strokes'
  | 'hole_putts'
  | 'hole_fairways'
  | 'hole_greens'
  | 'hole_penalties'
type RoundValues = Partial<Record<RoundColumn, unknown>>

/** A card on the Blue tee unless told otherwise: 18 holes, 77 strokes. */
const card = (values: RoundValues = {}): RoundValues => ({
  id: ulid(),
  tee_id: cardTee,
  played_on: '2026-11-20',
  score: GROSS,
  hole_strokes: STROKES,
  ...values,
})

const insertRound = (values: RoundValues) => {
  const columns = Object.keys(values)
  return `insert into public.rounds (${columns.join(', ')})
          values (${columns.map((_, at) => `$${at + 1}`).join(', ')})`
}

/** Adds a round as `caller`, committed. */
const addRound = (caller: Caller, values: RoundValues) =>
  as(caller, (db) => db.query(insertRound(values), Object.values(values)))

/** Tries a round as `caller`, rolled back whatever happens. */
const tryRound = (caller: Caller, values: RoundValues) =>
  attempt(caller, insertRound(values), Object.values(values))

const tryEdit = (caller: Caller, id: string, values: RoundValues) => {
  const columns = Object.keys(values)
  return attempt(
    caller,
    `update public.rounds set ${columns.map((column, at) => `${column} = $${at + 2}`).join(', ')}
     where id = $1 returning *`,
    [id, ...Object.values(values)],
  )
}

const stored = async (id: string) =>
  (
    await pool.query(
      `select tee_id, holes, score, hole_pars, stroke_indexes, hole_strokes, hole_putts,
              hole_fairways, hole_greens, hole_penalties, played_on::text
       from public.rounds where id = $1`,
      [id],
    )
  ).rows[0] as Record<string, unknown> | undefined

const refusedWith = (message: string) => ({ code: '23514', message })

beforeAll(async () => {
  alice = await newAuthUser(pool, 'holes-alice')
  bob = await newAuthUser(pool, 'holes-bob')
  const setup = [
    [
      alice,
      `insert into public.courses (id, name, rating, slope, par) values ($1, 'Alice Links', 72.4, 131, 72)`,
      [aliceCourse],
    ],
    [
      alice,
      `insert into public.courses (id, name, rating, slope) values ($1, 'Alice Heath', 70.0, 120)`,
      [aliceOtherCourse],
    ],
    [
      bob,
      `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Downs', 70.1, 122)`,
      [bobCourse],
    ],
    [
      alice,
      `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
       values ($1, $2, 'Blue', 73.9, 135, 72, 18, $3, $4), ($5, $2, 'White', 71.2, 128, 72, 18, $3, $4),
              ($6, $2, 'Red', 69.0, 120, 72, 18, null, null), ($7, $2, 'Nine', 35.3, 121, 36, 9, $8, $9)`,
      [
        cardTee,
        aliceCourse,
        HOLE_PARS,
        STROKE_INDEXES,
        otherCardTee,
        bareTee,
        nineTee,
        NINE_PARS,
        NINE_INDEXES,
      ],
    ],
    [
      bob,
      `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
       values ($1, $2, 'Blue', 73.9, 135, 72, 18, $3, $4)`,
      [bobTee, bobCourse, HOLE_PARS, STROKE_INDEXES],
    ],
  ] as const
  for (const [who, statement, values] of setup) {
    await as(golfer(who), (db) => db.query(statement, [...values]))
  }
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob]])
  await pool.end()
})

// Hole 1 at the top edges (20 strokes, 10 putts, 10 penalties), hole 2 at the bottom ones (1
// stroke, 1 putt, 0 penalties): 77 - 5 - 4 + 20 + 1 = 89. A fairway on the par 4 and 5 holes only.
const EDGE_STROKES = withHole(withHole(STROKES, 1, 20), 2, 1)
const EDGE_GROSS = 89
const EDGE_DETAILS = {
  hole_putts: withHole(withHole(nulls(18) as (number | null)[], 1, 10), 2, 1),
  hole_fairways: HOLE_PARS.map((par, at) => (par === 3 ? null : at % 2 === 0)),
  hole_greens: HOLE_PARS.map((_, at) => at % 3 === 0),
  hole_penalties: withHole(withHole(nulls(18) as (number | null)[], 1, 10), 2, 0),
}

describe('the bounds are constraints (the triggers off, as a service_role bulk load could be)', () => {
  const superuser = new pg.Pool({ connectionString: fileDatabase.superuserDbUrl, max: 1 })
  afterAll(() => superuser.end())

  /** A complete row as the triggers would leave it, written with them off and rolled back. */
  const rawRound = async (values: Record<string, unknown>) => {
    const row: Record<string, unknown> = {
      id: ulid(),
      user_id: alice,
      course_id: aliceCourse,
      course_name: 'Alice Links',
      course_rating: '73.9',
      slope_rating: 135,
      tee_id: cardTee,
      tee_name: 'Blue',
      holes: 18,
      par: 72,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      played_on: '2026-11-20',
      score: GROSS,
      hole_strokes: STROKES,
      ...values,
    }
    const db = await superuser.connect()
    try {
      await db.query('begin')
      await db.query('set local session_replication_role = replica')
      const columns = Object.keys(row)
      await db.query(
        `insert into public.rounds (${columns.join(', ')})
         values (${columns.map((_, at) => `$${at + 1}`).join(', ')})`,
        Object.values(row),
      )
    } finally {
      await db.query('rollback')
      db.release()
    }
  }

  const strokes = 'rounds_hole_strokes_are_1_to_20_one_per_hole'
  const putts = 'rounds_hole_putts_are_0_to_10_at_most_strokes_one_per_hole'
  const fairways = 'rounds_hole_fairways_only_on_par_4_or_more_one_per_hole'
  const penalties = 'rounds_hole_penalties_are_0_to_10_below_strokes_one_per_hole'
  const refusals: [string, Record<string, unknown>][] = [
    // Hole 7's 3 strokes become 0 (77 - 3 = 74) or 21 (77 + 18 = 95): the score still adds up.
    [strokes, { hole_strokes: withHole(STROKES, 7, 0), score: 74 }],
    [strokes, { hole_strokes: withHole(STROKES, 7, 21), score: 95 }],
    [strokes, { hole_strokes: withHole(STROKES, 7, null), score: 74 }],
    // 17 holes (77 - 4 = 73) and 19 (77 + 4 = 81).
    [strokes, { hole_strokes: STROKES.slice(0, 17), score: 73 }],
    [strokes, { hole_strokes: [...STROKES, 4], score: 81 }],
    [strokes, { hole_strokes: '{{5,4},{3,6}}', score: 18 }],
    ['rounds_hole_strokes_need_hole_pars_and_stroke_indexes', { hole_pars: null, par: null }],
    ['rounds_hole_strokes_need_hole_pars_and_stroke_indexes', { stroke_indexes: null }],
    ['rounds_score_is_the_sum_of_hole_strokes', { score: 78 }],
    ['rounds_score_is_the_sum_of_hole_strokes', { score: 76 }],
    ['rounds_hole_details_need_hole_strokes', { hole_strokes: null, hole_putts: nulls(18) }],
    ['rounds_hole_details_need_hole_strokes', { hole_strokes: null, hole_greens: nulls(18) }],
    [
      putts,
      {
        hole_putts: withHole(
          STROKES.map(() => 2),
          13,
          11,
        ),
        hole_strokes: withHole(STROKES, 13, 20),
        score: 91,
      },
    ],
    [putts, { hole_putts: withHole(nulls(18), 1, -1) }],
    // Hole 1: 5 strokes, 6 putts.
    [putts, { hole_putts: withHole(nulls(18), 1, 6) }],
    [putts, { hole_putts: nulls(17) }],
    // Hole 3 is a par 3.
    [fairways, { hole_fairways: withHole(nulls(18), 3, true) }],
    [fairways, { hole_fairways: withHole(nulls(18), 3, false) }],
    [fairways, { hole_fairways: nulls(19) }],
    ['rounds_hole_greens_are_one_per_hole', { hole_greens: nulls(17) }],
    [
      penalties,
      {
        hole_penalties: withHole(nulls(18), 13, 11),
        hole_strokes: withHole(STROKES, 13, 20),
        score: 91,
      },
    ],
    [penalties, { hole_penalties: withHole(nulls(18), 1, -1) }],
    // Hole 1: 5 strokes, 5 penalty strokes.
    [penalties, { hole_penalties: withHole(nulls(18), 1, 5) }],
    [penalties, { hole_penalties: nulls(9) }],
  ]
  it.each(refusals)('refuses %s: %j', async (constraint, values) => {
    await expect(rawRound(values)).rejects.toMatchObject({ code: '23514', constraint })
  })

  it('accepts every edge: 1 and 20 strokes, 0 and 10 putts (at most strokes), 0 and 10 penalties (fewer than strokes), fairways on par 4 and 5', async () => {
    await expect(
      rawRound({ hole_strokes: EDGE_STROKES, score: EDGE_GROSS, ...EDGE_DETAILS }),
    ).resolves.toBeUndefined()
    // Putts equal to strokes (hole 1: 5), penalties one fewer (4), every detail not recorded.
    await expect(
      rawRound({
        hole_putts: withHole(nulls(18), 1, 5),
        hole_penalties: withHole(nulls(18), 1, 4),
        hole_fairways: nulls(18),
        hole_greens: nulls(18),
      }),
    ).resolves.toBeUndefined()
    // A round entered as a total, as every round before the scorecard.
    await expect(
      rawRound({ hole_strokes: null, hole_pars: null, stroke_indexes: null, par: null, score: 90 }),
    ).resolves.toBeUndefined()
  })
})

describe('the triggers refuse the same first, in the golfer’s words, with the hole number', () => {
  const refusals: [string, RoundValues][] = [
    ['hole 7: strokes must be from 1 to 20', { hole_strokes: withHole(STROKES, 7, 0), score: 74 }],
    ['hole 7: strokes must be from 1 to 20', { hole_strokes: withHole(STROKES, 7, 21), score: 95 }],
    ['hole 3: strokes are missing', { hole_strokes: withHole(STROKES, 3, null), score: 74 }],
    [
      'the card has 17 holes, but this round is played over 18',
      { hole_strokes: STROKES.slice(0, 17), score: 73 },
    ],
    [
      'the card has 19 holes, but this round is played over 18',
      { hole_strokes: [...STROKES, 4], score: 81 },
    ],
    ["the score (78) must be the sum of the holes' strokes (77)", { score: 78 }],
    [
      'this tee has no hole pars and stroke indexes: add them to the tee to score hole by hole',
      { tee_id: bareTee },
    ],
    [
      'putts, fairways, greens and penalty strokes are kept only for a round scored hole by hole',
      { hole_strokes: null, score: 90, hole_putts: nulls(18) },
    ],
    ['putts need one value per hole: 18, not 17', { hole_putts: nulls(17) }],
    ['fairways hit need one value per hole: 18, not 19', { hole_fairways: nulls(19) }],
    ['greens in regulation need one value per hole: 18, not 9', { hole_greens: nulls(9) }],
    ['penalty strokes need one value per hole: 18, not 17', { hole_penalties: nulls(17) }],
    [
      'hole 13: putts must be from 0 to 10',
      {
        hole_putts: withHole(nulls(18), 13, 11),
        hole_strokes: withHole(STROKES, 13, 20),
        score: 91,
      },
    ],
    ['hole 1: putts must be from 0 to 10', { hole_putts: withHole(nulls(18), 1, -1) }],
    ["hole 7: putts can't be more than strokes", { hole_putts: withHole(nulls(18), 7, 4) }],
    ['hole 3: a par 3 has no fairway to hit', { hole_fairways: withHole(nulls(18), 3, true) }],
    [
      'hole 13: penalty strokes must be from 0 to 10',
      {
        hole_penalties: withHole(nulls(18), 13, 11),
        hole_strokes: withHole(STROKES, 13, 20),
        score: 91,
      },
    ],
    [
      'hole 1: penalty strokes must be from 0 to 10',
      { hole_penalties: withHole(nulls(18), 1, -1) },
    ],
    [
      'hole 1: penalty strokes must be fewer than strokes',
      { hole_penalties: withHole(nulls(18), 1, 5) },
    ],
    // A nine from the 18-hole tee is 9 holes, the nine's pars; so is the 9-hole tee.
    [
      'the card has 18 holes, but this round is played over 9',
      { nine: 'back', course_rating: '36.2', slope_rating: 124 },
    ],
    ['the card has 18 holes, but this round is played over 9', { tee_id: nineTee }],
  ]
  it.each(refusals)('refuses with "%s": %j', async (message, values) => {
    await expect(tryRound(golfer(alice), card(values))).rejects.toMatchObject(refusedWith(message))
  })

  it('stores a card at every edge, with the tee’s hole pars and stroke indexes copied', async () => {
    const id = ulid()
    await addRound(
      golfer(alice),
      card({ id, hole_strokes: EDGE_STROKES, score: EDGE_GROSS, ...EDGE_DETAILS }),
    )
    expect(await stored(id)).toMatchObject({
      tee_id: cardTee,
      holes: 18,
      score: 89,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      hole_strokes: EDGE_STROKES,
      ...EDGE_DETAILS,
    })
  })

  it('stores a nine from the 18-hole tee (the back nine’s pars) and a card on a 9-hole tee', async () => {
    const back = ulid()
    // Back nine strokes 4+3+5+6+4+4+3+5+4 = 38.
    await addRound(
      golfer(alice),
      card({
        id: back,
        nine: 'back',
        course_rating: '36.2',
        slope_rating: 124,
        hole_strokes: STROKES.slice(9),
        score: 38,
      }),
    )
    expect(await stored(back)).toMatchObject({
      holes: 9,
      hole_pars: [4, 3, 4, 5, 4, 4, 3, 5, 4],
      stroke_indexes: [8, 16, 2, 10, 14, 4, 18, 6, 12],
      hole_strokes: STROKES.slice(9),
    })
    const nine = ulid()
    await addRound(
      golfer(alice),
      card({ id: nine, tee_id: nineTee, hole_strokes: NINE_STROKES, score: 39 }),
    )
    expect(await stored(nine)).toMatchObject({ holes: 9, hole_pars: NINE_PARS, score: 39 })
  })
})

describe('refusals', () => {
  it("a card on another golfer's tee is refused as one on an unknown tee is (42501, same words)", async () => {
    const theirs = tryRound(golfer(alice), card({ tee_id: bobTee }))
    const unknown = tryRound(golfer(alice), card({ tee_id: ulid() }))
    const refusal = {
      code: '42501',
      message: 'a round can only be played from one of your own tees',
    }
    await expect(theirs).rejects.toMatchObject(refusal)
    await expect(unknown).rejects.toMatchObject(refusal)
  })

  it('a finished card sent twice is one round: the primary key refuses the second insert (23505 on rounds_pkey, which the app’s outbox counts as stored)', async () => {
    const id = ulid()
    await addRound(golfer(alice), card({ id }))
    await expect(tryRound(golfer(alice), card({ id }))).rejects.toMatchObject({
      code: '23505',
      constraint: 'rounds_pkey',
    })
    const { rows } = await pool.query(
      'select count(*)::int as n from public.rounds where id = $1',
      [id],
    )
    expect(rows[0]).toEqual({ n: 1 })
  })

  describe('editing a round scored hole by hole', () => {
    let id: string
    beforeAll(async () => {
      id = ulid()
      await addRound(golfer(alice), card({ id, hole_putts: withHole(nulls(18), 1, 2) }))
    })

    it('refuses a new score without its holes', async () => {
      await expect(tryEdit(golfer(alice), id, { score: 80 })).rejects.toMatchObject(
        refusedWith('this round was scored hole by hole: correct its holes, and the score follows'),
      )
      await expect(
        tryEdit(golfer(alice), id, { score: 80, hole_strokes: null }),
      ).rejects.toMatchObject(
        refusedWith('this round was scored hole by hole: correct its holes, and the score follows'),
      )
    })

    it('refuses a score that is not the sum of the corrected holes', async () => {
      await expect(
        tryEdit(golfer(alice), id, { hole_strokes: withHole(STROKES, 18, 5), score: 77 }),
      ).rejects.toMatchObject(
        refusedWith("the score (77) must be the sum of the holes' strokes (78)"),
      )
    })

    const moved =
      "this round was scored hole by hole on its tee: it can't be moved to another tee, course or nine"
    it('refuses a move to another tee, course or nine', async () => {
      await expect(tryEdit(golfer(alice), id, { tee_id: otherCardTee })).rejects.toMatchObject(
        refusedWith(moved),
      )
      await expect(
        tryEdit(golfer(alice), id, { course_id: aliceOtherCourse }),
      ).rejects.toMatchObject(refusedWith(moved))
      await expect(
        tryEdit(golfer(alice), id, { nine: 'front', course_rating: '36.0', slope_rating: 125 }),
      ).rejects.toMatchObject(refusedWith(moved))
    })

    it('keeps the holes when an edit of the day sends none (an older app), and takes corrected ones', async () => {
      await as(golfer(alice), (db) =>
        db.query(
          `update public.rounds set played_on = '2026-11-21', hole_strokes = null, hole_putts = null
           where id = $1`,
          [id],
        ),
      )
      expect(await stored(id)).toMatchObject({
        played_on: '2026-11-21',
        score: 77,
        hole_strokes: STROKES,
        hole_putts: withHole(nulls(18), 1, 2),
      })
      // Hole 18: 4 → 6, so 77 + 2 = 79; the same tee sent back is no move.
      await as(golfer(alice), (db) =>
        db.query(
          `update public.rounds set hole_strokes = $2, score = 79, hole_putts = $3, tee_id = $4, course_id = $5
           where id = $1`,
          [id, withHole(STROKES, 18, 6), withHole(nulls(18), 18, 3), cardTee, aliceCourse],
        ),
      )
      expect(await stored(id)).toMatchObject({
        score: 79,
        hole_strokes: withHole(STROKES, 18, 6),
        hole_putts: withHole(nulls(18), 18, 3),
      })
    })

    it('goes back with its holes when its deletion is undone', async () => {
      const undone = ulid()
      await addRound(golfer(alice), card({ id: undone }))
      await as(golfer(alice), (db) => db.query('delete from public.rounds where id = $1', [undone]))
      await as(golfer(alice), (db) =>
        db.query(`select public.undo_deletion('rounds', $1)`, [undone]),
      )
      expect(await stored(undone)).toMatchObject({
        score: 77,
        hole_strokes: STROKES,
        tee_id: cardTee,
      })
    })
  })
})

describe('row-level security', () => {
  it("another golfer can neither read, edit nor delete a card, nor add one on its golfer's tee", async () => {
    const id = ulid()
    await addRound(golfer(alice), card({ id }))
    const read = await attempt(golfer(bob), 'select id from public.rounds where id = $1', [id])
    expect(read.rowCount).toBe(0)
    const edit = await tryEdit(golfer(bob), id, {
      hole_strokes: withHole(STROKES, 1, 4),
      score: 76,
    })
    expect(edit.rowCount).toBe(0)
    const removal = await attempt(golfer(bob), 'delete from public.rounds where id = $1', [id])
    expect(removal.rowCount).toBe(0)
    expect(await stored(id)).toMatchObject({ score: 77, hole_strokes: STROKES })
    await expect(tryRound(golfer(bob), card({ tee_id: cardTee }))).rejects.toMatchObject({
      code: '42501',
      message: 'a round can only be played from one of your own tees',
    })
  })
})

describe('import_rounds with hole scores', () => {
  let carol: string
  beforeAll(async () => {
    carol = await newAuthUser(pool, 'holes-carol')
  })
  afterAll(async () => {
    await pool.query('delete from auth.users where id = $1', [carol])
  })

  const fileRow = (values: Record<string, unknown> = {}) => ({
    round_id: ulid(),
    course_id: ulid(),
    course_name: 'Carol Links',
    course_rating: 73.9,
    slope_rating: 135,
    played_on: '2026-11-01',
    score: GROSS,
    tee_name: 'Blue',
    hole_pars: HOLE_PARS,
    stroke_indexes: STROKE_INDEXES,
    hole_strokes: STROKES,
    ...values,
  })
  const importRounds = (rows: unknown[]) =>
    as(golfer(carol), async (db) => {
      const { rows: result } = await db.query<{ import_rounds: Record<string, number> }>(
        'select public.import_rounds($1::jsonb)',
        [JSON.stringify(rows)],
      )
      return result[0]?.import_rounds
    })
  const tryImport = (rows: unknown[]) =>
    attempt(golfer(carol), 'select public.import_rounds($1::jsonb)', [JSON.stringify(rows)])
  const carolTees = async () =>
    (
      await pool.query(
        `select t.name, t.holes, t.par, t.hole_pars, t.stroke_indexes
         from public.tees as t where t.user_id = $1 order by t.created_at, t.id`,
        [carol],
      )
    ).rows

  it('creates the course with the hole data on its first tee, then reuses that tee; other hole data makes a new tee', async () => {
    const putts = withHole(nulls(18) as (number | null)[], 7, 2)
    const first = fileRow({ hole_putts: putts, hole_fairways: withHole(nulls(18), 1, true) })
    // Same tee, same holes, another day.
    const second = fileRow({ played_on: '2026-11-02' })
    // Blue again, with holes 1 and 2's stroke indexes swapped: another tee.
    const swapped = [3, 7, ...STROKE_INDEXES.slice(2)]
    const third = fileRow({ played_on: '2026-11-03', stroke_indexes: swapped })
    expect(await importRounds([first, second, third])).toEqual({
      courses_added: 1,
      rounds_added: 3,
      rounds_skipped: 0,
    })
    expect(await carolTees()).toEqual([
      { name: 'Blue', holes: 18, par: 72, hole_pars: HOLE_PARS, stroke_indexes: STROKE_INDEXES },
      { name: 'Blue', holes: 18, par: 72, hole_pars: HOLE_PARS, stroke_indexes: swapped },
    ])
    expect(await stored(first.round_id)).toMatchObject({
      hole_strokes: STROKES,
      hole_putts: putts,
      hole_fairways: withHole(nulls(18), 1, true),
      hole_greens: null,
      score: 77,
    })
    expect(await stored(third.round_id)).toMatchObject({ stroke_indexes: swapped })
    // The same file again adds nothing.
    expect(await importRounds([first, second, third])).toEqual({
      courses_added: 0,
      rounds_added: 0,
      rounds_skipped: 3,
    })
  })

  it('imports a row whose hole keys are all null exactly as an old file’s row: the course’s first tee', async () => {
    const old = fileRow({
      tee_name: undefined,
      played_on: '2026-10-01',
      score: 90,
      hole_pars: null,
      stroke_indexes: null,
      hole_strokes: null,
      hole_putts: null,
      hole_fairways: null,
      hole_greens: null,
      hole_penalties: null,
    })
    expect(await importRounds([old])).toEqual({
      courses_added: 0,
      rounds_added: 1,
      rounds_skipped: 0,
    })
    expect(await stored(old.round_id)).toMatchObject({ score: 90, hole_strokes: null })
    expect(await carolTees()).toHaveLength(2)
  })

  it('imports a 9-hole card onto a 9-hole tee with its hole data', async () => {
    const nine = fileRow({
      tee_name: 'Nine',
      holes: 9,
      course_rating: 35.3,
      slope_rating: 121,
      played_on: '2026-11-04',
      score: 39,
      hole_pars: NINE_PARS,
      stroke_indexes: NINE_INDEXES,
      hole_strokes: NINE_STROKES,
      hole_greens: [true, false, null, null, null, null, null, null, true],
    })
    expect(await importRounds([nine])).toEqual({
      courses_added: 0,
      rounds_added: 1,
      rounds_skipped: 0,
    })
    expect(await stored(nine.round_id)).toMatchObject({
      holes: 9,
      hole_pars: NINE_PARS,
      hole_strokes: NINE_STROKES,
      hole_greens: [true, false, null, null, null, null, null, null, true],
    })
  })

  const refusals: [string, Record<string, unknown>][] = [
    ["row 2, hole 7: putts can't be more than strokes", { hole_putts: withHole(nulls(18), 7, 4) }],
    [
      'row 2, hole 4: strokes must be a whole number',
      { hole_strokes: withHole(STROKES, 4, 'six') },
    ],
    ['row 2, hole 4: strokes must be a whole number', { hole_strokes: withHole(STROKES, 4, 5.5) }],
    ['row 2, hole 3: strokes missing', { hole_strokes: withHole(STROKES, 3, null) }],
    [
      'row 2, hole 7: strokes must be from 1 to 20',
      { hole_strokes: withHole(STROKES, 7, 21), score: 95 },
    ],
    [
      'row 2, hole 2: fairway hit must be true, false or empty',
      { hole_fairways: withHole(nulls(18), 2, 'yes') },
    ],
    [
      'row 2, hole 3: a par 3 has no fairway to hit',
      { hole_fairways: withHole(nulls(18), 3, false) },
    ],
    [
      'row 2, hole 1: penalty strokes must be fewer than strokes',
      { hole_penalties: withHole(nulls(18), 1, 5) },
    ],
    [
      "row 2: a round scored hole by hole needs each hole's par and stroke index",
      { stroke_indexes: null },
    ],
    ['row 2: hole pars need one value per hole: 18, not 17', { hole_pars: HOLE_PARS.slice(1) }],
    [
      'row 2: stroke indexes need one value per hole: 9, not 18',
      {
        holes: 9,
        course_rating: 35.3,
        hole_pars: NINE_PARS,
        hole_strokes: NINE_STROKES,
        score: 39,
      },
    ],
    ['row 2, hole 5: par must be from 3 to 6', { hole_pars: withHole(HOLE_PARS, 5, 7) }],
    [
      'row 2, hole 2: stroke index must be from 1 to 18, each once',
      { stroke_indexes: withHole(STROKE_INDEXES, 2, 7) },
    ],
    // Every par 6: 108, above the 90 an 18-hole tee's par can be.
    [
      "row 2: the hole pars add up to 108, more than a tee's par can be (90)",
      { hole_pars: HOLE_PARS.map(() => 6) },
    ],
    [
      'row 2: the card has 17 holes, but this round is played over 18',
      { hole_strokes: STROKES.slice(1), score: 72 },
    ],
    ["row 2: the score (78) must be the sum of the holes' strokes (77)", { score: 78 }],
    ['row 2: hole_putts must be a list, one per hole', { hole_putts: 2 }],
  ]
  it.each(refusals)('refuses the whole file with "%s" (22023): %j', async (message, values) => {
    const before = await carolTees()
    const good = fileRow({ played_on: '2026-09-01', course_name: 'Carol Heath' })
    const bad = fileRow({ played_on: '2026-09-02', ...values })
    await expect(tryImport([good, bad])).rejects.toMatchObject({ code: '22023', message })
    expect(await carolTees()).toEqual(before)
  })

  it('keeps a table check’s own refusal for a row with holes, as before hole data', async () => {
    await expect(tryImport([fileRow({ played_on: '1899-12-31' })])).rejects.toMatchObject({
      code: '23514',
      constraint: 'rounds_played_on_is_1900_to_tomorrow',
    })
  })
})
