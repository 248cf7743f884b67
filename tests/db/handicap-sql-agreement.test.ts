import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { ulid } from 'ulid'
import { afterAll, expect, inject, it } from 'vitest'
import {
  handicapIndex,
  scoreDifferential,
  type ScoredRound,
} from '../../src/features/handicap/lib/handicap-index.ts'

/**
 * The SQL views and the TypeScript module are two implementations of one rule; this keeps them
 * from drifting. 10,000 random golfers (0–30 rounds each) go into the database in bulk, and every
 * differential and every index the views compute is compared with the module's.
 *
 * Ties are forced often: half the golfers play only slope-113 courses (differential = score −
 * rating, so means of 2, 4, 6 or 8 differentials land on .x5 tenths regularly), and the other half
 * draw slopes that are multiples of 113's factors' neighbours, giving exact half-tenth ties.
 */
const GOLFERS = 10_000
const pool = new pg.Pool({ connectionString: inject('database').dbUrl, max: 2 })

afterAll(() => pool.end())

function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

interface Course {
  id: string
  rating: number
  slope: number
}

it(`agrees with the TypeScript engine on ${GOLFERS} random round sets, ties included`, async () => {
  const random = seededRandom(7_450_745)
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const TIE_SLOPES = [113, 113, 226 / 2, 57, 71, 142, 150, 131]

  const users: { id: string; rounds: ScoredRound[]; roundIds: string[] }[] = []
  const courseRows: [string, string, number, number][] = []
  const roundRows: [string, string, string, number][] = []
  for (let g = 0; g < GOLFERS; g++) {
    const userId = randomUUID()
    const tieHeavy = g % 2 === 0
    const courses: Course[] = Array.from({ length: pick(1, 3) }, () => ({
      id: ulid(),
      rating: pick(tieHeavy ? 650 : 200, tieHeavy ? 780 : 900) / 10,
      slope: tieHeavy ? 113 : (TIE_SLOPES[pick(0, TIE_SLOPES.length - 1)] ?? pick(55, 155)),
    }))
    for (const course of courses) courseRows.push([course.id, userId, course.rating, course.slope])
    const user = { id: userId, rounds: [] as ScoredRound[], roundIds: [] as string[] }
    const count = pick(0, 30)
    for (let r = 0; r < count; r++) {
      const course = courses[pick(0, courses.length - 1)] as Course
      const score = tieHeavy ? pick(60, 110) : pick(18, 200)
      const id = ulid()
      user.rounds.push({ score, courseRating: course.rating, slopeRating: course.slope })
      user.roundIds.push(id)
      roundRows.push([id, userId, course.id, score])
    }
    users.push(user)
  }

  const client = await pool.connect()
  try {
    await client.query('begin')
    await client.query(
      `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated',
              'agreement-' || id || '@db.test', now(), now()
       from unnest($1::uuid[]) as id`,
      [users.map((user) => user.id)],
    )
    await client.query(
      `insert into public.courses (id, user_id, name, rating, slope)
       select id, user_id, 'Course', rating, slope
       from unnest($1::text[], $2::uuid[], $3::numeric[], $4::int[]) as t(id, user_id, rating, slope)`,
      [
        courseRows.map((row) => row[0]),
        courseRows.map((row) => row[1]),
        courseRows.map((row) => row[2]),
        courseRows.map((row) => row[3]),
      ],
    )
    await client.query(
      `insert into public.rounds (id, user_id, course_id, score)
       select id, user_id, course_id, score
       from unnest($1::text[], $2::uuid[], $3::text[], $4::int[]) as t(id, user_id, course_id, score)`,
      [
        roundRows.map((row) => row[0]),
        roundRows.map((row) => row[1]),
        roundRows.map((row) => row[2]),
        roundRows.map((row) => row[3]),
      ],
    )
    const ids = users.map((user) => user.id)
    const differentials = await client.query<{ id: string; differential: string }>(
      'select id, differential::text from public.round_differentials where user_id = any($1::uuid[])',
      [ids],
    )
    const indexes = await client.query<{ user_id: string; handicap_index: string | null }>(
      'select user_id, handicap_index::text from public.handicap_indexes where user_id = any($1::uuid[])',
      [ids],
    )
    await client.query('rollback')

    const sqlDifferential = new Map(
      differentials.rows.map((row) => [row.id, Number(row.differential)]),
    )
    const sqlIndex = new Map(indexes.rows.map((row) => [row.user_id, row.handicap_index]))
    let compared = 0
    let ties = 0
    const mismatches: string[] = []
    for (const user of users) {
      user.rounds.forEach((round, i) => {
        const expected = scoreDifferential(round)
        const actual = sqlDifferential.get(user.roundIds[i] as string)
        if (actual !== expected)
          mismatches.push(`differential ${JSON.stringify(round)}: sql ${actual}, ts ${expected}`)
        if (
          (113 * (10 * round.score - Math.round(round.courseRating * 10)) * 2) %
            round.slopeRating ===
          0
        ) {
          ties += 1
        }
      })
      const expected = handicapIndex(user.rounds)
      const actual = sqlIndex.get(user.id)
      const actualNumber = actual === undefined || actual === null ? null : Number(actual)
      if (actualNumber !== expected)
        mismatches.push(`index of ${user.rounds.length} rounds: sql ${actual}, ts ${expected}`)
      compared += 1
    }
    expect(mismatches.slice(0, 10)).toEqual([])
    expect(compared).toBe(GOLFERS)
    // The generator must really produce the ties this test exists for.
    expect(ties).toBeGreaterThan(1000)
  } finally {
    client.release()
  }
})
