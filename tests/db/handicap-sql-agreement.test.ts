import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { seededRandom } from '../../src/testing/seeded-random.ts'
import { agreementSeed, idMaker } from '../support/random-golfers.ts'
import { insertGolfers } from '../support/bulk-records.ts'
import { afterAll, expect, it } from 'vitest'
import {
  differentialsUsed,
  handicapIndex,
  scoreDifferential,
  type ScoredRound,
} from '../../src/features/handicap/lib/handicap-index.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/**
 * The SQL views and the TypeScript module are two implementations of one rule; this keeps them
 * from drifting. A few hundred seeded random golfers go into the database in one transaction (rolled
 * back at the end), and every differential and every index the views compute is compared with
 * the module's.
 *
 * Speed: the first hundred golfers take the real path — courses, then rounds whose course
 * copies the trigger fills in. The rest are inserted with session_replication_role = replica,
 * which skips that per-row trigger (and the foreign-key checks), giving the copies directly; the
 * check constraints still apply, and the views read nothing but the copies.
 *
 * Ties are forced: a quarter of the golfers play rounds whose exact differential is a half tenth
 * (an even slope s and score − rating an odd multiple of s / 20), a quarter play slope-113 courses,
 * where differentials are whole tenths and the mean of an even number of them often ends in .x5,
 * a quarter mix both around zero (plus indexes), and a quarter draw anything within the bounds.
 */
const GOLFERS = 500
const THROUGH_THE_TRIGGER = 100
// The superuser: only it may set session_replication_role, which skips the triggers here.
const pool = new pg.Pool({ connectionString: fileDatabase.superuserDbUrl, max: 1 })

afterAll(() => pool.end())

/** A valid score and rating (18–200, 20.0–90.0) with 10 × (score − rating) = overTenths. */
function withOverTenths(overTenths: number, slopeRating: number): ScoredRound {
  const score = Math.max(18, Math.ceil((200 + overTenths) / 10))
  return { score, courseRating: (10 * score - overTenths) / 10, slopeRating }
}

type Style = 'uniform' | 'differential ties' | 'slope 113' | 'around zero'
const STYLES: Style[] = ['uniform', 'differential ties', 'slope 113', 'around zero']

function roundMaker(random: () => number) {
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const tie = () => {
    const slope = 2 * pick(28, 77)
    const half = slope / 2
    const odd = 2 * pick(Math.ceil((-720 / half - 1) / 2), Math.floor((1800 / half - 1) / 2)) + 1
    return withOverTenths(odd * half, slope)
  }
  return (style: Style): ScoredRound => {
    switch (style) {
      case 'uniform':
        return {
          score: pick(18, 200),
          courseRating: pick(200, 900) / 10,
          slopeRating: pick(55, 155),
        }
      case 'differential ties':
        return tie()
      case 'slope 113':
        return withOverTenths(pick(-300, 600), 113)
      case 'around zero':
        return random() < 0.5 ? tie() : withOverTenths(pick(-150, 150), 113)
    }
  }
}

/** Whether numerator / denominator is exactly an integer and a half. */
const isHalf = (numerator: number, denominator: number) =>
  (2 * numerator) % denominator === 0 && Math.abs((2 * numerator) / denominator) % 2 === 1

const tenths = (value: number) => Math.round(value * 10)

interface Golfer {
  id: string
  rounds: ScoredRound[]
  roundIds: string[]
}

it(`agrees with the TypeScript engine on ${GOLFERS} random round sets, ties included`, async () => {
  const random = seededRandom(agreementSeed(7_450_745))
  const nextId = idMaker()
  const makeRound = roundMaker(random)
  const golfers: Golfer[] = Array.from({ length: GOLFERS }, (_, g) => {
    const style = STYLES[g % STYLES.length] as Style
    const count = g % 100 === 1 ? 31 + Math.floor(random() * 90) : Math.floor(random() * 31)
    const rounds = Array.from({ length: count }, () => makeRound(style))
    return { id: randomUUID(), rounds, roundIds: rounds.map(() => nextId()) }
  })
  const realPath = golfers.slice(0, THROUGH_THE_TRIGGER)
  const bulk = golfers.slice(THROUGH_THE_TRIGGER)

  const client = await pool.connect()
  try {
    await client.query('begin')
    await insertGolfers(
      client,
      golfers.map((golfer) => golfer.id),
      'agreement',
    )

    // The real path: one course per distinct (rating, slope), rounds filled in by the trigger.
    const courses: { id: string; userId: string; rating: number; slope: number }[] = []
    const realRounds: { id: string; userId: string; courseId: string; score: number }[] = []
    for (const golfer of realPath) {
      const byRatingAndSlope = new Map<string, string>()
      golfer.rounds.forEach((round, i) => {
        const key = `${round.courseRating}/${round.slopeRating}`
        let courseId = byRatingAndSlope.get(key)
        if (!courseId) {
          courseId = nextId()
          byRatingAndSlope.set(key, courseId)
          courses.push({
            id: courseId,
            userId: golfer.id,
            rating: round.courseRating,
            slope: round.slopeRating,
          })
        }
        realRounds.push({
          id: golfer.roundIds[i] as string,
          userId: golfer.id,
          courseId,
          score: round.score,
        })
      })
    }
    await client.query(
      `insert into public.courses (id, user_id, name, rating, slope)
       select id, user_id, 'Agreement course', rating, slope
       from unnest($1::text[], $2::uuid[], $3::numeric[], $4::int[]) as t(id, user_id, rating, slope)`,
      [
        courses.map((course) => course.id),
        courses.map((course) => course.userId),
        courses.map((course) => course.rating),
        courses.map((course) => course.slope),
      ],
    )
    await client.query(
      `insert into public.rounds (id, user_id, course_id, score)
       select id, user_id, course_id, score
       from unnest($1::text[], $2::uuid[], $3::text[], $4::int[]) as t(id, user_id, course_id, score)`,
      [
        realRounds.map((round) => round.id),
        realRounds.map((round) => round.userId),
        realRounds.map((round) => round.courseId),
        realRounds.map((round) => round.score),
      ],
    )

    // The bulk path: the copies given directly, the trigger skipped.
    const bulkRounds = bulk.flatMap((golfer) =>
      golfer.rounds.map((round, i) => ({ ...round, id: golfer.roundIds[i], userId: golfer.id })),
    )
    await client.query('set local session_replication_role = replica')
    await client.query(
      `insert into public.rounds (id, user_id, course_id, course_name, course_rating, slope_rating, score)
       select id, user_id, null, 'Agreement course', course_rating, slope_rating, score
       from unnest($1::text[], $2::uuid[], $3::numeric[], $4::int[], $5::int[])
         as t(id, user_id, course_rating, slope_rating, score)`,
      [
        bulkRounds.map((round) => round.id),
        bulkRounds.map((round) => round.userId),
        bulkRounds.map((round) => round.courseRating),
        bulkRounds.map((round) => round.slopeRating),
        bulkRounds.map((round) => round.score),
      ],
    )
    await client.query('set local session_replication_role = origin')
    // Statistics, as autovacuum keeps them on a live database: without them the planner takes
    // the table for empty and re-evaluates scoring_entries for every round (minutes, not seconds).
    await client.query('analyze public.rounds')
    // As insertRoundCopies: numbers are compared here, not plans (see tests/support/bulk-records.ts).
    await client.query('set local enable_nestloop = off')

    const ids = golfers.map((golfer) => golfer.id)
    const differentialRows = await client.query<{ id: string; differential: string }>(
      `select id, differential::text from public.round_differentials
       where user_id = any($1::uuid[])`,
      [ids],
    )
    const indexRows = await client.query<{
      user_id: string
      rounds_count: number
      handicap_index: string | null
    }>(
      `select user_id, rounds_count, handicap_index::text from public.handicap_indexes
       where user_id = any($1::uuid[])`,
      [ids],
    )
    await client.query('rollback')

    const sqlDifferentials = new Map(differentialRows.rows.map((row) => [row.id, row.differential]))
    const sqlIndexes = new Map(indexRows.rows.map((row) => [row.user_id, row]))
    const mismatches: string[] = []
    const seen = { rounds: 0, differentialTies: 0, meanTies: 0, plusIndexes: 0, over20: 0 }
    for (const golfer of golfers) {
      golfer.rounds.forEach((round, i) => {
        seen.rounds += 1
        const over = 113 * (10 * round.score - tenths(round.courseRating))
        if (isHalf(over, round.slopeRating)) seen.differentialTies += 1
        const sql = sqlDifferentials.get(golfer.roundIds[i] as string)
        const ts = scoreDifferential(round)
        if (sql === undefined || Number(sql) !== ts) {
          mismatches.push(`differential of ${JSON.stringify(round)}: sql ${sql}, ts ${ts}`)
        }
      })

      const ts = handicapIndex(golfer.rounds)
      const row = sqlIndexes.get(golfer.id)
      if (golfer.rounds.length === 0) {
        if (row) mismatches.push(`a golfer without rounds has a row: ${JSON.stringify(row)}`)
        continue
      }
      const sql = row?.handicap_index == null ? null : Number(row.handicap_index)
      if (row?.rounds_count !== golfer.rounds.length || sql !== ts) {
        mismatches.push(
          `${golfer.rounds.length} rounds ${JSON.stringify(golfer.rounds)}: sql ${JSON.stringify(row)}, ts ${ts}`,
        )
      }

      const rule = differentialsUsed(golfer.rounds.length)
      if (rule) {
        const lowestSum = golfer.rounds
          .map((round) => tenths(scoreDifferential(round)))
          .sort((a, b) => a - b)
          .slice(0, rule.count)
          .reduce((sum, value) => sum + value, 0)
        if (isHalf(lowestSum, rule.count)) seen.meanTies += 1
      }
      if (ts !== null && ts < 0) seen.plusIndexes += 1
      if (golfer.rounds.length > 20) seen.over20 += 1
    }

    expect(mismatches.slice(0, 10)).toEqual([])
    expect(differentialRows.rows).toHaveLength(seen.rounds)
    // The generator must really produce the cases this test exists for.
    expect(seen.differentialTies).toBeGreaterThan(1_500)
    expect(seen.meanTies).toBeGreaterThan(25)
    expect(seen.plusIndexes).toBeGreaterThan(200)
    expect(seen.over20).toBeGreaterThan(80)
  } finally {
    client.release()
  }
}, 600_000)
