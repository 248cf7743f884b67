import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { seededRandom } from '../../src/testing/seeded-random.ts'
import { agreementSeed, idMaker } from '../support/random-golfers.ts'
import { insertGolfers, insertRoundCopies } from '../support/bulk-records.ts'
import { afterAll, expect, it } from 'vitest'
import { whsRecord, type WhsInputRound } from '../../src/features/handicap/lib/whs-index.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/**
 * public.whs_history and public.whs_indexes against the TypeScript engine's whsRecord, on a few hundred
 * seeded random golfers with dates (inserted in one transaction, rolled back). The rows go in with
 * session_replication_role = replica, giving the course copies directly (the views read nothing
 * else); the checks still apply.
 *
 * The records are built to reach every rule: rounds on the same day and gaps of more than a year
 * (so the low index falls back on the index in effect), golfers who play far better than their
 * level now and then (exceptional rounds, reductions adding up), golfers whose level jumps late in
 * their record (soft and hard caps), golfers above 54.0 and below zero, and a sixth drawing any
 * score, rating and slope (ties in the differential's rounding). Ids are made in an order
 * unrelated to the days, as when a golfer back-fills last season.
 */
const GOLFERS = 400
// The superuser: only it may set session_replication_role, which skips the triggers here.
const pool = new pg.Pool({ connectionString: fileDatabase.superuserDbUrl, max: 1 })

afterAll(() => pool.end())

interface Round extends WhsInputRound {
  id: string
}

type Style = 'steady' | 'exceptional' | 'slump' | 'high' | 'plus' | 'uniform'
const STYLES: Style[] = ['steady', 'exceptional', 'slump', 'high', 'plus', 'uniform']

const DAY_MS = 86_400_000
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** A valid score and rating (18–200, 20.0–90.0) on slope 113: the differential is overTenths. */
function withOverTenths(overTenths: number): Omit<Round, 'id' | 'playedOn'> {
  const score = Math.max(18, Math.ceil((200 + overTenths) / 10))
  return { score, courseRating: (10 * score - overTenths) / 10, slopeRating: 113 }
}

function golferMaker(random: () => number, nextId: () => string) {
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  return (style: Style, count: number): Round[] => {
    let day = Date.UTC(1995, 0, 1) / DAY_MS + pick(0, 3_650)
    let level = style === 'high' ? pick(480, 650) : style === 'plus' ? pick(-60, 20) : pick(0, 300)
    const jumpAt = count - pick(1, 12)
    const rounds = Array.from({ length: count }, (_, i) => {
      const gap = random()
      if (i > 0 && gap >= 0.35) day += gap < 0.96 ? pick(1, 40) : pick(366, 900)
      if (style === 'slump' && i === jumpAt) level += pick(40, 160)
      let over = level + pick(-40, 60)
      if (random() < (style === 'exceptional' ? 0.15 : 0.03)) over = level - pick(50, 150)
      const round =
        style === 'uniform'
          ? { score: pick(18, 200), courseRating: pick(200, 900) / 10, slopeRating: pick(55, 155) }
          : withOverTenths(over)
      return { id: '', playedOn: dayText(day), ...round }
    })
    const ids = rounds.map(() => nextId()).sort(() => random() - 0.5)
    rounds.forEach((round, i) => (round.id = ids[i] as string))
    // Record order: the day played, then the id within a day.
    return rounds.sort((a, b) =>
      a.playedOn < b.playedOn ? -1 : a.playedOn > b.playedOn ? 1 : a.id < b.id ? -1 : 1,
    )
  }
}

const asNumber = (value: string | null) => (value === null ? null : Number(value))

it(`the WHS views agree with the TypeScript engine on ${GOLFERS} random records`, async () => {
  const random = seededRandom(agreementSeed(24_2026))
  const makeGolfer = golferMaker(random, idMaker())
  const golfers = Array.from({ length: GOLFERS }, (_, g) => {
    const count = g % 40 === 1 ? 30 + Math.floor(random() * 60) : Math.floor(random() * 36)
    return { id: randomUUID(), rounds: makeGolfer(STYLES[g % STYLES.length] as Style, count) }
  })

  const client = await pool.connect()
  try {
    await client.query('begin')
    await insertGolfers(
      client,
      golfers.map((golfer) => golfer.id),
      'whs-agreement',
    )
    const rounds = golfers.flatMap((golfer) =>
      golfer.rounds.map((round) => ({ ...round, userId: golfer.id })),
    )
    await insertRoundCopies(client, rounds)

    const ids = golfers.map((golfer) => golfer.id)
    const started = performance.now()
    const history = await client.query<{
      round_id: string
      played_on: string
      differential: string
      adjusted_differential: string
      exceptional_reduction: number
      index_after: string | null
      counts: boolean
    }>(
      `select round_id, played_on::text, differential::text, adjusted_differential::text,
              exceptional_reduction, index_after::text, counts
       from public.whs_history`,
    )
    const indexes = await client.query<{
      user_id: string
      whs_index: string | null
      low_index: string | null
      cap: string
    }>(
      `select user_id, whs_index::text, low_index::text, cap from public.whs_indexes
       where user_id = any($1::uuid[])`,
      [ids],
    )
    console.info(
      `whs views: ${rounds.length} rounds of ${GOLFERS} golfers in ${Math.round(performance.now() - started)} ms`,
    )
    await client.query('rollback')

    const sqlHistory = new Map(history.rows.map((row) => [row.round_id, row]))
    const sqlIndexes = new Map(indexes.rows.map((row) => [row.user_id, row]))
    const mismatches: string[] = []
    const seen = {
      sameDay: 0,
      yearGaps: 0,
      reductions: { 0: 0, 1: 0, 2: 0 },
      addedUp: 0,
      caps: { none: 0, soft: 0, hard: 0 },
      maximum: 0,
      plus: 0,
      fallback: 0,
    }
    for (const golfer of golfers) {
      const ts = whsRecord(golfer.rounds)
      golfer.rounds.forEach((round, i) => {
        const expected = ts.rounds[i]
        const row = sqlHistory.get(round.id)
        const actual = row && {
          differential: Number(row.differential),
          adjustedDifferential: Number(row.adjusted_differential),
          exceptionalReduction: row.exceptional_reduction,
          indexAfter: asNumber(row.index_after),
          counts: row.counts,
        }
        if (
          !row ||
          row.played_on !== round.playedOn ||
          JSON.stringify(actual) !== JSON.stringify(expected)
        ) {
          mismatches.push(
            `round ${i} of ${JSON.stringify(golfer.rounds)}: sql ${JSON.stringify(row)}, ts ${JSON.stringify(expected)}`,
          )
        }
        if (expected) seen.reductions[expected.exceptionalReduction] += 1
        if (expected && expected.adjustedDifferential <= expected.differential - 3)
          seen.addedUp += 1
        if (expected?.indexAfter === 54) seen.maximum += 1
        const previous = golfer.rounds[i - 1]
        if (previous?.playedOn === round.playedOn) seen.sameDay += 1
        if (previous && Date.parse(round.playedOn) - Date.parse(previous.playedOn) > 365 * DAY_MS) {
          seen.yearGaps += 1
        }
      })
      const row = sqlIndexes.get(golfer.id)
      if (golfer.rounds.length === 0) {
        if (row) mismatches.push(`a golfer without rounds has a row: ${JSON.stringify(row)}`)
        continue
      }
      const actual = row && {
        index: asNumber(row.whs_index),
        lowIndex: asNumber(row.low_index),
        cap: row.cap,
      }
      const expected = { index: ts.index, lowIndex: ts.lowIndex, cap: ts.cap }
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push(
          `${JSON.stringify(golfer.rounds)}: sql ${JSON.stringify(actual)}, ts ${JSON.stringify(expected)}`,
        )
      }
      seen.caps[ts.cap] += 1
      if (ts.index !== null && ts.index < 0) seen.plus += 1
      const last = golfer.rounds.at(-1) as Round
      const yearBefore = Date.parse(last.playedOn) - 365 * DAY_MS
      const lastYear = golfer.rounds.filter(
        (round, i) =>
          Date.parse(round.playedOn) >= yearBefore &&
          round.playedOn < last.playedOn &&
          ts.rounds[i]?.indexAfter !== null,
      )
      if (ts.lowIndex !== null && lastYear.length === 0) seen.fallback += 1
    }

    expect(mismatches.slice(0, 5)).toEqual([])
    expect(history.rows.length).toBeGreaterThanOrEqual(rounds.length)
    // The generator must really produce the cases this test exists for.
    expect(seen.sameDay).toBeGreaterThan(1_200)
    expect(seen.yearGaps).toBeGreaterThan(140)
    expect(seen.reductions[1]).toBeGreaterThan(30)
    expect(seen.reductions[2]).toBeGreaterThan(80)
    expect(seen.addedUp).toBeGreaterThan(300)
    expect(seen.caps.soft).toBeGreaterThan(15)
    expect(seen.caps.hard).toBeGreaterThan(10)
    expect(seen.maximum).toBeGreaterThan(300)
    expect(seen.plus).toBeGreaterThan(60)
    expect(seen.fallback).toBeGreaterThan(5)
    console.info(JSON.stringify(seen))
  } finally {
    client.release()
  }
  // A bound for a hang, not a speed check (npm run bench measures speed).
}, 600_000)
