import { execFile } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { PROJECT_ROOT } from '../supabase/local/config.ts'
import { cliDbUrl, startDatabase } from '../supabase/local/database.ts'

/**
 * `npm run gen:types`: writes src/lib/database.types.ts from the schema, exactly as
 * `supabase gen types typescript --db-url <url> --schema public` prints it.
 *
 * That CLI command does nothing itself: it runs postgres-meta's type generator in a Docker
 * container. This runs the same postgres-meta release (the one the installed CLI pins, which a
 * test checks) directly with Node and the environment the CLI gives the container, so the output
 * is the same and no Docker is needed. With DB_URL set it reads that database; otherwise a
 * throwaway local one with the migrations applied, so the types describe the migrations alone.
 */
export const TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'lib', 'database.types.ts')

const require = createRequire(import.meta.url)

export async function generateTypes(dbUrl: string): Promise<string> {
  const server = path.join(postgresMetaDir(), 'dist', 'server', 'server.js')
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [server],
      {
        cwd: PROJECT_ROOT,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          PATH: process.env.PATH,
          PG_META_DB_URL: cliDbUrl(dbUrl),
          PG_CONN_TIMEOUT_SECS: '15',
          PG_QUERY_TIMEOUT_SECS: '15',
          PG_META_GENERATE_TYPES: 'typescript',
          PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
          PG_META_GENERATE_TYPES_SWIFT_ACCESS_CONTROL: 'internal',
          PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
        },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`postgres-meta type generation failed:\n${stderr || stdout}`))
        else resolve(stdout)
      },
    )
  })
}

export async function installedPostgresMetaVersion(): Promise<string> {
  const manifest = JSON.parse(
    await readFile(path.join(postgresMetaDir(), 'package.json'), 'utf8'),
  ) as { version: string }
  return manifest.version
}

/** The postgres-meta image tag compiled into the installed Supabase CLI binary. */
export async function cliPinnedPostgresMetaVersion(): Promise<string> {
  const cliPackage = path.dirname(
    require.resolve(`@supabase/cli-${process.platform}-${process.arch}/package.json`),
  )
  const binary = await readFile(path.join(cliPackage, 'bin', 'supabase'))
  const match = /postgres-meta:v(\d+\.\d+\.\d+)/.exec(binary.toString('latin1'))
  if (!match?.[1]) throw new Error('The Supabase CLI binary names no postgres-meta image')
  return match[1]
}

/**
 * Runs `work` against DB_URL when given, otherwise against a throwaway embedded Postgres (free
 * port, temp folder) prepared exactly as `npm run stack` prepares one: platform bootstrap, then the
 * migrations through the real CLI. A developer's own local data is never read or touched.
 */
export async function withDatabase<T>(
  dbUrl: string | undefined,
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (dbUrl) return work(dbUrl)
  const root = await mkdtemp(path.join(tmpdir(), 'hcpfast-schema-'))
  // As root, Postgres runs as the `postgres` OS user, who must be able to reach the data folder.
  await chmod(root, 0o755)
  try {
    const database = await startDatabase({
      dataDir: path.join(root, 'db'),
      port: 0,
      fsync: false,
      seed: false,
    })
    try {
      return await work(database.dbUrl)
    } finally {
      await database.stop()
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

function postgresMetaDir(): string {
  return path.dirname(require.resolve('@supabase/postgres-meta/package.json'))
}

async function main(): Promise<void> {
  const types = await withDatabase(process.env.DB_URL, generateTypes)
  await writeFile(TYPES_FILE, types)
  process.stdout.write(`Wrote ${path.relative(PROJECT_ROOT, TYPES_FILE)}\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
