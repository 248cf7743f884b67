import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Worked examples for the handicap views, each checked by hand against DESIGN §3 and the product
 * spec's table: exact ties at both rounding steps (which binary floating point gets wrong), negative
 * values rounding toward +∞, and every row of the table. The SQL ≡ TypeScript test covers random
 * round sets; these pin the rules themselves.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 2 })
const created: string[] = []

afterEach(async () => {
  await pool.query('delete from auth.users where id = any($1)', [created.splice(0)])
})

afterAll(() => pool.end())

interface Round {
  rating: string
  slope: number
  score: number
}

/** A new golfer with the given rounds, each on its own course. */
async function golferWith(rounds: Round[]): Promise<string> {
  const id = randomUUID()
  created.push(id)
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
    [id, `views-${id}@db.test`],
  )
  for (const round of rounds) {
    const courseId = ulid()
    await pool.query(
      `insert into public.courses (id, user_id, name, rating, slope) values ($1, $2, 'Course', $3, $4)`,
      [courseId, id, round.rating, round.slope],
    )
    await pool.query(
      'insert into public.rounds (id, user_id, course_id, score) values ($1, $2, $3, $4)',
      [ulid(), id, courseId, round.score],
    )
  }
  return id
}

async function differentials(userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ differential: string }>(
    'select differential::text from public.round_differentials where user_id = $1 order by id',
    [userId],
  )
  return rows.map((row) => row.differential)
}

async function handicapOf(userId: string) {
  const { rows } = await pool.query<{ rounds_count: number; handicap_index: string | null }>(
    'select rounds_count, handicap_index::text from public.handicap_indexes where user_id = $1',
    [userId],
  )
  return rows[0]
}

/** Rounds whose differentials are exactly the given values: on slope 113, score − rating. */
const roundsWithDifferentials = (values: number[]): Round[] =>
  values.map((value) => ({ rating: (80 - value).toFixed(1), slope: 113, score: 80 }))

describe('round_differentials', () => {
  it('rounds to the nearest tenth, exact ties toward +∞', async () => {
    const golfer = await golferWith([
      { rating: '69.4', slope: 118, score: 84 }, // 13.983… → 14.0
      { rating: '70.0', slope: 120, score: 76 }, // 5.65 exactly → 5.7
      { rating: '72.0', slope: 120, score: 66 }, // −5.65 exactly → −5.6
      { rating: '70.0', slope: 100, score: 85 }, // 16.95 exactly → 17.0
      { rating: '70.5', slope: 130, score: 90 }, // 16.95 exactly → 17.0
      { rating: '72.0', slope: 56, score: 69 }, // −6.053… → −6.1
      { rating: '20.0', slope: 55, score: 200 }, // 369.818… → 369.8, the largest possible
      { rating: '90.0', slope: 155, score: 18 }, // −52.490… → −52.5, the smallest possible
    ])
    expect(await differentials(golfer)).toEqual([
      '14.0',
      '5.7',
      '-5.6',
      '17.0',
      '17.0',
      '-6.1',
      '369.8',
      '-52.5',
    ])
  })
})

describe('handicap_indexes', () => {
  it('has no row for a golfer without rounds and a null index below 3 rounds', async () => {
    expect(await handicapOf(await golferWith([]))).toBeUndefined()
    expect(await handicapOf(await golferWith(roundsWithDifferentials([10])))).toEqual({
      rounds_count: 1,
      handicap_index: null,
    })
    expect(await handicapOf(await golferWith(roundsWithDifferentials([10, 11])))).toEqual({
      rounds_count: 2,
      handicap_index: null,
    })
  })

  // With differentials 10.0, 11.0, 12.0, … the mean of the lowest k is 10 + (k − 1) / 2.
  const table: [rounds: number, index: string][] = [
    [3, '8.0'], // lowest − 2
    [4, '9.0'], // lowest − 1
    [5, '10.0'], // lowest
    [6, '9.5'], // mean of lowest 2 − 1
    [7, '10.5'], // mean of lowest 2
    [8, '10.5'],
    [9, '11.0'], // mean of lowest 3
    [11, '11.0'],
    [12, '11.5'], // mean of lowest 4
    [14, '11.5'],
    [15, '12.0'], // mean of lowest 5
    [16, '12.0'],
    [17, '12.5'], // mean of lowest 6
    [18, '12.5'],
    [19, '13.0'], // mean of lowest 7
    [20, '13.5'], // mean of lowest 8
    [25, '13.5'], // all rounds count, still the lowest 8
    [40, '13.5'],
  ]
  for (const [rounds, index] of table) {
    it(`with ${rounds} rounds the index is ${index}`, async () => {
      // Shuffled, so the view's own sort is what picks the lowest.
      const values = Array.from({ length: rounds }, (_, i) => 10 + i).reverse()
      const golfer = await golferWith(roundsWithDifferentials(values))
      expect(await handicapOf(golfer)).toEqual({ rounds_count: rounds, handicap_index: index })
    })
  }

  it('rounds the mean to the nearest tenth, exact ties toward +∞', async () => {
    const cases: [differentials: number[], index: string][] = [
      [[10.1, 10.2, 30, 30, 30, 30, 30], '10.2'], // 10.15 → 10.2
      [[7.4, 7.5, 30, 30, 30, 30, 30], '7.5'], // 7.45 → 7.5 (binary floats give 7.4)
      [[-1.5, -1.6, 30, 30, 30, 30, 30], '-1.5'], // −1.55 → −1.5
      [[-1.5, -1.6, 30, 30, 30, 30], '-2.5'], // 6 rounds: −1.55 → −1.5, minus 1
      [[1.1, 1.2, 1.2, 30, 30, 30, 30, 30, 30], '1.2'], // 1.1666… → 1.2
      [[-0.1, 0, 30, 30, 30, 30, 30], '0.0'], // −0.05 → 0.0
      [[-3.5, 30, 30], '-5.5'], // 3 rounds: lowest − 2
    ]
    for (const [values, index] of cases) {
      const golfer = await golferWith(roundsWithDifferentials(values))
      expect((await handicapOf(golfer))?.handicap_index, `differentials ${values.join(', ')}`).toBe(
        index,
      )
    }
  })
})

describe('a golfer with no rounds yet', () => {
  it('reads every handicap view as empty, not as an error', async () => {
    // Other golfers' rounds exist but RLS hides them: the walk behind the views sees nothing.
    await golferWith([{ rating: '72.0', slope: 113, score: 80 }])
    const golfer = await golferWith([])
    const db = await pool.connect()
    try {
      await db.query('begin')
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: golfer, role: 'authenticated', aud: 'authenticated' }),
      ])
      await db.query('set local role authenticated')
      const views = [
        'scoring_entries',
        'round_differentials',
        'handicap_indexes',
        'handicap_history',
        'whs_history',
        'whs_indexes',
        'course_handicaps',
      ]
      for (const view of views) {
        const { rows } = await db.query(`select * from public.${view}`)
        expect(rows, view).toEqual([])
      }
    } finally {
      await db.query('rollback')
      db.release()
    }
  })
})
