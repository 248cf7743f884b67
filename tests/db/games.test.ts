import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holeMaximums } from '../../src/features/handicap/lib/adjusted-gross.ts'
import { seededRandom } from '../../src/testing/seeded-random.ts'
import { anon, callersOn, golfer, newAuthUser, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

const ulid = monotonicFactory()

/**
 * A round's game (issue 31) at the database: every bound is a check (proved with the triggers off,
 * at and beyond each edge), the rounds trigger refuses the same first in the golfer's words, a
 * partner's tee must be one of the golfer's own tees of the round's course (another golfer's, an
 * unknown one and another course's give the same refusal), row-level security as two golfers and a
 * visitor, an edit keeps the game unless it sends one, and a deleted round's game comes back on
 * Undo. Each statement runs with the role and JWT claims PostgREST sets.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as, attempt } = callersOn(pool)

const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
// 77 strokes.
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]
const GROSS = 77
const ANN_STROKES = [4, 5, null, 5, 4, 6, 3, 5, 5, 4, 3, 5, 6, 5, 4, 3, 5, 4]

const withHole = <T, V = T>(list: readonly T[], hole: number, value: V): (T | V)[] =>
  list.map((item, at) => (at === hole - 1 ? value : item))

// The golfer picked up on hole 4 (par 5, index 1) and hole 7 (par 3, index 17). Off a course
// handicap of 14 (a stroke on indexes 1–14) net double bogey is 5 + 2 + 1 = 8 and 3 + 2 + 0 = 5
// (77 + 2 + 2); with no index, par + 5: 10 and 8 (77 + 4 + 5). A 7 on hole 4 (no stroke on index
// 1: a course handicap of 0 or less) and a 6 on hole 7 (a stroke on index 17: 17 or more) agree
// with no course handicap (77 + 1 + 3).
const PICKED_UP_OFF_14 = withHole(withHole(STROKES, 4, 8), 7, 5)
const PICKED_UP_NO_INDEX = withHole(withHole(STROKES, 4, 10), 7, 8)
const PICKED_UP_AT_ODDS = withHole(withHole(STROKES, 4, 7), 7, 6)

let alice: string
let bob: string
const aliceCourse = ulid()
const aliceOtherCourse = ulid()
const bobCourse = ulid()
const blue = ulid()
const red = ulid()
const green = ulid()
const bobTee = ulid()

type Json = Record<string, unknown>
const partner = (values: Json = {}): Json => ({
  name: 'Ann',
  index: 12.4,
  tee_id: red,
  tee_name: 'Red',
  playing_handicap: 11,
  strokes_received: 11,
  hole_strokes: ANN_STROKES,
  ...values,
})
const game = (values: Json = {}): Json => ({
  format: 'stableford',
  allowance_percent: 95,
  playing_handicap: 14,
  strokes_received: 14,
  partners: [partner()],
  ...values,
})

const pickedUp47 = game({ picked_up: [4, 7] })

type RoundValues = Record<string, unknown>
/** A card on Alice's Blue tee with a Stableford game against Ann on the Red tee. */
const card = (values: RoundValues = {}): RoundValues => ({
  id: ulid(),
  tee_id: blue,
  played_on: '2026-11-20',
  score: GROSS,
  hole_strokes: STROKES,
  game: game(),
  ...values,
})

const insertRound = (values: RoundValues) => {
  const columns = Object.keys(values)
  return `insert into public.rounds (${columns.join(', ')})
          values (${columns.map((column, at) => `$${at + 1}${column === 'game' ? '::jsonb' : ''}`).join(', ')})`
}
const params = (values: RoundValues) =>
  Object.entries(values).map(([column, value]) =>
    column === 'game' && value !== null ? JSON.stringify(value) : value,
  )

const addRound = (caller: Caller, values: RoundValues) =>
  as(caller, (db) => db.query(insertRound(values), params(values)))
const tryRound = (caller: Caller, values: RoundValues) =>
  attempt(caller, insertRound(values), params(values))
const tryEdit = (caller: Caller, id: string, values: RoundValues) => {
  const columns = Object.keys(values)
  return attempt(
    caller,
    `update public.rounds set ${columns
      .map((column, at) => `${column} = $${at + 2}${column === 'game' ? '::jsonb' : ''}`)
      .join(', ')} where id = $1 returning id`,
    [id, ...params(values)],
  )
}
const edit = (caller: Caller, id: string, values: RoundValues) =>
  as(caller, (db) => {
    const columns = Object.keys(values)
    return db.query(
      `update public.rounds set ${columns
        .map((column, at) => `${column} = $${at + 2}${column === 'game' ? '::jsonb' : ''}`)
        .join(', ')} where id = $1`,
      [id, ...params(values)],
    )
  })

const storedGame = async (id: string) =>
  (await pool.query<{ game: Json | null }>('select game from public.rounds where id = $1', [id]))
    .rows[0]?.game

const refusedWith = (message: string) => ({ code: '23514', message })

beforeAll(async () => {
  alice = await newAuthUser(pool, 'games-alice')
  bob = await newAuthUser(pool, 'games-bob')
  const tee = `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
               values ($1, $2, $3, $4, $5, 72, 18, $6, $7)`
  const setup: [string, string, unknown[]][] = [
    [
      alice,
      `insert into public.courses (id, name, rating, slope) values ($1, 'Alice Links', 72.4, 131), ($2, 'Alice Heath', 70.0, 120)`,
      [aliceCourse, aliceOtherCourse],
    ],
    [
      bob,
      `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Downs', 70.1, 122)`,
      [bobCourse],
    ],
    [alice, tee, [blue, aliceCourse, 'Blue', 73.9, 135, HOLE_PARS, STROKE_INDEXES]],
    [alice, tee, [red, aliceCourse, 'Red', 70.2, 124, HOLE_PARS, STROKE_INDEXES]],
    [alice, tee, [green, aliceOtherCourse, 'Green', 69.0, 118, HOLE_PARS, STROKE_INDEXES]],
    [bob, tee, [bobTee, bobCourse, 'Blue', 73.9, 135, HOLE_PARS, STROKE_INDEXES]],
  ]
  for (const [who, statement, values] of setup) {
    await as(golfer(who), (db) => db.query(statement, values))
  }
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob]])
  await pool.end()
})

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
      tee_id: blue,
      tee_name: 'Blue',
      holes: 18,
      par: 72,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      played_on: '2026-11-20',
      score: GROSS,
      hole_strokes: STROKES,
      game: game(),
      ...values,
    }
    const db = await superuser.connect()
    try {
      await db.query('begin')
      await db.query('set local session_replication_role = replica')
      const columns = Object.keys(row)
      await db.query(
        `insert into public.rounds (${columns.join(', ')})
         values (${columns.map((column, at) => `$${at + 1}${column === 'game' ? '::jsonb' : ''}`).join(', ')})`,
        params(row),
      )
    } finally {
      await db.query('rollback')
      db.release()
    }
  }

  const names = 'rounds_game_partner_names_are_1_to_60_trimmed_characters'
  const indexes = 'rounds_game_partner_indexes_are_minus_10_to_54_in_tenths'
  const strokes = 'rounds_game_partner_hole_strokes_are_1_to_20_one_per_hole'
  const partners = 'rounds_game_has_1_to_3_partners_1_in_match_play'
  const handicaps = 'rounds_game_playing_handicaps_are_whole_minus_100_to_200'
  const format = 'rounds_game_format_is_stroke_stableford_or_match'
  const allowance = 'rounds_game_allowance_is_0_to_100'
  const tees = 'rounds_game_partners_have_a_tee'
  const pickedUpHoles = 'rounds_game_picked_up_holes_are_the_rounds_each_once'
  const pickedUpScores = 'rounds_game_picked_up_holes_score_net_double_bogey'
  // The back nine (holes 10–18) as a 9-hole round of the 18-hole tee, its typed rating and slope.
  const backNine = {
    course_rating: '36.0',
    slope_rating: 130,
    par: 36,
    hole_pars: HOLE_PARS.slice(9),
    stroke_indexes: STROKE_INDEXES.slice(9),
    hole_strokes: STROKES.slice(9),
    score: 38,
  }
  const backGame = (pickedUp: unknown) =>
    game({ partners: [partner({ hole_strokes: ANN_STROKES.slice(9) })], picked_up: pickedUp })
  const withPartner = (values: Json) => ({ game: game({ partners: [partner(values)] }) })
  const refusals: [string, Record<string, unknown>][] = [
    ['rounds_game_only_on_a_round_scored_hole_by_hole', { hole_strokes: null, score: 90 }],
    [format, { game: game({ format: 'skins' }) }],
    [format, { game: game({ format: null }) }],
    [format, { game: '"stableford"' }],
    [format, { game: [game()] }],
    [allowance, { game: game({ allowance_percent: -1 }) }],
    [allowance, { game: game({ allowance_percent: 101 }) }],
    [allowance, { game: game({ allowance_percent: 95.5 }) }],
    [allowance, { game: game({ allowance_percent: '95' }) }],
    [allowance, { game: game({ allowance_percent: undefined }) }],
    [handicaps, { game: game({ playing_handicap: 14.5 }) }],
    [handicaps, { game: game({ strokes_received: 201 }) }],
    [handicaps, withPartner({ strokes_received: -101 })],
    [handicaps, withPartner({ playing_handicap: null })],
    [partners, { game: game({ partners: [] }) }],
    [partners, { game: game({ partners: [partner(), partner(), partner(), partner()] }) }],
    [partners, { game: game({ partners: ['Ann'] }) }],
    [partners, { game: game({ partners: partner() }) }],
    [partners, { game: game({ format: 'match', partners: [partner(), partner()] }) }],
    [names, withPartner({ name: '' })],
    [names, withPartner({ name: ' Ann' })],
    [names, withPartner({ name: 'Ann\u00a0' })],
    [names, withPartner({ name: 'A'.repeat(61) })],
    [names, withPartner({ name: 5 })],
    [indexes, withPartner({ index: -10.1 })],
    [indexes, withPartner({ index: 54.1 })],
    [indexes, withPartner({ index: 12.34 })],
    [indexes, withPartner({ index: '12.3' })],
    [tees, withPartner({ tee_id: undefined })],
    [tees, withPartner({ tee_name: 5 })],
    [strokes, withPartner({ hole_strokes: ANN_STROKES.slice(0, 17) })],
    [strokes, withPartner({ hole_strokes: [...ANN_STROKES, 4] })],
    [strokes, withPartner({ hole_strokes: withHole(ANN_STROKES, 7, 0) })],
    [strokes, withPartner({ hole_strokes: withHole(ANN_STROKES, 7, 21) })],
    [strokes, withPartner({ hole_strokes: withHole(ANN_STROKES, 7, 4.5) })],
    [strokes, withPartner({ hole_strokes: withHole(ANN_STROKES, 7, '4') })],
    [strokes, withPartner({ hole_strokes: null })],
    [pickedUpHoles, { game: game({ picked_up: [19] }) }],
    [pickedUpHoles, { game: game({ picked_up: [0] }) }],
    [pickedUpHoles, { game: game({ picked_up: [4.5] }) }],
    [pickedUpHoles, { game: game({ picked_up: ['4'] }) }],
    [pickedUpHoles, { game: game({ picked_up: 4 }) }],
    [pickedUpHoles, { game: game({ picked_up: [4, 4] }) }],
    [pickedUpHoles, { nine: 'back', holes: 9, ...backNine, game: backGame([1]) }],
    [pickedUpScores, { hole_strokes: PICKED_UP_AT_ODDS, score: GROSS + 4, game: pickedUp47 }],
  ]
  it.each(refusals)('refuses %s: %j', async (constraint, values) => {
    await expect(rawRound(values)).rejects.toMatchObject({ code: '23514', constraint })
  })

  it('accepts every edge: allowance 0 and 100, index −10.0 and 54.0, a name of 60, three partners, strokes 1, 20 and picked up, handicaps −100 and 200', async () => {
    const edges = withHole(withHole(ANN_STROKES, 1, 1), 2, 20)
    await expect(
      rawRound({
        game: game({
          format: 'stroke',
          allowance_percent: 0,
          playing_handicap: -100,
          strokes_received: 200,
          partners: [
            partner({ index: -10, name: 'A'.repeat(60), hole_strokes: edges }),
            partner({ index: 54, name: 'B', playing_handicap: 200, strokes_received: -100 }),
            partner({ index: 0.1, name: 'Carl Ó Briain' }),
          ],
        }),
      }),
    ).resolves.toBeUndefined()
    await expect(
      rawRound({ game: game({ format: 'match', allowance_percent: 100 }) }),
    ).resolves.toBeUndefined()
    await expect(rawRound({ game: null })).resolves.toBeUndefined()
  })

  it('accepts the holes picked up scored off one course handicap (14, or none: par + 5), on a back nine its holes 10–18', async () => {
    await expect(
      rawRound({ hole_strokes: PICKED_UP_OFF_14, score: GROSS + 4, game: pickedUp47 }),
    ).resolves.toBeUndefined()
    await expect(
      rawRound({ hole_strokes: PICKED_UP_NO_INDEX, score: GROSS + 9, game: pickedUp47 }),
    ).resolves.toBeUndefined()
    await expect(rawRound({ game: game({ picked_up: [] }) })).resolves.toBeUndefined()
    await expect(
      rawRound({ nine: 'back', holes: 9, ...backNine, game: backGame([18, 10]) }),
    ).resolves.toBeUndefined()
  })
})

describe('the trigger refuses the same first, in the golfer’s words, with the partner and the hole', () => {
  const refusals: [string, RoundValues][] = [
    ['a game is kept only with a round scored hole by hole', { hole_strokes: null, score: 90 }],
    [
      "the game's format must be stroke play, Stableford or match play",
      { game: game({ format: 'skins' }) },
    ],
    [
      'the allowance must be a whole number from 0 to 100%',
      { game: game({ allowance_percent: 101 }) },
    ],
    ['a game has 1 to 3 partners', { game: game({ partners: [] }) }],
    [
      'match play is against exactly 1 partner',
      { game: game({ format: 'match', partners: [partner(), partner()] }) },
    ],
    [
      'partner 2: the name must be 1 to 60 characters, without spaces at either end',
      { game: game({ partners: [partner(), partner({ name: 'Ben ' })] }) },
    ],
    [
      'partner 1: the index must be from -10.0 to 54.0, in tenths',
      { game: game({ partners: [partner({ index: 54.1 })] }) },
    ],
    [
      'partner 1: the card has 17 holes, but this round is played over 18',
      { game: game({ partners: [partner({ hole_strokes: ANN_STROKES.slice(1) })] }) },
    ],
    [
      'partner 1, hole 7: strokes must be from 1 to 20 (or picked up)',
      { game: game({ partners: [partner({ hole_strokes: withHole(ANN_STROKES, 7, 21) })] }) },
    ],
    [
      'you picked up on hole 19, which this round does not have (holes 1 to 18)',
      { game: game({ picked_up: [4, 19] }) },
    ],
    ['hole 4 is picked up more than once', { game: game({ picked_up: [4, 7, 4] }) }],
    [
      'the holes you picked up must be a list of hole numbers',
      { game: game({ picked_up: { hole: 4 } }) },
    ],
    [
      'hole 7 was picked up: it must be scored at net double bogey, off the same course handicap as the other holes you picked up',
      { hole_strokes: PICKED_UP_AT_ODDS, score: GROSS + 4, game: pickedUp47 },
    ],
  ]
  it.each(refusals)('refuses with "%s": %j', async (message, values) => {
    await expect(tryRound(golfer(alice), card(values))).rejects.toMatchObject(refusedWith(message))
  })

  it("stores a game with the partner's tee name copied from the tee, whatever was sent", async () => {
    const id = ulid()
    await addRound(
      golfer(alice),
      card({ id, game: game({ partners: [partner({ tee_name: 'Pink' })] }) }),
    )
    expect(await storedGame(id)).toEqual(game())
  })

  it("refuses another course's tee, another golfer's tee and an unknown tee alike (42501, same words)", async () => {
    const refusal = {
      code: '42501',
      message: "partner 1: the tee must be one of your tees of this round's course",
    }
    for (const tee of [green, bobTee, ulid()]) {
      await expect(
        tryRound(golfer(alice), card({ game: game({ partners: [partner({ tee_id: tee })] }) })),
      ).rejects.toMatchObject(refusal)
    }
    // The golfer's own tee is a partner's tee too.
    await expect(
      tryRound(golfer(alice), card({ game: game({ partners: [partner({ tee_id: blue })] }) })),
    ).resolves.toMatchObject({ rowCount: 1 })
  })
})

describe('a partner’s tee deleted on another device while the card was played offline', () => {
  it('stores the round with its game under the tee’s last name; another golfer’s deleted tee is still refused', async () => {
    const gone = ulid()
    await as(golfer(alice), (db) =>
      db.query(
        `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
         values ($1, $2, 'Yellow', 71.0, 125, 72, 18, $3, $4)`,
        [gone, aliceCourse, HOLE_PARS, STROKE_INDEXES],
      ),
    )
    await as(golfer(alice), (db) => db.query('delete from public.tees where id = $1', [gone]))
    const id = ulid()
    await addRound(
      golfer(alice),
      card({ id, game: game({ partners: [partner({ tee_id: gone, tee_name: 'Renamed' })] }) }),
    )
    expect(await storedGame(id)).toEqual(
      game({ partners: [partner({ tee_id: gone, tee_name: 'Yellow' })] }),
    )
    // Bob cannot name Alice's deleted tee, nor Alice a deleted tee of another course.
    await expect(
      tryRound(golfer(bob), {
        ...card({ game: game({ partners: [partner({ tee_id: gone })] }) }),
        course_id: bobCourse,
        tee_id: bobTee,
      }),
    ).rejects.toMatchObject({ code: '42501' })
  })
})

describe('editing a round with a game', () => {
  it('keeps the game when an edit does not send it, takes a corrected one, and checks its tees', async () => {
    const id = ulid()
    await addRound(golfer(alice), card({ id }))
    await edit(golfer(alice), id, { played_on: '2026-11-21' })
    expect(await storedGame(id)).toEqual(game())
    const corrected = game({ partners: [partner({ hole_strokes: withHole(ANN_STROKES, 3, 4) })] })
    await edit(golfer(alice), id, { game: corrected })
    expect(await storedGame(id)).toEqual(corrected)
    await expect(
      tryEdit(golfer(alice), id, { game: game({ partners: [partner({ tee_id: bobTee })] }) }),
    ).rejects.toMatchObject({ code: '42501' })
    await edit(golfer(alice), id, { game: null })
    expect(await storedGame(id)).toBeNull()
  })

  it('keeps the holes picked up, and drops one an edit scores otherwise (played out after all)', async () => {
    const id = ulid()
    await addRound(
      golfer(alice),
      card({ id, hole_strokes: PICKED_UP_OFF_14, score: GROSS + 4, game: pickedUp47 }),
    )
    expect(await storedGame(id)).toEqual(pickedUp47)
    // Hole 2 corrected: both pick-ups stay.
    const hole2 = withHole(PICKED_UP_OFF_14, 2, 5)
    await edit(golfer(alice), id, { hole_strokes: hole2, score: GROSS + 5 })
    expect(await storedGame(id)).toEqual(pickedUp47)
    // Hole 7 corrected from its 5 to a 4: no longer picked up.
    await edit(golfer(alice), id, { hole_strokes: withHole(hole2, 7, 4), score: GROSS + 4 })
    expect(await storedGame(id)).toEqual(game({ picked_up: [4] }))
    // A game sent with the edit is taken as sent, and checked.
    await expect(
      tryEdit(golfer(alice), id, { game: game({ picked_up: [4, 4] }) }),
    ).rejects.toMatchObject(refusedWith('hole 4 is picked up more than once'))
  })

  it('keeps a game whose partner’s tee was deleted since, and its edits of the day', async () => {
    const gone = ulid()
    await as(golfer(alice), (db) =>
      db.query(
        `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
         values ($1, $2, 'Gone', 71.0, 125, 72, 18, $3, $4)`,
        [gone, aliceCourse, HOLE_PARS, STROKE_INDEXES],
      ),
    )
    const id = ulid()
    const played = game({ partners: [partner({ tee_id: gone, tee_name: 'Gone' })] })
    await addRound(golfer(alice), card({ id, game: played }))
    await as(golfer(alice), (db) => db.query('delete from public.tees where id = $1', [gone]))
    await edit(golfer(alice), id, { played_on: '2026-11-19' })
    expect(await storedGame(id)).toEqual(played)
  })
})

describe('deleted and restored with the round', () => {
  it("a deleted round's game comes back on Undo, exactly", async () => {
    const id = ulid()
    const played = game({
      format: 'match',
      allowance_percent: 100,
      playing_handicap: 3,
      strokes_received: 3,
      partners: [partner({ name: 'Ben', index: -1.2, playing_handicap: 0, strokes_received: 0 })],
    })
    await addRound(golfer(alice), card({ id, game: played }))
    await as(golfer(alice), (db) => db.query('delete from public.rounds where id = $1', [id]))
    expect(await storedGame(id)).toBeUndefined()
    await as(golfer(alice), (db) => db.query(`select public.undo_deletion('rounds', $1)`, [id]))
    expect(await storedGame(id)).toEqual(played)
  })
})

describe('row-level security', () => {
  it("another golfer can neither read a game, change it, nor add one naming the golfer's tee", async () => {
    const id = ulid()
    await addRound(golfer(alice), card({ id }))
    const read = await attempt(golfer(bob), 'select game from public.rounds where id = $1', [id])
    expect(read.rowCount).toBe(0)
    const change = await tryEdit(golfer(bob), id, { game: null })
    expect(change.rowCount).toBe(0)
    expect(await storedGame(id)).toEqual(game())
    // Bob's own round on his own tee, naming Alice's tee for a partner.
    await expect(
      tryRound(
        golfer(bob),
        card({ tee_id: bobTee, game: game({ partners: [partner({ tee_id: red })] }) }),
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('a visitor can neither read nor add a game', async () => {
    await expect(attempt(anon, 'select game from public.rounds')).rejects.toMatchObject({
      code: '42501',
    })
    await expect(tryRound(anon, card())).rejects.toMatchObject({ code: '42501' })
  })
})

describe('import_rounds with a game', () => {
  let carol: string
  beforeAll(async () => {
    carol = await newAuthUser(pool, 'games-carol')
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

  it("stores a row's game, each partner on the imported course's tee of the same name, else the round's tee", async () => {
    // The course and its Blue tee come with the first row; Red is Carol's own tee of it after.
    const first = fileRow()
    expect(await importRounds([first])).toMatchObject({ courses_added: 1, rounds_added: 1 })
    const { rows: tees } = await pool.query<{ id: string; course_id: string }>(
      `select t.id, t.course_id from public.tees as t where t.user_id = $1 and t.name = 'Blue'`,
      [carol],
    )
    const carolBlue = tees[0]?.id
    const carolRed = ulid()
    await as(golfer(carol), (db) =>
      db.query(
        `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
         values ($1, $2, 'Red', 70.2, 124, 72, 18, $3, $4)`,
        [carolRed, tees[0]?.course_id, HOLE_PARS, STROKE_INDEXES],
      ),
    )
    // Alice's ids in the file: Red is found by name, Yellow (no such tee) plays from Blue.
    const played = game({
      format: 'stroke',
      partners: [
        partner(),
        partner({ name: 'Ben', tee_id: ulid(), tee_name: 'Yellow', index: -2.3 }),
      ],
    })
    const row = fileRow({ played_on: '2026-11-02', game: played })
    expect(await importRounds([row])).toEqual({
      courses_added: 0,
      rounds_added: 1,
      rounds_skipped: 0,
    })
    expect(await storedGame(row.round_id)).toEqual(
      game({
        format: 'stroke',
        partners: [
          partner({ tee_id: carolRed }),
          partner({ name: 'Ben', tee_id: carolBlue, tee_name: 'Blue', index: -2.3 }),
        ],
      }),
    )
  })

  it('stores the holes the golfer picked up as the file has them', async () => {
    const row = fileRow({
      played_on: '2026-11-03',
      hole_strokes: PICKED_UP_NO_INDEX,
      score: GROSS + 9,
      game: game({ picked_up: [4, 7] }),
    })
    expect(await importRounds([row])).toMatchObject({ rounds_added: 1 })
    expect((await storedGame(row.round_id))?.['picked_up']).toEqual([4, 7])
  })

  it('refuses a bad game with the row named, in the rules’ words, and stores nothing of the file', async () => {
    const good = fileRow({ played_on: '2026-11-05' })
    const cases: [Record<string, unknown>, string][] = [
      [
        { game: game({ partners: [partner({ index: 54.1 })] }) },
        'row 2: partner 1: the index must be from -10.0 to 54.0, in tenths',
      ],
      [
        { game: game({ partners: [partner({ hole_strokes: withHole(ANN_STROKES, 7, 0) })] }) },
        'row 2: partner 1, hole 7: strokes must be from 1 to 20 (or picked up)',
      ],
      [
        { game: game({ allowance_percent: 120 }) },
        'row 2: the allowance must be a whole number from 0 to 100%',
      ],
      [
        { game: game({ picked_up: [19] }) },
        'row 2: you picked up on hole 19, which this round does not have (holes 1 to 18)',
      ],
      [
        { hole_strokes: PICKED_UP_AT_ODDS, score: GROSS + 4, game: pickedUp47 },
        'row 2, hole 7 was picked up: it must be scored at net double bogey, off the same course handicap as the other holes you picked up',
      ],
      [
        {
          hole_pars: null,
          stroke_indexes: null,
          hole_strokes: null,
          score: 90,
          game: game(),
        },
        'row 2: a game is kept only with a round scored hole by hole',
      ],
    ]
    for (const [values, message] of cases) {
      await expect(
        tryImport([good, fileRow({ played_on: '2026-11-06', ...values })]),
      ).rejects.toMatchObject({ code: '22023', message })
    }
    const { rows } = await pool.query('select 1 from public.rounds where id = $1', [good.round_id])
    expect(rows).toEqual([])
  })
})

describe('the holes picked up agree with one course handicap: SQL against the TS engine', () => {
  /**
   * 1,000 seeded cards (9 holes, front or back, or 18; pars 3–6; stroke indexes permuted, a
   * nine's any 9 of 1–18; course handicaps −10 … 60 or none): a few holes picked up, each at the
   * card's net double bogey (holeMaximums, held to 1–20) or one off it. The database accepts
   * exactly the cards whose picked-up holes some course handicap (or none) gives, as found by
   * trying every one from −100 to 300 with the TS engine (on these cards' strokes, 3 to 20,
   * no other gives anything new). Every card as the app finishes it is accepted.
   */
  const CARDS = 1_000
  const held = (strokes: number) => Math.min(20, Math.max(1, strokes))

  it('accepts every card as finished, and refuses exactly those no course handicap gives', async () => {
    const random = seededRandom(31)
    const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
    const cards = Array.from({ length: CARDS }, () => {
      const holes = random() < 0.5 ? 9 : 18
      const nine = holes === 9 ? (['front', 'back', null] as const)[pick(0, 2)] : null
      const pars = Array.from({ length: holes }, () => pick(3, 6))
      const pool18 = Array.from({ length: 18 }, (_, at) => at + 1)
      for (let at = 17; at > 0; at--) {
        const other = pick(0, at)
        ;[pool18[at], pool18[other]] = [pool18[other] as number, pool18[at] as number]
      }
      const indexes = pool18.slice(0, holes)
      const handicap = random() < 0.1 ? null : pick(-10, 60)
      const holesOf = pars.map((par, at) => ({ par, strokeIndex: indexes[at] as number }))
      const maximums = holeMaximums(holesOf, handicap).map(held)
      const picked = pars.flatMap((_, at) => (random() < 0.3 ? [at] : []))
      const off = random() < 0.5 && picked.length > 1 ? picked[pick(0, picked.length - 1)] : null
      const strokes = maximums.map((most, at) =>
        at === off ? held(most + (random() < 0.5 ? -1 : 1)) : most,
      )
      const first = nine === 'back' ? 10 : 1
      const agrees = Array.from({ length: 401 }, (_, at) => at - 100).some((course) => {
        const given = holeMaximums(holesOf, course).map(held)
        return picked.every((at) => given[at] === strokes[at])
      })
      return {
        holes,
        nine,
        pars,
        indexes,
        strokes,
        picked: picked.map((at) => at + first),
        agrees,
        finished: off === null,
      }
    })
    const { rows } = await pool.query<{ at: number; problem: string | null }>(
      `select (c.place - 1)::integer as at, private.broken_pick_up_rule(
         null,
         jsonb_build_object('picked_up', c.value -> 'picked'),
         (c.value ->> 'holes')::integer,
         c.value ->> 'nine',
         array(select jsonb_array_elements_text(c.value -> 'pars')::integer),
         array(select jsonb_array_elements_text(c.value -> 'indexes')::integer),
         array(select jsonb_array_elements_text(c.value -> 'strokes')::integer)
       ) as problem
       from jsonb_array_elements($1::jsonb) with ordinality as c (value, place)
       order by c.place`,
      [JSON.stringify(cards)],
    )
    const accepted = rows.map((row) => row.problem === null)
    expect(accepted).toEqual(cards.map((card) => card.agrees))
    expect(cards.filter((card) => card.finished).every((card) => card.agrees)).toBe(true)
    // Both answers are well represented.
    expect(accepted.filter(Boolean).length).toBeGreaterThan(CARDS / 2)
    expect(accepted.filter((ok) => !ok).length).toBeGreaterThan(CARDS / 20)
  })
})
