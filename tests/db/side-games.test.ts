import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateSideGames } from '../../src/features/scorecard/lib/side-game-standings.ts'
import { sideGamesToRow } from '../../src/lib/tables/side-game-rows.ts'
import { callersOn, golfer, newAuthUser } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

const ulid = monotonicFactory()

/**
 * A round's side games (rounds.game -> side_games) at the database: the rounds trigger refuses a
 * bad one in the golfer's words (check_violation, which PostgREST answers with 400), the
 * constraint holds the same with the trigger off, a good one is stored as sent, and the SQL rule
 * agrees with validateSideGames case by case.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as, attempt } = callersOn(pool)

const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]

let alice: string
const course = ulid()
const blue = ulid()

type Json = Record<string, unknown>
const partner = (name: string, holes = 18): Json => ({
  name,
  index: 12.4,
  tee_id: blue,
  tee_name: 'Blue',
  playing_handicap: 11,
  strokes_received: 11,
  hole_strokes: STROKES.slice(0, holes),
})
const points = (amount: unknown = 1): Json => ({ kind: 'points', amount })
const GOOD: Json = {
  version: 1,
  sides: [
    [0, 2],
    [1, 3],
  ],
  skins: { basis: 'net', carry_over: true, stake: points(1) },
  nassau: { press_at: 2, stake: { kind: 'money', amount: 2.5, currency: 'EUR' } },
  four_ball: { stake: points(3) },
  scramble: { teams: 'group' },
}
/** A game of `players` players (3 partners: four) with these side games. */
const game = (sideGames: unknown, players = 4, holes = 18): Json => ({
  format: 'stroke',
  allowance_percent: 95,
  playing_handicap: 14,
  strokes_received: 14,
  partners: ['Ann', 'Ben', 'Cat'].slice(0, players - 1).map((name) => partner(name, holes)),
  side_games: sideGames,
})
const round = (gameValue: Json, holes = 18): Json => ({
  id: ulid(),
  tee_id: blue,
  played_on: '2026-11-20',
  ...(holes === 9
    ? {
        nine: 'front',
        course_rating: 36.1,
        slope_rating: 130,
        score: STROKES.slice(0, 9).reduce((a, b) => a + b),
      }
    : { score: STROKES.reduce((a, b) => a + b) }),
  hole_strokes: STROKES.slice(0, holes),
  game: gameValue,
})
const insert = (values: Json) => {
  const columns = Object.keys(values)
  return {
    text: `insert into public.rounds (${columns.join(', ')}) values (${columns
      .map((column, at) => `$${at + 1}${column === 'game' ? '::jsonb' : ''}`)
      .join(', ')}) returning game`,
    values: Object.entries(values).map(([column, value]) =>
      column === 'game' ? JSON.stringify(value) : value,
    ),
  }
}
const tryRound = (values: Json) => {
  const { text, values: params } = insert(values)
  return attempt(golfer(alice), text, params)
}

beforeAll(async () => {
  alice = await newAuthUser(pool, 'side-games-alice')
  await as(golfer(alice), async (db) => {
    await db.query(
      `insert into public.courses (id, name, rating, slope) values ($1, 'Alice Links', 72.4, 131)`,
      [course],
    )
    await db.query(
      `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
       values ($1, $2, 'Blue', 73.9, 135, 72, 18, $3, $4)`,
      [blue, course, HOLE_PARS, STROKE_INDEXES],
    )
  })
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = $1', [alice])
  await pool.end()
})

describe('the rounds trigger refuses bad side games in the golfer’s words', () => {
  const refusals: [string, Json][] = [
    [
      "the skins stake can't be negative",
      round(game({ ...GOOD, skins: { basis: 'gross', carry_over: false, stake: points(-1) } })),
    ],
    [
      'the four-ball match stake must be a number',
      round(game({ ...GOOD, four_ball: { stake: points('5') } })),
    ],
    [
      'the Nassau stake has too many decimals for EUR',
      round(
        game({
          ...GOOD,
          nassau: { press_at: null, stake: { kind: 'money', amount: 1.005, currency: 'EUR' } },
        }),
      ),
    ],
    [
      'a four-ball match needs 4 players; this card has 3',
      round(game({ version: 1, four_ball: { stake: points() } }, 3)),
    ],
    [
      'a Nassau needs 18 holes; this card has 9',
      round(game({ version: 1, nassau: { press_at: 2, stake: points() } }, 2, 9), 9),
    ],
    [
      'choose the two sides: each of the 4 players in one pair',
      round(
        game({
          ...GOOD,
          sides: [
            [0, 1],
            [2, 7],
          ],
        }),
      ),
    ],
    [
      'choose the two sides: each of the 4 players in one pair',
      round(
        game({
          ...GOOD,
          sides: [
            [0, 0],
            [1, 2],
          ],
        }),
      ),
    ],
    ['"holes" is not a side game HCPFast knows', round(game({ ...GOOD, holes: [4, 5, 3] }))],
    [
      'a Nassau presses at 2 down, or not at all',
      round(game({ version: 1, nassau: { press_at: 3, stake: points() } }, 2)),
    ],
    ['choose at least one side game', round(game({ version: 1 }))],
  ]
  it.each(refusals)('refuses with "%s"', async (message, values) => {
    await expect(tryRound(values)).rejects.toMatchObject({ code: '23514', message })
  })

  it('refuses 10,000 holes added by hand by the game’s size, before reading them', async () => {
    const holes = Array.from({ length: 10_000 }, () => 4)
    await expect(tryRound(round(game({ ...GOOD, holes })))).rejects.toMatchObject({
      code: '23514',
      message: 'the game is too large (at most 16 KB)',
    })
  })

  it('the constraint refuses the same with the trigger off', async () => {
    // With the rounds trigger off nothing copies the tee into the round, so the row brings its copies.
    const { text, values } = insert({
      ...round(game({ version: 1, four_ball: { stake: points() } }, 3)),
      user_id: alice,
      course_id: course,
      course_name: 'Alice Links',
      tee_name: 'Blue',
      course_rating: 73.9,
      slope_rating: 135,
      par: 72,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
    })
    const db = await pool.connect()
    try {
      await db.query('begin')
      await db.query('alter table public.rounds disable trigger before_round_written')
      await expect(db.query(text, values)).rejects.toMatchObject({
        code: '23514',
        constraint: 'rounds_game_side_games_are_playable_on_the_card',
      })
    } finally {
      await db.query('rollback')
      db.release()
    }
  })
})

describe('good side games are stored with the round', () => {
  it('stores four players’ skins, Nassau, four-ball and scramble as sent', async () => {
    const values = round(game(GOOD))
    const { text, values: params } = insert(values)
    const stored = await as(golfer(alice), (db) => db.query<{ game: Json }>(text, params))
    expect(stored.rows[0]?.game['side_games']).toEqual(GOOD)
  })

  it('stores a round without side games exactly as before', async () => {
    const plain = game(GOOD)
    delete plain['side_games']
    const { text, values } = insert(round(plain))
    const stored = await as(golfer(alice), (db) => db.query<{ game: Json }>(text, values))
    expect(stored.rows[0]?.game).not.toHaveProperty('side_games')
  })
})

describe('the SQL rule agrees with validateSideGames', () => {
  const stake = { kind: 'points', amount: 2 } as const
  const cases: [string, unknown, number, number][] = [
    [
      'all four games of four',
      {
        version: 1,
        sides: [
          [0, 3],
          [1, 2],
        ],
        skins: { basis: 'gross', carryOver: false, stake },
        nassau: { pressAt: null, stake },
        fourBall: { stake },
        scramble: { teams: 'sides', stake },
      },
      4,
      18,
    ],
    [
      'skins of three on nine holes',
      {
        version: 1,
        skins: {
          basis: 'net',
          carryOver: true,
          stake: { kind: 'money', amount: 500, currency: 'JPY' },
        },
      },
      3,
      9,
    ],
    [
      'yen with decimals',
      {
        version: 1,
        skins: {
          basis: 'net',
          carryOver: true,
          stake: { kind: 'money', amount: 0.5, currency: 'JPY' },
        },
      },
      3,
      9,
    ],
    ['a Nassau of two', { version: 1, nassau: { pressAt: 2, stake } }, 2, 18],
    ['a Nassau of three', { version: 1, nassau: { pressAt: 2, stake } }, 3, 18],
    ['a Nassau of four without sides', { version: 1, nassau: { pressAt: 2, stake } }, 4, 18],
    ['a group scramble with a stake', { version: 1, scramble: { teams: 'group', stake } }, 4, 18],
    ['a group scramble of three', { version: 1, scramble: { teams: 'group' } }, 3, 18],
    [
      'points with decimals',
      {
        version: 1,
        skins: { basis: 'net', carryOver: true, stake: { kind: 'points', amount: 1.5 } },
      },
      2,
      18,
    ],
    [
      'a stake over 10,000',
      {
        version: 1,
        skins: { basis: 'net', carryOver: true, stake: { kind: 'points', amount: 10_001 } },
      },
      2,
      18,
    ],
    [
      'a lower-case currency',
      {
        version: 1,
        skins: {
          basis: 'net',
          carryOver: true,
          stake: { kind: 'money', amount: 1, currency: 'eur' },
        },
      },
      2,
      18,
    ],
    ['version 2', { version: 2, skins: { basis: 'net', carryOver: true, stake } }, 2, 18],
  ]
  it.each(cases)('%s', async (_name, value, players, holes) => {
    const ts = validateSideGames(value, { players, holes })
    const row = sideGamesToRow(value as never)
    const sql = await pool.query<{ problem: string | null }>(
      'select private.broken_side_games_rule($1::jsonb, $2, $3) as problem',
      [JSON.stringify(row), players, holes],
    )
    expect(sql.rows[0]?.problem === null).toBe(ts.ok)
  })
})
