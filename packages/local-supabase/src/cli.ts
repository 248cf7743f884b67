import path from 'node:path'
import {
  GeneratedMigrationError,
  migrationNameProblem,
  SchemaFileError,
  writeSchemaDiff,
} from './db-diff.ts'
import { PortInUseError, startStack, type Stack } from './stack.ts'

/** The lines `supabase status -o env` prints, so scripts written for the CLI can read them. */
export function statusEnv(stack: Stack): string {
  return [
    `API_URL=${stack.apiUrl}`,
    `DB_URL=${stack.dbUrl}`,
    `ANON_KEY=${stack.keys.anon}`,
    `SERVICE_ROLE_KEY=${stack.keys.serviceRole}`,
    `PUBLISHABLE_KEY=${stack.keys.publishable}`,
    `SECRET_KEY=${stack.keys.secret}`,
    `JWT_SECRET=${stack.keys.jwtSecret}`,
    // The CLI prints both names for its Mailpit (INBUCKET_URL is the deprecated one).
    ...(stack.inboxUrl ? [`INBUCKET_URL=${stack.inboxUrl}`, `MAILPIT_URL=${stack.inboxUrl}`] : []),
  ].join('\n')
}

/**
 * Shows a developer only the server lines that need them. During Ctrl-C, a client reconnecting to
 * a server that is stopping gets "the database system is shutting down" — expected, so hidden.
 */
export function printServerProblems(line: string): void {
  if (/\b(FATAL|PANIC)\b/.test(line) && !/shutting down/.test(line)) {
    process.stderr.write(`${line}\n`)
  }
}

/** Stops the stack once on SIGINT/SIGTERM, then exits. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`\n${signal}: stopping the local stack…\n`)
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

/** A start that failed: a taken port in one line, anything else with its stack; exit 1. */
export function exitOnStartFailure(error: unknown): never {
  if (error instanceof PortInUseError) process.stderr.write(`${error.message}\n`)
  else
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  process.exit(1)
}

const USAGE = `Usage: local-supabase [start|reset] [--workdir <project dir>] [--verbose]
       local-supabase diff [-f] <name> [--workdir <project dir>] [--verbose]

  start   Postgres, Auth, REST, Realtime and the local inbox in the foreground (the default); prints the
          connection values as \`supabase status -o env\` does. Ctrl-C stops everything.
  reset   wipe the embedded database, re-apply migrations and seed, then exit.
  diff    write supabase/migrations/<timestamp>_<name>.sql from what the schema files
          (supabase/schemas, or [db.migrations] schema_paths) change, as \`supabase db diff -f <name>\`
          does; nothing when they agree with the migrations. Throwaway databases; the local one is
          not touched.

The project directory (default: the current directory) holds supabase/config.toml,
supabase/migrations and the seed. DATABASE_URL uses that Postgres instead of the embedded one.
`

/** The `local-supabase` command: `argv` without node and the script. */
export async function runCli(argv: readonly string[], env = process.env): Promise<void> {
  const args = [...argv]
  const flag = (name: string) => {
    const at = args.indexOf(name)
    if (at >= 0) args.splice(at, 1)
    return at >= 0
  }
  const option = (name: string) => {
    const at = args.indexOf(name)
    if (at < 0) return undefined
    const [, value] = args.splice(at, 2)
    if (!value) throw new Error(`${name} needs a value\n\n${USAGE}`)
    return value
  }
  if (flag('--help') || flag('-h')) {
    process.stdout.write(USAGE)
    return
  }
  const verbose = flag('--verbose')
  const projectDir = path.resolve(option('--workdir') ?? process.cwd())
  const command = args.shift() ?? 'start'
  if (command === 'diff') {
    const name = option('-f') ?? option('--file') ?? args.shift()
    if (!name || args.length > 0) throw new Error(`diff needs one migration name\n\n${USAGE}`)
    await runDiff(projectDir, name, verbose)
    return
  }
  if ((command !== 'start' && command !== 'reset') || args.length > 0) {
    throw new Error(`Unknown arguments: ${[command, ...args].join(' ')}\n\n${USAGE}`)
  }
  const resetOnly = command === 'reset'
  const databaseUrl = env.DATABASE_URL
  if (resetOnly && databaseUrl) {
    throw new Error(
      'reset wipes the embedded database only; with DATABASE_URL, use `npx supabase db reset --db-url "$DATABASE_URL"`.',
    )
  }
  const stack = await startStack({
    projectDir,
    fresh: resetOnly,
    ...(databaseUrl ? { databaseUrl } : {}),
    log: (line) => {
      if (verbose) process.stderr.write(`${line}\n`)
      else printServerProblems(line)
    },
  })
  if (resetOnly) {
    await stack.stop()
    process.stdout.write('Local database reset: migrations and seed applied.\n')
    return
  }
  stopOnSignals(() => stack.stop())
  process.stdout.write(`${statusEnv(stack)}\n`)
  process.stderr.write('Local Supabase stack ready. Press Ctrl-C to stop.\n')
}

/** `local-supabase diff <name>`: the file written, or why not; a failure sets exit code 1. */
async function runDiff(projectDir: string, name: string, verbose: boolean): Promise<void> {
  const problem = migrationNameProblem(name)
  if (problem) {
    process.stderr.write(`${problem}\n`)
    process.exitCode = 1
    return
  }
  const started = Date.now()
  try {
    const { diff, file } = await writeSchemaDiff({
      projectDir,
      name,
      ...(verbose ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const compared = `${diff.schemaFiles.length} schema files, schemas ${diff.schemas.join(', ')}`
    if (file) {
      process.stdout.write(`Wrote ${file} (${compared}; ${seconds} s). Review it, then reset.\n`)
    } else if (diff.unresolved.length === 0) {
      process.stdout.write(
        `No changes: the schema files and the migrations agree (${compared}; ${seconds} s). Nothing written.\n`,
      )
    }
    if (diff.unresolved.length > 0) {
      process.stderr.write(
        `${file ? 'After this migration these' : 'These'} objects still differ between the migrations and the schema files (no diff statement expresses them; write that part by hand):\n` +
          diff.unresolved.map((item) => `  ${item}\n`).join(''),
      )
      process.exitCode = 1
    }
  } catch (error) {
    if (error instanceof SchemaFileError) {
      process.stderr.write(`A schema file failed: ${error.file}\n${error.detail}\n`)
    } else if (error instanceof GeneratedMigrationError) {
      process.stderr.write(`${error.message}\n\nThe draft (not written):\n${error.sql}\n`)
    } else throw error
    process.exitCode = 1
  }
}
