import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { withThrowawayDatabase } from 'local-supabase'
import pg from 'pg'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { insertGolfers } from '../tests/support/bulk-records.ts'
import { idMaker } from '../tests/support/random-golfers.ts'
import { median, round } from './support.ts'
import { HOLE_PARS, insertRecord, seededRecord, STROKE_INDEXES, withCards } from './whs-bench.ts'

/**
 * Issue 29 §3: the handicap views as a golfer reads them, with 200, 1,000 and 5,000 rounds (half
 * of them 18-hole cards scored hole by hole), on a fresh database that has never been analysed
 * (autovacuum is off on every table, so the planner has no statistics: the figure must not
 * depend on them); a read of handicap_indexes as the service role over 1,000 golfers of 100
 * rounds each (in the same database, beside the three golfers); and what a write costs the
 * golfer: one round added, edited and deleted (each its own transaction, committed), and a
 * 1,000-round import (half cards) into an empty record.
 *
 * `VIEWS_BENCH_PROJECT=<dir>` builds the database from another checkout's migrations (the
 * "before" figures of BENCHMARKS.md come from main's, with this file unchanged).
 *
 * Run alone: `npx tsx bench/views-bench.ts`; in the full run: `npm run bench -- views`.
 */
const SIZES = [200, 1_000, 5_000]
const POPULATION = { golfers: 1_000, rounds: 100 }
const READ_SAMPLES = 11
const SERVICE_SAMPLES = 3
const WRITE_CYCLES = 5
const IMPORT_ROUNDS = 1_000

type Golfer = { id: string; rounds: number }
type Runner = (statement: string, values?: unknown[]) => Promise<number>

let sink = 0

/** A record of `rounds` rounds, every other one a card. */
const cardRecord = (rounds: number, seed: number) => withCards(seededRecord(rounds, seed), seed + 1)

/** Runs one statement in its own transaction as `role` (PostgREST's way: the JWT's claims and
 * the role set for the transaction), committed or rolled back; the time covers the statement
 * and the commit. */
function runnerFor(client: pg.Client, claims: Record<string, string>, end: 'commit' | 'rollback') {
  const run: Runner = async (statement, values) => {
    await client.query('begin')
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claims),
    ])
    await client.query(`select set_config('role', $1, true)`, [claims.role])
    const started = performance.now()
    const result = await client.query(statement, values)
    await client.query(end)
    sink += result.rowCount ?? 0
    return performance.now() - started
  }
  return run
}

const asGolfer = (client: pg.Client, golfer: string, end: 'commit' | 'rollback') =>
  runnerFor(client, { sub: golfer, role: 'authenticated', aud: 'authenticated' }, end)

async function medianOf(samples: number, work: () => Promise<number>, warmUp = true) {
  if (warmUp) await work()
  const times: number[] = []
  for (let s = 0; s < samples; s++) times.push(await work())
  return round(median(times))
}

const VIEWS = [
  'handicap_indexes',
  'whs_indexes',
  'round_differentials',
  'handicap_history',
  'whs_history',
  'scoring_entries',
  'course_handicaps',
]

/** Each view read as the golfer: the time to the rows in hand (the figure), and the database's
 * own share, EXPLAIN ANALYZE's execution time (median of 5), without the rows' way to the client. */
async function reads(client: pg.Client, golfer: Golfer) {
  const read = asGolfer(client, golfer.id, 'rollback')
  const figures: Record<string, number> = {}
  for (const name of VIEWS) {
    figures[`${name}_ms`] = await medianOf(READ_SAMPLES, () => read(`select * from public.${name}`))
  }
  const server: Record<string, number> = {}
  for (const name of VIEWS) {
    const executions: number[] = []
    for (let s = 0; s < 5; s++) {
      await client.query('begin')
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: golfer.id, role: 'authenticated', aud: 'authenticated' }),
      ])
      await client.query('set local role authenticated')
      const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        `explain (analyze, format json) select * from public.${name}`,
      )
      await client.query('rollback')
      executions.push(rows[0]?.['QUERY PLAN'][0]['Execution Time'] ?? Number.NaN)
    }
    server[name] = round(median(executions))
  }
  return {
    rounds: golfer.rounds,
    cards: Math.ceil(golfer.rounds / 2),
    ...figures,
    server_ms: server,
  }
}

/** A round added today on the golfer's first course, its score edited, then deleted: each write
 * its own committed transaction, as the app sends them. */
async function writes(client: pg.Client, golfer: Golfer, course: string) {
  const write = asGolfer(client, golfer.id, 'commit')
  const nextId = idMaker()
  const times = { insert: [] as number[], edit: [] as number[], delete: [] as number[] }
  for (let cycle = 0; cycle <= WRITE_CYCLES; cycle++) {
    const id = nextId()
    const insert = await write(
      `insert into public.rounds (id, course_id, score) values ($1, $2, 88)`,
      [id, course],
    )
    const edit = await write(`update public.rounds set score = 87 where id = $1`, [id])
    const remove = await write(`delete from public.rounds where id = $1`, [id])
    // The first cycle warms the caches and plans.
    if (cycle === 0) continue
    times.insert.push(insert)
    times.edit.push(edit)
    times.delete.push(remove)
  }
  // The walk alone (what a write adds now), where there is one to call.
  // From the first round: private.rewalk(uuid[]) before issue 44, (uuid[], date[]) since.
  const walk = await client
    .query<{ call: string | null }>(
      `select case
         when to_regprocedure('private.rewalk(uuid[],date[])') is not null
           then 'select private.rewalk(array[$1::uuid], null)'
         when to_regprocedure('private.rewalk(uuid[])') is not null
           then 'select private.rewalk(array[$1::uuid])'
       end as call`,
    )
    .then(({ rows }) => rows[0]?.call ?? null)
  const walkMs = walk
    ? await medianOf(WRITE_CYCLES, async () => {
        const started = performance.now()
        await client.query(walk, [golfer.id])
        return performance.now() - started
      })
    : null
  return {
    rounds: golfer.rounds,
    rewalk_ms: walkMs,
    insert_ms: round(median(times.insert)),
    edit_ms: round(median(times.edit)),
    delete_ms: round(median(times.delete)),
  }
}

/** A file of 1,000 rounds, every other one a card (the rows with hole data take import_rounds'
 * row-by-row path), imported by a golfer with no rounds yet. */
async function importCost(client: pg.Client) {
  const golfer = randomUUID()
  await insertGolfers(client, [golfer], 'views-bench-import')
  const record = cardRecord(IMPORT_ROUNDS, 29_300)
  const nextId = idMaker()
  const payload = record.map((r) => ({
    round_id: r.id,
    course_id: nextId(),
    course_name: 'Imported course',
    course_rating: 71.4,
    slope_rating: 125,
    played_on: r.playedOn,
    score: r.score,
    ...(r.holeStrokes
      ? { hole_pars: HOLE_PARS, stroke_indexes: STROKE_INDEXES, hole_strokes: r.holeStrokes }
      : {}),
  }))
  const write = asGolfer(client, golfer, 'commit')
  const ms = await write('select public.import_rounds($1::jsonb)', [JSON.stringify(payload)])
  const { rows } = await client.query<{ count: number }>(
    'select count(*)::integer as count from public.rounds where user_id = $1',
    [golfer],
  )
  return { rounds_in_file: IMPORT_ROUNDS, rounds_added: rows[0]?.count, import_ms: round(ms) }
}

async function benchViewsOn(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    // Never analysed: autovacuum (which would analyse as rows arrive) is off on every table.
    await client.query(`do $$
      declare t regclass;
      begin
        for t in
          select c.oid::regclass from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind = 'r'
        loop
          execute format('alter table %s set (autovacuum_enabled = false)', t);
        end loop;
      end $$`)

    let started = performance.now()
    const population = Array.from({ length: POPULATION.golfers }, () => randomUUID())
    await insertGolfers(client, population, 'views-bench-population')
    for (let at = 0; at < population.length; at += 100) {
      await client.query('begin')
      for (const [i, golfer] of population.slice(at, at + 100).entries()) {
        await insertRecord(client, golfer, cardRecord(POPULATION.rounds, 29_000 + at + i))
      }
      await client.query('commit')
    }
    const populationSeconds = round((performance.now() - started) / 1000, 1)

    const golfers: (Golfer & { course: string; seedMs: number })[] = []
    for (const rounds of SIZES) {
      const id = randomUUID()
      await insertGolfers(client, [id], 'views-bench')
      started = performance.now()
      const course = await insertRecord(client, id, cardRecord(rounds, 29_100 + rounds))
      golfers.push({ id, rounds, course, seedMs: round(performance.now() - started) })
    }

    const golferReads = []
    for (const golfer of golfers) golferReads.push(await reads(client, golfer))
    const service = runnerFor(client, { role: 'service_role' }, 'rollback')
    const serviceRead = await medianOf(
      SERVICE_SAMPLES,
      () => service('select * from public.handicap_indexes'),
      false,
    )
    // What that read returns: every golfer's row (the service role is not limited by RLS).
    await client.query('begin')
    await client.query('set local role service_role')
    const { rows: served } = await client.query<{ rows: number }>(
      'select count(*)::integer as rows from public.handicap_indexes',
    )
    await client.query('rollback')
    const golferWrites = []
    for (const golfer of golfers) golferWrites.push(await writes(client, golfer, golfer.course))
    const imported = await importCost(client)

    const { rows: analysed } = await client.query<{ analyses: number; tables: number }>(
      `select coalesce(sum(analyze_count + autoanalyze_count), 0)::integer as analyses,
              count(*)::integer as tables
       from pg_stat_user_tables where schemaname in ('public', 'private')`,
    )
    return {
      method: `reads: median of ${READ_SAMPLES} as the golfer (RLS) after one; service role: median of ${SERVICE_SAMPLES}; writes: median of ${WRITE_CYCLES} committed insert/edit/delete cycles after one, as the golfer`,
      never_analysed: analysed[0],
      seed: {
        population_seconds: populationSeconds,
        golfer_insert_ms: golfers.map(({ rounds, seedMs }) => ({ rounds, insert_ms: seedMs })),
      },
      reads: golferReads,
      service_role_handicap_indexes: {
        golfers: POPULATION.golfers + SIZES.length,
        rounds_each: POPULATION.rounds,
        rows_read: served[0]?.rows,
        ms: serviceRead,
      },
      writes: golferWrites,
      import: imported,
      checksum: sink,
    }
  } finally {
    await client.end()
  }
}

export async function benchViews(): Promise<Record<string, unknown>> {
  const loadAtStart = os.loadavg().map((load) => round(load, 2))
  const project = process.env.VIEWS_BENCH_PROJECT ?? PROJECT_ROOT
  const result = await withThrowawayDatabase(project, benchViewsOn)
  return {
    project,
    ...result,
    load_average_at_start: loadAtStart,
    load_average_at_end: os.loadavg().map((load) => round(load, 2)),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchViews(), null, 2))
}
