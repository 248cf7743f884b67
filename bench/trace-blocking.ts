import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { median } from './support.ts'

/**
 * Blocking time from the main thread's CPU time rather than its wall time: `npx tsx
 * bench/trace-blocking.ts <LIGHTHOUSE_TRACE_DIR>` reads the traces a Lighthouse bench wrote and,
 * per origin and path, sums each task after first contentful paint as Lighthouse's phone would run
 * it (thread time × 4) beyond 50 ms. On a shared machine a task's wall time grows with the other
 * processes' load; its thread time does not, so two builds compare apart from the load. Traces
 * are read in the order they were written: lighthouse-compare audits the "before" build first.
 */
const CPU_SLOWDOWN = 4

interface TraceEvent {
  name: string
  ph?: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { documentLoaderURL?: string } }
}

async function main() {
  const folder = process.argv[2]
  if (!folder) throw new Error('usage: trace-blocking.ts <trace folder>')
  const files = (await readdir(folder)).filter((file) => file.endsWith('.json'))
  const byStamp = (file: string) => Number(/-(\d+)\.json$/.exec(file)?.[1] ?? 0)
  const runs = new Map<string, { blocking: number; longest: number }[]>()
  for (const file of files.sort((a, b) => byStamp(a) - byStamp(b))) {
    const trace = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as
      TraceEvent[] | { traceEvents: TraceEvent[] }
    const events = Array.isArray(trace) ? trace : trace.traceEvents
    const threads = events.filter(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
    )
    const onThread = (e: TraceEvent, t: TraceEvent) => e.pid === t.pid && e.tid === t.tid
    const main = threads
      .map((thread) => ({ thread, count: events.filter((e) => onThread(e, thread)).length }))
      .sort((a, b) => b.count - a.count)[0]?.thread
    if (!main) continue
    const navigation = events.find(
      (e) =>
        onThread(e, main) &&
        e.name === 'navigationStart' &&
        e.args?.data?.documentLoaderURL?.startsWith('http'),
    )
    const paint = events.find((e) => onThread(e, main) && e.name === 'firstContentfulPaint')
    if (!navigation?.args?.data?.documentLoaderURL || !paint) continue
    const tasks = events.filter(
      (e) => onThread(e, main) && e.name === 'RunTask' && e.ph === 'X' && e.ts >= paint.ts,
    )
    const slowed = tasks.map((task) => ((task.tdur ?? task.dur ?? 0) / 1000) * CPU_SLOWDOWN)
    const url = new URL(navigation.args.data.documentLoaderURL)
    const key = `${url.origin}${url.pathname.replace(/\/play\/.*/, '/play')}`
    const run = {
      blocking: Math.round(slowed.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0)),
      longest: Math.round(Math.max(0, ...slowed)),
    }
    runs.set(key, [...(runs.get(key) ?? []), run])
  }
  for (const [key, found] of runs) {
    process.stdout.write(
      `${key}: blocking ${found.map((run) => run.blocking).join(', ')} (median ${median(
        found.map((run) => run.blocking),
      )}), longest task ${found.map((run) => run.longest).join(', ')} ms\n`,
    )
  }
}

await main()
