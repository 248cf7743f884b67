import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { withThrowawayDatabase } from 'local-supabase'
import pg from 'pg'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { insertGolfers } from '../tests/support/bulk-records.ts'
import { idMaker } from '../tests/support/random-golfers.ts'
import { round, summarise } from './support.ts'
import { insertRecord, seededRecord, withCards } from './whs-bench.ts'

/**
 * Issue 44 §4: what one write costs a golfer with 200, 1,000 and 5,000 rounds (every other one
 * an 18-hole card) now that a write walks the record from the earliest day it touches: one
 * round added, its score edited, then deleted, each its own committed transaction as the
 * golfer (PostgREST's way), on a database never analysed (autovacuum off). Three days for the
 * round: today (after every other round: the everyday write), 30 days before the last round (a
 * late card: the walk resumes a month back) and the record's first day (the whole record, as
 * every write walked before).
 *
 * `WRITE_BENCH_PROJECT=<dir>` builds the database from another checkout's migrations (the
 * "before" figures). Run alone: `npx tsx bench/write-bench.ts`; in the full run:
 * `npm run bench -- "one round"`.
 */
const SIZES = [200, 1_000, 5_000]
const CYCLES = { today: 11, month_back: 11, first_day: 3 }

type Runner = (statement: string, values?: unknown[]) => Promise<number>

/** One statement in its own transaction as the golfer, committed; the time covers the
 * statement and the commit. */
function asGolfer(client: pg.Client, golfer: string): Runner {
  return async (statement, values) => {
    await client.query('begin')
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: golfer, role: 'authenticated', aud: 'authenticated' }),
    ])
    await client.query(`select set_config('role', 'authenticated', true)`)
    const started = performance.now()
    await client.query(statement, values)
    await client.query('commit')
    return performance.now() - started
  }
}

/** `cycles` add/edit/delete cycles of a round played on `day`, after one that warms the caches
 * and plans: median (p50), p95 and max of each write. */
async function cyclesOn(write: Runner, course: string, day: string, cycles: number) {
  const nextId = idMaker()
  const times = { add: [] as number[], edit: [] as number[], delete: [] as number[] }
  for (let cycle = 0; cycle <= cycles; cycle++) {
    const id = nextId()
    const add = await write(
      `insert into public.rounds (id, course_id, score, played_on) values ($1, $2, 88, $3)`,
      [id, course, day],
    )
    const edit = await write(`update public.rounds set score = 87 where id = $1`, [id])
    const remove = await write(`delete from public.rounds where id = $1`, [id])
    if (cycle === 0) continue
    times.add.push(add)
    times.edit.push(edit)
    times.delete.push(remove)
  }
  const figures = (samples: number[]) => {
    const { p50, p95, max } = summarise(samples)
    return { p50_ms: p50, p95_ms: p95, max_ms: max }
  }
  return {
    day,
    writes_each: cycles,
    add: figures(times.add),
    edit: figures(times.edit),
    delete: figures(times.delete),
  }
}

async function benchWritesOn(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
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
    const results = []
    for (const rounds of SIZES) {
      const golfer = randomUUID()
      await insertGolfers(client, [golfer], 'write-bench')
      const record = withCards(seededRecord(rounds, 44_000 + rounds), 44_001 + rounds)
      const course = await insertRecord(client, golfer, record)
      const first = record[0]?.playedOn ?? '2000-01-01'
      const last = record.at(-1)?.playedOn ?? '2000-01-01'
      const monthBack = new Date(Date.parse(last) - 30 * 86_400_000).toISOString().slice(0, 10)
      const today = new Date().toISOString().slice(0, 10)
      const write = asGolfer(client, golfer)
      results.push({
        rounds,
        today: await cyclesOn(write, course, today, CYCLES.today),
        month_back: await cyclesOn(write, course, monthBack, CYCLES.month_back),
        first_day: await cyclesOn(write, course, first, CYCLES.first_day),
      })
    }
    return results
  } finally {
    await client.end()
  }
}

export async function benchWrites(): Promise<Record<string, unknown>> {
  const loadAtStart = os.loadavg().map((load) => round(load, 2))
  const project = process.env.WRITE_BENCH_PROJECT ?? PROJECT_ROOT
  const writes = await withThrowawayDatabase(project, benchWritesOn)
  return {
    project,
    method: `each write its own committed transaction as the golfer, after one warm-up cycle; ${CYCLES.today} cycles today and a month back, ${CYCLES.first_day} on the first day; never analysed`,
    writes,
    load_average_at_start: loadAtStart,
    load_average_at_end: os.loadavg().map((load) => round(load, 2)),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchWrites(), null, 2))
}
