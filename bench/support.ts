import { readdir, readFile } from 'node:fs/promises'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Stack } from 'local-supabase'
import { createTestClient, startTestStack, uniqueEmail } from 'local-supabase/testing'
import type { Database } from '../src/lib/database.types.ts'
import { PROJECT_ROOT } from '../scripts/project.ts'

/** A fresh local stack in a temp folder on free ports, so benchmarks never touch real data. */
export async function startBenchStack(
  options: { log?: (line: string) => void; seed?: boolean } = {},
): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  // fsync stays on: the figures should be those of a stack that keeps what it acknowledges.
  const { stack, stop } = await startTestStack({
    projectDir: PROJECT_ROOT,
    tempPrefix: 'hcpfast-bench',
    fsync: true,
    ...options,
  })
  return { stack, stop }
}

/** A client with supabase-js's default (implicit) flow, as the benchmarks have always measured. */
export function benchClient(
  stack: Stack,
  options: { key?: string; fetch?: typeof fetch } = {},
): SupabaseClient<Database> {
  return createTestClient<Database>(
    { apiUrl: stack.apiUrl, publishableKey: stack.keys.publishable },
    { ...options, flowType: 'implicit' },
  )
}

/** A `fetch` for supabase-js that counts the bytes of every response body it receives. */
export function countingFetch() {
  const counter = {
    bytes: 0,
    requests: 0,
    reset() {
      counter.bytes = 0
      counter.requests = 0
    },
    fetch: (async (input, init) => {
      const response = await fetch(input, init)
      const body = await response.arrayBuffer()
      counter.bytes += body.byteLength
      counter.requests += 1
      // A Response with a null-body status refuses even an empty body.
      const nullBody = [101, 204, 205, 304].includes(response.status)
      return new Response(nullBody ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    }) as typeof fetch,
  }
  return counter
}

export async function benchGolfer(stack: Stack, label = 'bench') {
  const client = benchClient(stack)
  const email = uniqueEmail(label, 'bench.test')
  const password = 'bench-password'
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.user) throw error ?? new Error('sign-up failed')
  return { client, userId: data.user.id, email, password }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] as number
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  }
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/** Runs `task` `total` times with at most `concurrency` in flight; returns operations/second. */
export async function throughput(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++
        await task(i)
      }
    }),
  )
  return round((total / (performance.now() - started)) * 1000, 0)
}

export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  )
}

/**
 * A full collection when it can: `global.gc` with `--expose-gc`, otherwise the flag is switched on
 * at run time and `gc` taken from a fresh context (V8 only installs it in contexts made after the
 * flag is set), so `npm run bench` gets comparable "after GC" figures without a node flag.
 */
export function forceGc(): boolean {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc()
    return true
  }
  try {
    v8.setFlagsFromString('--expose-gc')
    const collect: unknown = runInNewContext('gc')
    if (typeof collect !== 'function') return false
    collect()
    return true
  } catch {
    return false
  }
}

const mib = (bytes: number) => round(bytes / 2 ** 20, 1)

export function nodeMemory() {
  const { rss, heapUsed, external } = process.memoryUsage()
  return { rss_mib: mib(rss), heap_used_mib: mib(heapUsed), external_mib: mib(external) }
}

/** A process and all its descendants, from /proc, with each one's `stat` fields after the name. */
async function processTree(rootPid: number): Promise<{ pid: number; stat: string[] }[]> {
  const children = new Map<number, number[]>()
  const stats = new Map<number, string[]>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    if (!stat) continue
    // The command name may hold spaces and parentheses; the fields after the last ')' do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const pid = Number(entry)
    const parentPid = Number(fields[1])
    stats.set(pid, fields)
    children.set(parentPid, [...(children.get(parentPid) ?? []), pid])
  }
  const tree: { pid: number; stat: string[] }[] = []
  const pending = [rootPid]
  while (pending.length) {
    const pid = pending.pop() as number
    const stat = stats.get(pid)
    if (stat) tree.push({ pid, stat })
    pending.push(...(children.get(pid) ?? []))
  }
  return tree
}

/**
 * Proportional set size of a process and all its descendants (Postgres's postmaster and its
 * backends): PSS shares each shared page among the processes that map it, so the sum does not
 * count shared_buffers once per backend as RSS would. Undefined off Linux.
 */
export async function processTreePssMib(rootPid: number | undefined): Promise<number | undefined> {
  if (rootPid === undefined) return undefined
  try {
    let kib = 0
    for (const { pid } of await processTree(rootPid)) {
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '')
      kib += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0)
    }
    return round(kib / 1024, 1)
  } catch {
    return undefined
  }
}

/** Linux's USER_HZ, the unit of the CPU times in /proc/<pid>/stat, on every mainstream arch. */
const CLOCK_TICKS_PER_SECOND = 100

/**
 * CPU seconds used so far by a process tree: every live process's user and system time, plus the
 * root's time for children it has reaped (Postgres's backends that have exited). Undefined off
 * Linux.
 */
export async function processTreeCpuSeconds(
  rootPid: number | undefined,
): Promise<number | undefined> {
  if (rootPid === undefined) return undefined
  try {
    let ticks = 0
    for (const { pid, stat } of await processTree(rootPid)) {
      // stat fields 14–17 (utime, stime, cutime, cstime) are at 11–14 once pid and name are cut.
      const [utime, stime, cutime, cstime] = stat.slice(11, 15).map(Number)
      ticks += (utime ?? 0) + (stime ?? 0)
      if (pid === rootPid) ticks += (cutime ?? 0) + (cstime ?? 0)
    }
    return round(ticks / CLOCK_TICKS_PER_SECOND, 1)
  } catch {
    return undefined
  }
}

export function nodeCpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  return round((user + system) / 1e6, 1)
}
