// @vitest-environment jsdom
// The outbox keeps its entries in IndexedDB, which jsdom lacks (as in the unit tests).
import 'fake-indexeddb/auto'
import { ulid } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OwnTable } from '../../src/lib/realtime.ts'
import type { Game } from '../../src/lib/tables/games.ts'
import { aMatchWith } from '../../src/testing/fixtures.ts'
import { adminPool, newGolfer, stackInfo, TEST_PASSWORD } from '../support/stack.ts'

/**
 * Every table the outbox writes, sent through the app's own outbox and supabase-js client against
 * the real stack: the first insert reaches the database but its answer is lost on the way back
 * (the request went out, the response never arrived), so the outbox sends the same insert again.
 * The database refuses the id it already has (its primary key, 23505), and the outbox must count
 * that as stored: exactly one row, an empty outbox, nothing listed as not saved.
 */
const pool = adminPool()
let app: Awaited<ReturnType<typeof loadApp>>
let golfer: Awaited<ReturnType<typeof newGolfer>>
let stopOutbox: () => void
const realFetch = globalThis.fetch
/** The table whose next insert's answer is lost, and every insert sent, by table. */
let loseAnswerOf: OwnTable | null = null
const inserts: { table: string; status: number | 'lost' }[] = []

async function loadApp() {
  // The app reads its stack from the build's environment: this test's stack, set before loading.
  process.env.VITE_SUPABASE_URL = stackInfo().apiUrl
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY = stackInfo().publishableKey
  const [{ supabase }, outbox, { TABLES }, { coursesTable }, { teesTable }, { roundsTable }] =
    await Promise.all([
      import('../../src/lib/supabase.ts'),
      import('../../src/stores/outbox.ts'),
      import('../../src/app/signed-in/records.ts'),
      import('../../src/features/courses/stores/courses-table.ts'),
      import('../../src/features/courses/stores/tees-table.ts'),
      import('../../src/features/rounds/stores/rounds-table.ts'),
    ])
  return { supabase, outbox, TABLES, coursesTable, teesTable, roundsTable }
}

beforeAll(async () => {
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input))
    const table = /^\/rest\/v1\/(\w+)$/.exec(url.pathname)?.[1]
    if (!table || (init?.method ?? 'GET') !== 'POST') return response
    if (table === loseAnswerOf) {
      loseAnswerOf = null
      await response.arrayBuffer()
      inserts.push({ table, status: 'lost' })
      throw new TypeError('Failed to fetch')
    }
    inserts.push({ table, status: response.status })
    return response
  }
  app = await loadApp()
  golfer = await newGolfer('resend')
  const signIn = await app.supabase.auth.signInWithPassword({
    email: golfer.email,
    password: TEST_PASSWORD,
  })
  expect(signIn.error).toBeNull()
  stopOutbox = app.outbox.startOutbox(
    golfer.user.id,
    Object.fromEntries(app.TABLES.map((table) => [table.table, table])),
  )
})

afterAll(async () => {
  stopOutbox()
  await app.outbox.forgetDevice(golfer.user.id)
  await app.supabase.auth.signOut()
  globalThis.fetch = realFetch
  await pool.end()
})

const COURSE = { name: 'Home Links', rating: 70.1, slope: 113, par: 72 }
const AT = '2026-11-20T10:00:00.000Z'

/** Adds a record through the table's outbox kind, losing the answer to its first insert. */
async function addLosingTheAnswer(table: OwnTable, add: () => Promise<void>) {
  inserts.length = 0
  loseAnswerOf = table
  await add()
  const outbox = app.outbox.useOutboxStore
  await expect.poll(() => outbox.getState().entries, { timeout: 30_000 }).toEqual([])
  expect(outbox.getState().refused).toEqual([])
  expect(inserts).toEqual([
    { table, status: 'lost' },
    { table, status: 409 },
  ])
}

/** A course of the golfer's, stored directly (not the subject of the test). */
async function aCourse() {
  const id = ulid()
  const { error } = await golfer.client.from('courses').insert({ id, ...COURSE })
  expect(error).toBeNull()
  return id
}

async function rowsWithId(table: OwnTable, id: string) {
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count from public.${table} where id = $1`,
    [id],
  )
  return rows[0]?.count
}

// A nine of the games' tests (issue 31): par 36, stroke indexes 1–9; the golfer's 39.
const NINE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const NINE_INDEXES = [1, 3, 5, 7, 9, 2, 4, 6, 8]
const NINE_STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5]

/** 9-hole tees of the golfer's course, slope 120, stored directly: [id, name, rating] each. */
async function nineTees(courseId: string, tees: readonly [string, string, number][]) {
  const { error } = await golfer.client.from('tees').insert(
    tees.map(([id, name, rating]) => ({
      id,
      course_id: courseId,
      name,
      course_rating: rating,
      slope_rating: 120,
      holes: 9,
      par: 36,
      hole_pars: NINE_PARS,
      stroke_indexes: NINE_INDEXES,
    })),
  )
  expect(error).toBeNull()
}

/** The golfer's 39 on a nine of `teeId`, with `game`, as the card sends it. */
const nineWithGame = (courseId: string, teeId: string, game: Game, playedOn: string) => ({
  courseId,
  teeId,
  nine: null,
  score: 39,
  holeScores: NINE_STROKES.map((hole) => ({
    strokes: hole,
    putts: null,
    fairwayHit: null,
    greenInRegulation: null,
    penalties: null,
  })),
  game,
  playedOn,
})

/** The round the screens show for such an input until the server answers. */
const nineRecord = (id: string, input: ReturnType<typeof nineWithGame>, teeName: string) => ({
  id,
  ...input,
  courseName: COURSE.name,
  teeName,
  holes: 9 as const,
  courseRating: 35.1,
  slopeRating: 120,
  par: 36,
  holePars: NINE_PARS,
  strokeIndexes: NINE_INDEXES,
  createdAt: AT,
})

describe('an insert sent again after its answer was lost is stored once, for every table', () => {
  it('every table the outbox writes is keyed by its id, under the name the outbox knows it by', async () => {
    const { rows } = await pool.query<{ table: string; name: string; columns: string[] }>(
      `select c.conrelid::regclass::text as table, c.conname as name,
         array(select a.attname::text from unnest(c.conkey) as k
           join pg_attribute as a on a.attrelid = c.conrelid and a.attnum = k) as columns
       from pg_constraint as c
       where c.contype = 'p' and c.conrelid = any($1::regclass[])
       order by 1`,
      [app.TABLES.map((table) => `public.${table.table}`)],
    )
    expect(rows).toEqual([
      { table: 'courses', name: 'courses_pkey', columns: ['id'] },
      { table: 'rounds', name: 'rounds_pkey', columns: ['id'] },
      { table: 'tees', name: 'tees_pkey', columns: ['id'] },
    ])
  })

  it('courses', async () => {
    const courses = app.coursesTable
    let id = ''
    await addLosingTheAnswer('courses', () =>
      courses.add(COURSE, (made) => {
        id = made
        return { id: made, ...COURSE, createdAt: AT }
      }),
    )
    expect(await rowsWithId('courses', id)).toBe(1)
    expect(courses.store.getState().confirmed[id]).toMatchObject({ name: 'Home Links' })
  })

  it('tees', async () => {
    const courseId = await aCourse()
    const tees = app.teesTable
    const input = {
      courseId,
      name: 'Yellow',
      rating: 68.9,
      slope: 121,
      par: 72,
      holes: 18 as const,
      holePars: null,
      strokeIndexes: null,
    }
    let id = ''
    await addLosingTheAnswer('tees', () =>
      tees.add(input, (made) => {
        id = made
        return { id: made, ...input, createdAt: AT }
      }),
    )
    expect(await rowsWithId('tees', id)).toBe(1)
    expect(tees.store.getState().confirmed[id]).toMatchObject({ name: 'Yellow' })
  })

  it('rounds', async () => {
    const courseId = await aCourse()
    const rounds = app.roundsTable
    const input = {
      courseId,
      teeId: null,
      nine: null,
      score: 85,
      holeScores: null,
      playedOn: '2026-11-20',
    }
    let id = ''
    await addLosingTheAnswer('rounds', () =>
      rounds.add(input, (made) => {
        id = made
        return {
          id: made,
          ...input,
          courseName: COURSE.name,
          teeName: 'Default',
          holes: 18,
          courseRating: COURSE.rating,
          slopeRating: COURSE.slope,
          par: COURSE.par,
          holePars: null,
          strokeIndexes: null,
          game: null,
          createdAt: AT,
        }
      }),
    )
    expect(await rowsWithId('rounds', id)).toBe(1)
    expect(rounds.store.getState().confirmed[id]).toMatchObject({ score: 85 })
  })

  it('a round with its game (issue 31): the round and the game in one insert, stored once', async () => {
    const courseId = await aCourse()
    // Two 9-hole tees of the course: the golfer's Yellow and the partner's Red.
    const [yellow, red] = [ulid(), ulid()]
    await nineTees(courseId, [
      [yellow, 'Yellow', 35.1],
      [red, 'Red', 34.0],
    ])
    const game: Game = {
      format: 'stableford' as const,
      allowancePercent: 95,
      playingHandicap: 6,
      strokesReceived: 6,
      partners: [
        {
          name: 'Ann',
          index: 12.4,
          teeId: red,
          teeName: 'Red',
          playingHandicap: 5,
          strokesReceived: 5,
          holeStrokes: [4, 5, null, 5, 4, 6, 3, 5, 5],
        },
      ],
    }
    const input = nineWithGame(courseId, yellow, game, '2026-11-21')
    const rounds = app.roundsTable
    let id = ''
    await addLosingTheAnswer('rounds', () =>
      rounds.add(input, (made) => {
        id = made
        return nineRecord(made, input, 'Yellow')
      }),
    )
    expect(await rowsWithId('rounds', id)).toBe(1)
    const { rows } = await pool.query<{ game: unknown; hole_strokes: number[] }>(
      'select game, hole_strokes from public.rounds where id = $1',
      [id],
    )
    expect(rows[0]).toEqual({
      hole_strokes: NINE_STROKES,
      game: {
        format: 'stableford',
        allowance_percent: 95,
        playing_handicap: 6,
        strokes_received: 6,
        partners: [
          {
            name: 'Ann',
            index: 12.4,
            tee_id: red,
            tee_name: 'Red',
            playing_handicap: 5,
            strokes_received: 5,
            hole_strokes: [4, 5, null, 5, 4, 6, 3, 5, 5],
          },
        ],
      },
    })
    expect(rounds.store.getState().confirmed[id]?.game).toEqual(game)
  })
})

describe("a round whose game the database refuses (issue 31's bad input)", () => {
  it('is refused once, in words naming the partner, never "check your connection", with what was typed kept', async () => {
    const courseId = await aCourse()
    const blue = ulid()
    await nineTees(courseId, [[blue, 'Blue', 35.1]])
    // An index past 54.0: the form holds it too, so only an older or altered app sends this.
    const input = nineWithGame(
      courseId,
      blue,
      aMatchWith({
        index: 54.5,
        teeId: blue,
        teeName: 'Blue',
        playingHandicap: 40,
        strokesReceived: 40,
        holeStrokes: [6, 7, 5, 8, 6, 7, 5, 6, 7],
      }),
      '2026-11-22',
    )
    inserts.length = 0
    let id = ''
    await app.roundsTable.add(input, (made) => {
      id = made
      return nineRecord(made, input, 'Blue')
    })
    const outbox = app.outbox.useOutboxStore
    await expect.poll(() => outbox.getState().entries, { timeout: 30_000 }).toEqual([])
    expect(inserts).toEqual([{ table: 'rounds', status: 400 }])
    expect(outbox.getState().refused).toEqual([
      {
        key: expect.any(String),
        message: "Partner 1's index must be from +10.0 to 54.0, in tenths.",
        typed:
          'Score 39 at Home Links, 22 Nov 2026 (strokes 5 4 3 6 4 5 3 4 5); Match play 100%: ' +
          'Ben 54.5, Blue (strokes 6 7 5 8 6 7 5 6 7)',
      },
    ])
    expect(await rowsWithId('rounds', id)).toBe(0)
  })
})
