import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPostgres, waitForPostgres } from './postgres.ts'

const BOOTSTRAP_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql')

/** Applies the platform bootstrap (roles, auth schema, grants, publication). Idempotent. */
export async function applyBootstrap(dbUrl: string): Promise<void> {
  const sql = await readFile(BOOTSTRAP_FILE, 'utf8')
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    // Concurrent first starts against one server would race on CREATE ROLE; serialise them.
    await client.query('select pg_advisory_lock(5432154321)')
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Runs the real Supabase CLI in the project directory and resolves with its stdout. */
export function runSupabaseCli(projectDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cliEntry(), ...args],
      {
        cwd: projectDir,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, DO_NOT_TRACK: '1' },
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(`supabase ${args[0] ?? ''} ${args[1] ?? ''} failed:\n${stderr || stdout}`),
          )
        } else {
          resolve(stdout)
        }
      },
    )
  })
}

function cliEntry(): string {
  const require = createRequire(import.meta.url)
  const packageDir = path.dirname(require.resolve('supabase/package.json'))
  const manifest = require('supabase/package.json') as { bin: { supabase: string } }
  return path.join(packageDir, manifest.bin.supabase)
}

/** The CLI insists on TLS unless told otherwise; the local server listens on loopback only. */
export function cliDbUrl(dbUrl: string): string {
  const url = new URL(dbUrl)
  if (!url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'disable')
  return url.toString()
}

/**
 * Applies the project's supabase/migrations (and seed) with the real CLI, exactly as they would go
 * to a hosted project: there is no second copy of the schema for the local stack.
 */
export async function pushMigrations(
  dbUrl: string,
  options: { projectDir: string; seed: boolean },
): Promise<void> {
  const args = ['db', 'push', '--db-url', cliDbUrl(dbUrl), '--include-all', '--yes']
  if (options.seed) args.push('--include-seed')
  await runSupabaseCli(options.projectDir, args)
}

/** Bootstrap, then migrations: what every start does before the gateway opens. */
export async function prepareDatabase(
  dbUrl: string,
  options: { projectDir: string; seed: boolean },
): Promise<void> {
  await applyBootstrap(dbUrl)
  await pushMigrations(dbUrl, options)
}

export interface DatabaseOptions {
  /** The project whose `supabase/` folder (migrations, seed) is applied. */
  projectDir: string
  /** Use this server instead of the embedded one. */
  databaseUrl?: string
  dataDir: string
  /** 0 picks a free port. */
  port: number
  fresh?: boolean
  seed?: boolean
  fsync?: boolean
  log?: (line: string) => void
}

export interface Database {
  dbUrl: string
  /** The embedded server's pid (undefined with DATABASE_URL). */
  pid: number | undefined
  stop(): Promise<void>
}

/** Postgres (embedded or external) with the bootstrap and migrations applied. */
export async function startDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    await waitForPostgres(options.databaseUrl)
    await prepareDatabase(options.databaseUrl, {
      projectDir: options.projectDir,
      seed: options.seed ?? true,
    })
    return { dbUrl: options.databaseUrl, pid: undefined, stop: async () => undefined }
  }
  if (options.fresh) await rm(options.dataDir, { recursive: true, force: true })
  const port = options.port === 0 ? await freePort() : options.port
  const log = options.log ?? (() => undefined)
  const postgres = await startPostgres({
    dataDir: options.dataDir,
    port,
    ...(options.fsync === undefined ? {} : { fsync: options.fsync }),
    onLog: (line) => log(`[postgres] ${line}`),
  })
  try {
    await prepareDatabase(postgres.url, {
      projectDir: options.projectDir,
      seed: options.seed ?? true,
    })
  } catch (error) {
    await postgres.stop()
    throw error
  }
  return { dbUrl: postgres.url, pid: postgres.pid, stop: () => postgres.stop() }
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
