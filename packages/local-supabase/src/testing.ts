import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import WebSocket from 'ws'
import { QUICK_PASSWORD_HASH_COST } from './auth/crypto.ts'
import { startDatabase, type Database } from './database.ts'
import { startStack, type Stack, type StackOptions } from './stack.ts'

/**
 * The test kit (`local-supabase/testing`), after basejump's supabase-test-helpers: a throwaway
 * stack or database on free ports in a temp folder, supabase-js clients with their own session,
 * users signed up through the real Auth API, unique email addresses, and a superuser pool for
 * arranging and inspecting what tests cannot do through the API. Nothing here knows the runner:
 * a vitest global setup starts the stack and hands its `StackInfo` to the tests.
 */

/** What tests need of a running stack; plain strings, so a global setup can hand it over. */
export interface StackInfo {
  apiUrl: string
  /** The `postgres` role, as `supabase status` prints `DB_URL`. */
  dbUrl: string
  /** The superuser (`supabase_admin`), for tests that arrange what `postgres` may not. */
  superuserDbUrl: string
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
  jwtSecret: string
  /** The local inbox (Mailpit's page and JSON API) that receives Auth's mails; '' when off. */
  inboxUrl: string
}

export function stackInfoOf(stack: Stack): StackInfo {
  return {
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    superuserDbUrl: stack.superuserDbUrl,
    anonKey: stack.keys.anon,
    serviceRoleKey: stack.keys.serviceRole,
    publishableKey: stack.keys.publishable,
    secretKey: stack.keys.secret,
    jwtSecret: stack.keys.jwtSecret,
    inboxUrl: stack.inboxUrl ?? '',
  }
}

/** A temp folder the unprivileged OS user Postgres runs as (when we are root) can reach. */
async function throwawayFolder(prefix: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `${prefix}-`))
  await chmod(root, 0o755)
  return root
}

export interface TestStackOptions extends Omit<
  StackOptions,
  'apiPort' | 'dbPort' | 'inboxPort' | 'dataDir' | 'fresh'
> {
  /** The temp folder's name starts with this. */
  tempPrefix?: string
}

export interface TestStack {
  stack: Stack
  info: StackInfo
  /** Stops the stack and deletes its folder. */
  stop(): Promise<void>
}

/**
 * A whole stack for one test run: a fresh database in a temp folder, every port free, fsync off
 * unless asked for. If it fails to start, the last server lines go to stderr with the error.
 */
export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  const { tempPrefix = 'local-supabase-test', log, ...rest } = options
  const root = await throwawayFolder(tempPrefix)
  const recent: string[] = []
  const stack = await startStack({
    fsync: false,
    passwordHashCost: QUICK_PASSWORD_HASH_COST,
    ...rest,
    apiPort: 0,
    dbPort: 0,
    inboxPort: 0,
    dataDir: path.join(root, 'db'),
    log: (line) => {
      log?.(line)
      recent.push(line)
      if (recent.length > 500) recent.shift()
    },
  }).catch(async (error: unknown) => {
    process.stderr.write(recent.join('\n'))
    await rm(root, { recursive: true, force: true })
    throw error
  })
  return {
    stack,
    info: stackInfoOf(stack),
    stop: async () => {
      await stack.stop()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** Postgres alone (bootstrap and migrations, no gateway) in a temp folder on a free port. */
export async function startTestDatabase(options: {
  projectDir: string
  tempPrefix?: string
}): Promise<{ database: Database; stop(): Promise<void> }> {
  const root = await throwawayFolder(options.tempPrefix ?? 'local-supabase-db-test')
  const database = await startDatabase({
    projectDir: options.projectDir,
    dataDir: path.join(root, 'db'),
    port: 0,
    fsync: false,
  }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true })
    throw error
  })
  return {
    database,
    stop: async () => {
      await database.stop()
      await rm(root, { recursive: true, force: true })
    },
  }
}

// What startEarly began and no takeStarted has taken yet. On the process: a test runner may load
// the module that starts something and the one that takes it separately.
const EARLY_STARTS = Symbol.for('local-supabase.early-starts')
const earlyStarts = () =>
  ((globalThis as { [EARLY_STARTS]?: Map<string, Promise<unknown>> })[EARLY_STARTS] ??= new Map())

/**
 * Begins `start` now, unless it has begun under `key`, for a later `takeStarted` to take: servers
 * that a run's setups would otherwise start one after another can start at once.
 */
export function startEarly(key: string, start: () => Promise<unknown>): void {
  if (earlyStarts().has(key)) return
  const started = start()
  // Its failure is the taker's to report.
  started.catch(() => undefined)
  earlyStarts().set(key, started)
}

/** What `startEarly` began under `key` (taken once), or `start()` now when nothing began. */
export function takeStarted<T>(key: string, start: () => Promise<T>): Promise<T> {
  const started = earlyStarts().get(key) as Promise<T> | undefined
  earlyStarts().delete(key)
  return started ?? start()
}

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

export interface TestClientOptions {
  /** Defaults to the publishable key, as a browser app uses. */
  key?: string
  /** `pkce` (the default) as a browser app configures supabase-js, or `implicit`. */
  flowType?: 'pkce' | 'implicit'
  fetch?: typeof fetch
}

/** supabase-js's own default for a client without a Database type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as untyped as createClient's
type UntypedDatabase = any

/** A real supabase-js client with its own in-memory session and no background refresh. */
export function createTestClient<DB = UntypedDatabase>(
  info: Pick<StackInfo, 'apiUrl' | 'publishableKey'>,
  options: TestClientOptions = {},
): SupabaseClient<DB> {
  return createClient(info.apiUrl, options.key ?? info.publishableKey, {
    auth: {
      flowType: options.flowType ?? 'pkce',
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: nodeRealtime,
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
  }) as unknown as SupabaseClient<DB>
}

/**
 * An address no other test, worker or run uses: `<label>-<12 random hex digits>@<domain>`.
 * Lower case, as Auth stores it.
 */
export function uniqueEmail(label = 'user', domain = 'example.test'): string {
  return `${label.toLowerCase()}-${randomBytes(6).toString('hex')}@${domain}`
}

export const TEST_PASSWORD = 'correct-horse-battery'

/** Signs a new user up through the real Auth API (confirmations off) and returns its client. */
export async function signUpUser<DB = UntypedDatabase>(
  info: Pick<StackInfo, 'apiUrl' | 'publishableKey'>,
  options: { label?: string; password?: string; client?: TestClientOptions } = {},
) {
  const client = createTestClient<DB>(info, options.client)
  const email = uniqueEmail(options.label)
  const password = options.password ?? TEST_PASSWORD
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.session || !data.user) throw error ?? new Error('sign-up returned no session')
  return { client, email, password, user: data.user, session: data.session }
}

/** A superuser pool, for arranging and checking what tests cannot through the API. */
export function adminPool(info: Pick<StackInfo, 'superuserDbUrl'>, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: info.superuserDbUrl, max })
  // The stack may stop while a client of an ended pool is still closing; that is not a failure.
  pool.on('connect', (client) => client.on('error', () => undefined))
  return pool
}

/** Resolves with what `check` returns once it is neither undefined nor false; polls every 20 ms. */
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
