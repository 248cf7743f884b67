import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'
import WebSocket from 'ws'
import { fileURLToPath } from 'node:url'

/** The package's own fixture project, passed in as any project would pass its directory. */
export const FIXTURE_DIR = fileURLToPath(new URL('./fixture', import.meta.url))

/** What the global setup provides about the running fixture stack. */
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

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: StackInfo
  }
}

export const stackInfo = (): StackInfo => inject('localStack')

/** Node 20 has no global WebSocket, so supabase-js needs `ws` handed to it. */
export const nodeRealtime = { transport: WebSocket as never }

/** A storage object for supabase-js in Node, so each client keeps its own session. */
export function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** A real supabase-js client with its own in-memory session, as a browser app configures it. */
export function newClient(
  key: string = stackInfo().publishableKey,
  apiUrl: string = stackInfo().apiUrl,
): SupabaseClient {
  return createClient(apiUrl, key, {
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

let userCount = 0

/** Registers a new user through the real Auth API and returns a signed-in client. */
export async function newUser(label = 'user') {
  const client = newClient()
  userCount += 1
  const email = `${label}-${process.pid}-${Date.now()}-${userCount}@example.test`
  const password = 'correct-horse-battery'
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.session || !data.user) throw error ?? new Error('sign-up returned no session')
  return { client, email, password, user: data.user, session: data.session }
}

/** A superuser pool on the fixture database, for setup and for checking what was stored. */
export function adminPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: stackInfo().dbUrl, max: 4 })
  // The stack may stop while a client of an ended pool is still closing; that is not a failure.
  pool.on('connect', (client) => client.on('error', () => undefined))
  return pool
}
