import { availableParallelism } from 'node:os'
import { runLoad } from '../tests/support/load.ts'
import {
  benchGolfer,
  forceGc,
  nodeMemory,
  nodeCpuSeconds,
  processTreeCpuSeconds,
  processTreePssMib,
  round,
  startBenchStack,
  summarise,
} from './support.ts'

/**
 * Issue 5's large load run: many golfers at once, each with its own supabase-js client and realtime
 * subscription, adding and deleting courses and rounds (tests/support/load.ts, the same invariants
 * as the load test in `npm test`; half on the app's broadcast topic, half on the released app's
 * Postgres Changes). Reports the invariants, write and delivery latency (of the Postgres Changes
 * half: a broadcast carries no commit time), and the memory of the stack before and after.
 *
 * The stack runs in this process, and so do the golfers' clients: the Node figures are of both
 * together. Postgres is a separate process tree, reported as its total PSS.
 *
 * Run alone: `npx tsx bench/load-bench.ts [golfers] [roundsPerGolfer]`.
 */
export async function benchLoad(options: { golfers?: number; roundsPerGolfer?: number } = {}) {
  const golfers = options.golfers ?? 200
  const roundsPerGolfer = options.roundsPerGolfer ?? 5
  const problems: string[] = []
  // The CLI's migration step logs expected errors while the stack starts; only later lines count.
  let running = false
  const { stack, stop } = await startBenchStack({
    log: (line) => {
      if (!running) return
      if (!line.startsWith('[postgres]') || /ERROR|FATAL|PANIC/.test(line)) problems.push(line)
    },
  })
  running = true
  let peak = { rss_mib: 0, heap_used_mib: 0 }
  const sampler = setInterval(() => {
    const now = nodeMemory()
    peak = {
      rss_mib: Math.max(peak.rss_mib, now.rss_mib),
      heap_used_mib: Math.max(peak.heap_used_mib, now.heap_used_mib),
    }
  }, 200)
  try {
    const gcAvailable = forceGc()
    const before = {
      node: nodeMemory(),
      postgres_pss_mib: await processTreePssMib(stack.postgresPid),
    }
    const cpu = async () => ({
      at: performance.now(),
      node: nodeCpuSeconds(),
      postgres: await processTreeCpuSeconds(stack.postgresPid),
    })
    const started = await cpu()
    let signedUp = started
    let golfersReady = 0
    const report = await runLoad({
      golfers,
      roundsPerGolfer,
      dbUrl: stack.dbUrl,
      newGolfer: async () => {
        const golfer = await benchGolfer(stack, 'load')
        golfersReady += 1
        if (golfersReady === golfers) signedUp = await cpu()
        return golfer
      },
    })
    const finished = await cpu()
    const phase = (from: typeof started, to: typeof started) => ({
      seconds: round((to.at - from.at) / 1000, 1),
      node_cpu_seconds: round(to.node - from.node, 1),
      postgres_cpu_seconds:
        from.postgres === undefined || to.postgres === undefined
          ? undefined
          : round(to.postgres - from.postgres, 1),
    })
    const after = {
      node: nodeMemory(),
      postgres_pss_mib: await processTreePssMib(stack.postgresPid),
    }
    forceGc()
    const afterGc = nodeMemory()
    return {
      golfers: report.golfers,
      rounds_per_golfer: roundsPerGolfer,
      writes: report.writes,
      events_received: report.events,
      lost_events: report.lostEvents,
      duplicate_events: report.duplicateEvents,
      misdelivered_events: report.misdeliveredEvents,
      divergent_golfers: report.divergentGolfers,
      write_latency_ms: summarise(report.writeLatencyMs),
      delivery_latency_ms: summarise(report.deliveryLatencyMs),
      phases: {
        note: `sign_up is every golfer signing up through the Auth API (bcrypt cost 10 in this process); load is subscribing, writing and waiting for every event, then checking the database. CPU seconds, on ${availableParallelism()} cores.`,
        sign_up: phase(started, signedUp),
        load: phase(signedUp, finished),
      },
      memory: {
        note: 'Node figures are one process holding the stack (gateway, Auth, REST, Realtime) and all golfers’ clients; Postgres is its own process tree (PSS). "after" is once every channel is removed; peak is sampled every 200 ms during the run.',
        gc_forced: gcAvailable,
        before,
        peak_during_run: peak,
        after,
        after_gc: afterGc,
      },
      stack_log_problems: problems.slice(0, 10),
      stack_log_problem_count: problems.length,
    }
  } finally {
    clearInterval(sampler)
    await stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [golfers, roundsPerGolfer] = process.argv.slice(2).map(Number)
  const result = await benchLoad({ golfers, roundsPerGolfer })
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  process.exit(0)
}
