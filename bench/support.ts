import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Database } from '../src/lib/database.types.ts'
import { startStack, type Stack } from '../supabase/local/stack.ts'

/** A fresh local stack in a temp folder on free ports, so benchmarks never touch real data. */
export async function startBenchStack(): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'hcpfast-bench-'))
  await chmod(root, 0o755)
  // fsync stays on: the figures should be those of a stack that keeps what it acknowledges.
  const stack = await startStack({ apiPort: 0, dbPort: 0, dataDir: path.join(root, 'db') })
  return {
    stack,
    stop: async () => {
      await stack.stop()
      await rm(root, { recursive: true, force: true })
    },
  }
}

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

export function benchClient(stack: Stack): SupabaseClient<Database> {
  return createClient<Database>(stack.apiUrl, stack.keys.publishable, {
    auth: { persistSession: true, storage: memoryStorage(), autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
}

let golfers = 0

export async function benchGolfer(stack: Stack, label = 'bench') {
  const client = benchClient(stack)
  golfers += 1
  const email = `${label}-${golfers}-${Date.now()}@bench.test`
  const { data, error } = await client.auth.signUp({ email, password: 'bench-password' })
  if (error || !data.user) throw error ?? new Error('sign-up failed')
  return { client, userId: data.user.id }
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
