import { execFile } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cliDbUrl, startDatabase } from './database.ts'

const require = createRequire(import.meta.url)

/**
 * What `supabase gen types typescript --db-url <url> --schema …` prints.
 *
 * That CLI command does nothing itself: it runs postgres-meta's type generator in a Docker
 * container. This runs the same postgres-meta release (the one the installed CLI pins; see
 * `cliPinnedPostgresMetaVersion`) directly with Node and the environment the CLI gives the
 * container, so the output is the same and no Docker is needed.
 */
export async function generateTypes(
  dbUrl: string,
  schemas: readonly string[] = ['public'],
): Promise<string> {
  const server = path.join(postgresMetaDir(), 'dist', 'server', 'server.js')
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [server],
      {
        maxBuffer: 64 * 1024 * 1024,
        env: {
          PATH: process.env.PATH,
          PG_META_DB_URL: cliDbUrl(dbUrl),
          PG_CONN_TIMEOUT_SECS: '15',
          PG_QUERY_TIMEOUT_SECS: '15',
          PG_META_GENERATE_TYPES: 'typescript',
          PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: schemas.join(','),
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
 * Runs `work` against a throwaway embedded Postgres (free port, temp folder) prepared exactly as a
 * stack start prepares one: platform bootstrap, then the project's migrations through the real CLI,
 * no seed; `work` gets the `postgres` role's URL, as `supabase status` prints it. Nothing of a
 * developer's own local data is read or touched.
 */
export async function withThrowawayDatabase<T>(
  projectDir: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const root = await mkdtemp(path.join(tmpdir(), 'local-supabase-schema-'))
  // As root, Postgres runs as the `postgres` OS user, who must be able to reach the data folder.
  await chmod(root, 0o755)
  try {
    const database = await startDatabase({
      projectDir,
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
