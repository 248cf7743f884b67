import { existsSync } from 'node:fs'
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@pgkit/client'
import { Migration } from '@pgkit/migra'
import pg from 'pg'
import { parse } from 'smol-toml'
import { catalogDifferences, catalogOf } from './catalog.ts'
import { applyBootstrap, freePort, migrationRoleUrl, pushMigrations } from './database.ts'
import { DraftOrderError, orderByTrial } from './draft-order.ts'
import {
  commentStatements,
  optionStatements,
  privilegeStatements,
  replicationStatements,
} from './migra-gaps.ts'
import { startPostgres } from './postgres.ts'

/**
 * `supabase db diff -f <name>` for declarative schemas, without Docker. One throwaway Postgres
 * holds two databases, both with the platform bootstrap: `postgres` gets the project's migrations
 * and `schema_files` gets the schema files as if they were the only migrations, both through the
 * real CLI's `db push` as `postgres`, as `supabase db push` applies them on the platform. migra
 * (@pgkit/migra, the diff the CLI's was built on) writes the statements from the first to the
 * second; what it leaves out (privileges other than table grants, default privileges, comments) is
 * added from the catalog. The statements are then applied to the first database the way `db push`
 * will apply the migration, and both catalogs compared: what still differs is reported, never
 * hidden.
 */

const SCHEMA_FILES_DB = 'schema_files'

/** The CLI's own schema, made by `db push`; never the project's. */
const CLI_SCHEMAS = ['supabase_migrations']

export interface SchemaDiff {
  /** The statements that turn the migrations' schema into the schema files'; '' when they agree. */
  sql: string
  /** The schemas compared: `public` and every schema the project's SQL creates. */
  schemas: string[]
  /** `kind name` of what still differs after the statements (what they cannot express). */
  unresolved: string[]
  /** Schema files applied, relative to the project directory, in order. */
  schemaFiles: string[]
}

/** A schema file Postgres refused: its path (relative to the project) and Postgres's message. */
export class SchemaFileError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`)
    this.name = 'SchemaFileError'
  }
}

/** The generated statements did not apply on top of the migrations. */
export class GeneratedMigrationError extends Error {
  constructor(
    readonly sql: string,
    readonly detail: string,
  ) {
    super(`The generated migration does not apply on top of the migrations:\n${detail}`)
    this.name = 'GeneratedMigrationError'
  }
}

/**
 * The schema files in the order the CLI applies them: `[db.migrations] schema_paths` of
 * supabase/config.toml (globs relative to supabase/, each glob's matches in name order, a file
 * once), or else every .sql file under supabase/schemas in the order the CLI walks the folder.
 */
export async function schemaFilesOf(projectDir: string): Promise<string[]> {
  const supabaseDir = path.join(projectDir, 'supabase')
  const patterns = await schemaPathPatterns(supabaseDir)
  const all = await listFiles(supabaseDir)
  const ordered: string[] = []
  for (const pattern of patterns ?? ['schemas/**/*.sql']) {
    const matcher = globPattern(path.posix.normalize(pattern.replace(/^\.\//, '')))
    for (const file of all) {
      if (matcher.test(file) && !ordered.includes(file)) ordered.push(file)
    }
  }
  return ordered.map((file) => path.posix.join('supabase', file))
}

async function schemaPathPatterns(supabaseDir: string): Promise<string[] | undefined> {
  const configFile = path.join(supabaseDir, 'config.toml')
  if (!existsSync(configFile)) return undefined
  const config = parse(await readFile(configFile, 'utf8')) as {
    db?: { migrations?: { schema_paths?: unknown } }
  }
  const paths = config.db?.migrations?.schema_paths
  if (paths === undefined) return undefined
  if (!Array.isArray(paths) || !paths.every((entry) => typeof entry === 'string')) {
    throw new Error('supabase/config.toml: [db.migrations] schema_paths should be a list of paths')
  }
  return paths.length > 0 ? (paths as string[]) : undefined
}

/** Files under `dir`, as posix paths relative to it, in the order Go's filepath.Walk visits them. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = (await readdir(path.join(dir, prefix), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )
  const files: string[] = []
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)))
    else if (entry.isFile()) files.push(relative)
  }
  return files
}

/** A glob as Go's filepath.Match reads it (`*`, `?`, `[…]`), plus `**` for any depth. */
function globPattern(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string
    if (char === '*' && pattern[i + 1] === '*') {
      source += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*'
      i += pattern[i + 2] === '/' ? 2 : 1
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '[') {
      const end = pattern.indexOf(']', i)
      source += end > i ? pattern.slice(i, end + 1).replace('[!', '[^') : '\\['
      i = end > i ? end : i
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/** A project folder whose only migrations are the schema files, as the CLI's migration names. */
async function projectOfSchemaFiles(
  projectDir: string,
  root: string,
  files: readonly string[],
): Promise<{ dir: string; names: Map<string, string> }> {
  const dir = path.join(root, 'schema-files-project')
  const migrations = path.join(dir, 'supabase', 'migrations')
  await mkdir(migrations, { recursive: true })
  await copyConfig(projectDir, dir)
  const names = new Map<string, string>()
  for (const [index, file] of files.entries()) {
    // The CLI takes the digits before the first underscore as the migration's version.
    const name = `${String(index + 1).padStart(14, '0')}_${path.posix.basename(file)}`
    names.set(name, file)
    await copyFile(path.join(projectDir, file), path.join(migrations, name))
  }
  return { dir, names }
}

async function copyConfig(projectDir: string, dir: string): Promise<void> {
  const config = path.join(projectDir, 'supabase', 'config.toml')
  await mkdir(path.join(dir, 'supabase'), { recursive: true })
  if (existsSync(config)) await copyFile(config, path.join(dir, 'supabase', 'config.toml'))
}

/** The part of the CLI's failure that Postgres wrote, with the schema file named. */
function schemaFileError(error: unknown, names: Map<string, string>): Error {
  const message = error instanceof Error ? error.message : String(error)
  // The CLI lists every migration it will push, then names each as it applies it.
  const applying = [...message.matchAll(/Applying migration (\S+?)\.\.\.\n/g)].at(-1)
  const file = applying?.[1] ? names.get(applying[1]) : undefined
  if (!applying || !file) return error instanceof Error ? error : new Error(message)
  const detail = message.slice((applying.index ?? 0) + applying[0].length)
  return new SchemaFileError(
    file,
    detail.replace(/\nTry rerunning the command with --debug.*$/s, '').trim(),
  )
}

async function schemaNames(dbUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace order by nspname',
    )
    return rows.map((row) => row.nspname)
  } finally {
    await client.end()
  }
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * migra prints names as Postgres deparses them, unqualified when the inspecting session's search
 * path finds them: the superuser's path has `auth`, so a policy's `auth.uid()` came out as `uid()`,
 * which fails for `postgres`. With only pg_catalog on the path, every other name is qualified.
 */
function inspectionUrl(dbUrl: string): string {
  const url = new URL(dbUrl)
  url.searchParams.set('options', '-c search_path=pg_catalog')
  return url.toString()
}

/** migra's statements from `fromUrl` to `toUrl`, privileges included, other schemas left out. */
async function migraStatements(
  fromUrl: string,
  toUrl: string,
  excluded: readonly string[],
): Promise<string[]> {
  const from = createClient(inspectionUrl(fromUrl))
  const to = createClient(inspectionUrl(toUrl))
  try {
    const migration = await Migration.create(from, to, { exclude_schema: [...excluded] })
    // Drops are the developer's to review in the file, as `supabase db diff` leaves them.
    migration.set_safety(false)
    migration.add_all_changes(true)
    return migration.statements.array.map((statement) => statement.trim()).filter(Boolean)
  } finally {
    await Promise.all([from.end(), to.end()])
  }
}

/** Runs SQL as `postgres` (the migration role) in one transaction. */
async function runAsMigrationRole(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: migrationRoleUrl(serverUrl) })
  await client.connect()
  try {
    await client.query(`begin;\n${sql}\ncommit;`)
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

export interface DiffOptions {
  projectDir: string
  /** Server lines and progress, for --verbose. */
  log?: (line: string) => void
}

/**
 * What `supabase db diff` would draft from the project's schema files: see the module comment.
 * Throws SchemaFileError for a schema file Postgres refuses, GeneratedMigrationError when the
 * drafted statements do not apply on top of the migrations.
 */
export async function diffSchemaFiles(options: DiffOptions): Promise<SchemaDiff> {
  const { projectDir } = options
  const started = Date.now()
  const write = options.log ?? (() => undefined)
  const log = (line: string) =>
    write(
      line.startsWith('[postgres]')
        ? line
        : `[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`,
    )
  const files = await schemaFilesOf(projectDir)
  if (files.length === 0) {
    throw new Error(
      'No schema files: put them in supabase/schemas or name them in [db.migrations] schema_paths.',
    )
  }
  const root = await mkdtemp(path.join(tmpdir(), 'local-supabase-diff-'))
  // As root, Postgres runs as an unprivileged OS user, who must be able to reach the data folder.
  await chmod(root, 0o755)
  try {
    const postgres = await startPostgres({
      dataDir: path.join(root, 'db'),
      port: await freePort(),
      fsync: false,
      onLog: (line) => log(`[postgres] ${line}`),
    })
    log('Postgres started')
    try {
      return await diffOn(postgres.url, { projectDir, root, files, log })
    } finally {
      await postgres.stop()
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

async function diffOn(
  migrationsUrl: string,
  context: { projectDir: string; root: string; files: string[]; log: (line: string) => void },
): Promise<SchemaDiff> {
  const { projectDir, root, files, log } = context
  const schemaFilesUrl = databaseUrl(migrationsUrl, SCHEMA_FILES_DB)
  // One after the other: the bootstrap creates cluster-wide roles.
  await applyBootstrap(migrationsUrl)
  const platform = new Set([...(await schemaNames(migrationsUrl)), ...CLI_SCHEMAS])
  platform.delete('public')
  const admin = new pg.Client({ connectionString: migrationsUrl })
  await admin.connect()
  await admin.query(`create database ${SCHEMA_FILES_DB}`).finally(() => admin.end())
  await applyBootstrap(schemaFilesUrl)

  const schemaProject = await projectOfSchemaFiles(projectDir, root, files)
  log('Bootstrapped both databases; applying the migrations and the schema files')
  // One after the other too: the two databases share the cluster's roles, and a migration may
  // change a role's settings (`alter role authenticator set …`); two such statements at once fail
  // with "tuple concurrently updated" (seen once in schema-diff.test on a busy machine).
  await pushMigrations(migrationRoleUrl(migrationsUrl), { projectDir, seed: false })
  await pushMigrations(migrationRoleUrl(schemaFilesUrl), {
    projectDir: schemaProject.dir,
    seed: false,
  }).catch((error: unknown) => {
    throw schemaFileError(error, schemaProject.names)
  })
  const schemas = [
    ...new Set([...(await schemaNames(migrationsUrl)), ...(await schemaNames(schemaFilesUrl))]),
  ]
    .filter((name) => !platform.has(name) && !name.startsWith('pg_'))
    .sort()

  log('Applied; diffing with migra')
  const draft = await migraStatements(migrationsUrl, schemaFilesUrl, [...platform])
  log(`migra wrote ${draft.length} statements`)
  const parts: string[] = []
  if (draft.length > 0) {
    const ordered = await orderByTrial(
      migrationRoleUrl(migrationsUrl),
      schemaFilesUrl,
      draft,
    ).catch((error: unknown) => {
      if (error instanceof DraftOrderError) {
        throw new GeneratedMigrationError(draft.join('\n\n'), error.message)
      }
      throw error
    })
    log('Their order applies; applying them with db push')
    const sql = ordered.join('\n\n')
    await applyAsMigration(migrationsUrl, sql, { projectDir, root })
    parts.push(sql)
  }
  const supplement = [
    ...(await optionStatements(migrationsUrl, schemaFilesUrl, schemas)),
    ...(await replicationStatements(migrationsUrl, schemaFilesUrl, schemas)),
    ...(await privilegeStatements(migrationsUrl, schemaFilesUrl, schemas)),
    ...(await commentStatements(migrationsUrl, schemaFilesUrl, schemas)),
  ].join('\n')
  if (supplement) {
    await runAsMigrationRole(migrationsUrl, supplement).catch((error: unknown) => {
      throw new GeneratedMigrationError(
        [...parts, supplement].join('\n\n'),
        error instanceof Error ? error.message : String(error),
      )
    })
    parts.push(supplement)
  }
  log('Comparing the catalogs')
  const unresolved = catalogDifferences(
    await catalogOf(migrationsUrl, schemas),
    await catalogOf(schemaFilesUrl, schemas),
  )
  return { sql: parts.join('\n\n'), schemas, unresolved, schemaFiles: files }
}

/**
 * Applies `sql` to the migrations' database as `db push` will apply it: the real CLI, as
 * `postgres`, a project whose migrations are the real ones (already applied) and this one.
 */
async function applyAsMigration(
  dbUrl: string,
  sql: string,
  context: { projectDir: string; root: string },
): Promise<void> {
  const dir = path.join(context.root, 'draft-project')
  const migrations = path.join(dir, 'supabase', 'migrations')
  await mkdir(migrations, { recursive: true })
  await copyConfig(context.projectDir, dir)
  const real = path.join(context.projectDir, 'supabase', 'migrations')
  for (const file of existsSync(real) ? await readdir(real) : []) {
    if (file.endsWith('.sql')) await copyFile(path.join(real, file), path.join(migrations, file))
  }
  await writeFile(path.join(migrations, '99999999999999_draft.sql'), `${sql}\n`)
  await pushMigrations(migrationRoleUrl(dbUrl), { projectDir: dir, seed: false }).catch(
    (error: unknown) => {
      throw new GeneratedMigrationError(sql, error instanceof Error ? error.message : String(error))
    },
  )
}

const NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/

/** Why `name` cannot name a migration, or undefined when it can. */
export function migrationNameProblem(name: string): string | undefined {
  return NAME.test(name)
    ? undefined
    : `The migration name should be snake_case (lower-case letters, digits and _, starting with a letter), like add_course_notes; got ${JSON.stringify(name)}`
}

/** `YYYYMMDDHHMMSS` in UTC, as `supabase migration new` names migrations. */
export function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14)
}

export interface WrittenDiff {
  diff: SchemaDiff
  /** The migration written, relative to the project; undefined when nothing changed. */
  file: string | undefined
}

/**
 * `local-supabase diff <name>`: writes supabase/migrations/<timestamp>_<name>.sql from what the
 * schema files change, or nothing when they agree with the migrations.
 */
export async function writeSchemaDiff(
  options: DiffOptions & { name: string; now?: Date },
): Promise<WrittenDiff> {
  const problem = migrationNameProblem(options.name)
  if (problem) throw new Error(problem)
  const diff = await diffSchemaFiles(options)
  if (!diff.sql) return { diff, file: undefined }
  const migrationsDir = path.join(options.projectDir, 'supabase', 'migrations')
  await mkdir(migrationsDir, { recursive: true })
  const versions = (await readdir(migrationsDir))
    .map((file) => /^(\d+)_/.exec(file)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort()
  let version = migrationTimestamp(options.now ?? new Date())
  // A migration must come after the last one, or `db push` would refuse it.
  const last = versions.at(-1)
  if (last && version <= last) version = String(BigInt(last) + 1n)
  const file = path.posix.join('supabase', 'migrations', `${version}_${options.name}.sql`)
  const header = [
    `-- Generated by \`local-supabase diff ${options.name}\` from ${diff.schemaFiles.length} schema files`,
    '-- (the diff of the migrations before it against the schema files, by migra). Review it before',
    '-- committing: drops and renames especially.',
  ].join('\n')
  await writeFile(path.join(options.projectDir, file), `${header}\n\n${diff.sql}\n`)
  return { diff, file }
}
