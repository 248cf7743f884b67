import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import type { Database } from '../../src/lib/database.types.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Many golfers at once, each with a realtime subscription like the app's, each adding and deleting
 * courses and rounds. As during an upgrade, every other golfer follows the new app's private
 * topic (Broadcast from the database) and the rest the released app's Postgres Changes. Shared by the modest load test in `npm test` and the large run in
 * `npm run bench`, so both check the same invariants.
 *
 * Nothing here waits for a length of time. Realtime delivers one subscriber's changes in commit
 * order, so each golfer writes a marker course after its other writes and waits for the marker's
 * event: once it has arrived, every earlier event that has not is lost, however slow the machine
 * is. A marker that never arrives fails the test by its own timeout.
 */
export interface LoadOptions {
  golfers: number
  /** Rounds each golfer adds (one course per golfer, plus a second course that is deleted). */
  roundsPerGolfer: number
  dbUrl: string
  newGolfer: () => Promise<{ client: SupabaseClient<Database>; userId: string }>
}

export interface LoadReport {
  golfers: number
  writes: number
  events: number
  lostEvents: number
  duplicateEvents: number
  misdeliveredEvents: number
  /** Golfers whose state built from events differs from their rows in the database. */
  divergentGolfers: number
  /** Golfers on each feed: the new app's topic, the released app's Postgres Changes. */
  byFeed: Record<Feed, number>
  writeLatencyMs: number[]
  /** Commit to delivery, of Postgres Changes (a broadcast carries no commit time). */
  deliveryLatencyMs: number[]
}

type EventKey = `${'INSERT' | 'DELETE'}:${string}`
type Feed = 'broadcast' | 'postgres_changes'

interface GolferRun {
  client: SupabaseClient<Database>
  userId: string
  feed: Feed
  channel?: RealtimeChannel
  /** ids the golfer wrote, so any event about another id is a misdelivery. */
  ownIds: Set<string>
  expectedEvents: Set<EventKey>
  seenEvents: Map<EventKey, number>
  visibleCourses: Set<string>
  visibleRounds: Set<string>
  misdelivered: number
  /** Resolves waiters for an event as soon as it arrives. */
  arrivals: Map<EventKey, () => void>
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const report: LoadReport = {
    golfers: options.golfers,
    writes: 0,
    events: 0,
    lostEvents: 0,
    duplicateEvents: 0,
    misdeliveredEvents: 0,
    divergentGolfers: 0,
    byFeed: { broadcast: 0, postgres_changes: 0 },
    writeLatencyMs: [],
    deliveryLatencyMs: [],
  }
  const runs: GolferRun[] = []
  for (let i = 0; i < options.golfers; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, options.golfers - i) }, () => options.newGolfer()),
    )
    for (const golfer of batch) {
      const feed: Feed = runs.length % 2 === 0 ? 'broadcast' : 'postgres_changes'
      report.byFeed[feed] += 1
      runs.push({
        ...golfer,
        feed,
        ownIds: new Set(),
        expectedEvents: new Set(),
        seenEvents: new Map(),
        visibleCourses: new Set(),
        visibleRounds: new Set(),
        misdelivered: 0,
        arrivals: new Map(),
      })
    }
  }

  await Promise.all(runs.map((run) => subscribe(run, report)))

  const timed = async (run: GolferRun, write: () => PromiseLike<{ error: unknown }>) => {
    const started = performance.now()
    const { error } = await write()
    report.writeLatencyMs.push(performance.now() - started)
    report.writes += 1
    if (error) throw new Error(`write failed: ${JSON.stringify(error)}`)
  }

  await Promise.all(
    runs.map(async (run) => {
      const keptCourse = ulid()
      const doomedCourse = ulid()
      run.ownIds.add(keptCourse).add(doomedCourse)
      await timed(run, () =>
        run.client.from('courses').insert([
          { id: keptCourse, name: 'Kept', rating: 71.3, slope: 127 },
          { id: doomedCourse, name: 'Doomed', rating: 68.0, slope: 110 },
        ]),
      )
      run.expectedEvents.add(`INSERT:${keptCourse}`).add(`INSERT:${doomedCourse}`)
      const roundIds: string[] = []
      for (let r = 0; r < options.roundsPerGolfer; r++) {
        const id = ulid()
        roundIds.push(id)
        run.ownIds.add(id)
        await timed(run, () =>
          run.client
            .from('rounds')
            .insert({ id, course_id: keptCourse, score: 70 + ((r * 7) % 40) } as never),
        )
        run.expectedEvents.add(`INSERT:${id}`)
      }
      // Like a golfer, delete only what has appeared on screen: Realtime checks RLS against the
      // row as it is when the change is read, so a row deleted before that sends no INSERT. The
      // marker's arrival proves the inserts before it have arrived, or never will.
      await writeMarker(run, timed)
      const deletedRound = roundIds[0]
      if (deletedRound) {
        await timed(run, () => run.client.from('rounds').delete().eq('id', deletedRound))
        run.expectedEvents.add(`DELETE:${deletedRound}`)
      }
      await timed(run, () => run.client.from('courses').delete().eq('id', doomedCourse))
      run.expectedEvents.add(`DELETE:${doomedCourse}`)
      await writeMarker(run, timed)
    }),
  )

  const pool = new pg.Pool({ connectionString: options.dbUrl, max: 4 })
  try {
    for (const run of runs) {
      for (const key of run.expectedEvents) if (!run.seenEvents.has(key)) report.lostEvents += 1
      for (const count of run.seenEvents.values())
        if (count > 1) report.duplicateEvents += count - 1
      report.misdeliveredEvents += run.misdelivered
      const { rows } = await pool.query<{ kind: string; id: string }>(
        `select 'course' as kind, id from public.courses where user_id = $1
         union all select 'round', id from public.rounds where user_id = $1`,
        [run.userId],
      )
      const courses = new Set(rows.filter((row) => row.kind === 'course').map((row) => row.id))
      const rounds = new Set(rows.filter((row) => row.kind === 'round').map((row) => row.id))
      if (!sameSet(courses, run.visibleCourses) || !sameSet(rounds, run.visibleRounds)) {
        report.divergentGolfers += 1
      }
    }
  } finally {
    await pool.end()
    await Promise.all(
      runs.map((run) => (run.channel ? run.client.removeChannel(run.channel) : null)),
    )
  }
  return report
}

/** Adds a course after the golfer's other writes and resolves when its INSERT event arrives. */
async function writeMarker(
  run: GolferRun,
  timed: (run: GolferRun, write: () => PromiseLike<{ error: unknown }>) => Promise<void>,
): Promise<void> {
  const id = ulid()
  run.ownIds.add(id)
  const key: EventKey = `INSERT:${id}`
  const arrived = new Promise<void>((resolve) => run.arrivals.set(key, resolve))
  await timed(run, () =>
    run.client.from('courses').insert({ id, name: 'Marker', rating: 70.0, slope: 113 }),
  )
  run.expectedEvents.add(key)
  await arrived
}

async function subscribe(run: GolferRun, report: LoadReport): Promise<void> {
  const record = (
    table: 'courses' | 'rounds',
    payload: {
      eventType: string
      new: Record<string, unknown>
      old: Record<string, unknown>
      commit_timestamp?: string
    },
  ) => {
    report.events += 1
    if (payload.commit_timestamp)
      report.deliveryLatencyMs.push(Date.now() - Date.parse(payload.commit_timestamp))
    const row = payload.eventType === 'DELETE' ? payload.old : payload.new
    const id = String(row.id)
    if (!run.ownIds.has(id) || (row.user_id && row.user_id !== run.userId)) {
      run.misdelivered += 1
      return
    }
    const key = `${payload.eventType}:${id}` as EventKey
    run.seenEvents.set(key, (run.seenEvents.get(key) ?? 0) + 1)
    run.arrivals.get(key)?.()
    const visible = table === 'courses' ? run.visibleCourses : run.visibleRounds
    if (payload.eventType === 'DELETE') visible.delete(id)
    else visible.add(id)
  }
  const joined = () =>
    new Promise<void>((resolve, reject) => {
      run.channel?.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status !== 'CLOSED') reject(error ?? new Error(`channel ${status}`))
      })
    })
  if (run.feed === 'broadcast') {
    // As in the app (src/lib/realtime.ts): the golfer's private topic, every change of their rows.
    await run.client.realtime.setAuth()
    run.channel = run.client
      .channel(`golfer:${run.userId}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, ({ payload }) => {
        const change = payload as {
          table: string
          operation: string
          record: Record<string, unknown> | null
          old_record: Record<string, unknown> | null
        }
        if (change.table !== 'courses' && change.table !== 'rounds') return
        record(change.table, {
          eventType: change.operation,
          new: change.record ?? {},
          old: change.old_record ?? {},
        })
      })
    return joined()
  }
  const filter = `user_id=eq.${run.userId}`
  run.channel = run.client
    .channel(`load-${run.userId}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'courses', filter }, (p) =>
      record('courses', p as never),
    )
    .on('postgres_changes', { event: '*', schema: 'public', table: 'rounds', filter }, (p) =>
      record('rounds', p as never),
    )
    // As in the app: a delete reaches the golfer's devices as an owner-only `deletions` row.
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'deletions', filter },
      (p) => {
        const deletion = p.new as {
          table_name: 'courses' | 'rounds' | 'tees'
          record_id: string
          user_id: string
        }
        // A course's delete also deletes its tees, the first of which has the course's id: the
        // run follows courses and rounds only.
        if (deletion.table_name === 'tees') return
        record(deletion.table_name, {
          eventType: 'DELETE',
          new: {},
          old: { id: deletion.record_id },
          commit_timestamp: p.commit_timestamp,
        })
      },
    )
  return joined()
}

const sameSet = (a: Set<string>, b: Set<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x))
