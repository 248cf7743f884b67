import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/database.types.ts'

/** What the global setup provides about the running local stack. */
export interface StackInfo {
  apiUrl: string
  /** Superuser connection string. */
  dbUrl: string
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
  jwtSecret: string
  /** The local inbox (Mailpit's page and JSON API) that receives Auth's mails. */
  inboxUrl: string
}

/** Node 20 has no global WebSocket, so supabase-js needs `ws` handed to it. */
export const nodeRealtime = { transport: WebSocket as never }

export const stackInfo = (): StackInfo => inject('stack')

/** A storage object for supabase-js in Node, so each client keeps its own session. */
export function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** A real supabase-js client against the local stack, as the app configures it. */
export function newClient(key: string = stackInfo().publishableKey): SupabaseClient<Database> {
  return createClient<Database>(stackInfo().apiUrl, key, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: nodeRealtime,
  })
}

let golferCount = 0

/** Registers a new golfer through the real Auth API and returns a signed-in client. */
export async function newGolfer(label = 'golfer') {
  const client = newClient()
  golferCount += 1
  const email = `${label}-${process.pid}-${Date.now()}-${golferCount}@example.test`
  const password = 'correct-horse-battery'
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.session || !data.user) throw error ?? new Error('sign-up returned no session')
  return { client, email, password, user: data.user, session: data.session }
}

/** A superuser pool on the test database, for setup and for checking what was stored. */
export function adminPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: stackInfo().dbUrl, max: 4 })
  // The stack may stop while a client of an ended pool is still closing; that is not a failure.
  pool.on('connect', (client) => client.on('error', () => undefined))
  return pool
}

/** Resolves when `check` returns a value, polling until the deadline; rejects with `what`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
