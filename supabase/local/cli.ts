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

async function main(): Promise<void> {
  const resetOnly = process.argv.includes('--reset-only')
  const verbose = process.argv.includes('--verbose')
  const databaseUrl = process.env.DATABASE_URL
  if (resetOnly && databaseUrl) {
    throw new Error(
      'db:reset wipes the embedded database only; with DATABASE_URL, use `npx supabase db reset --db-url "$DATABASE_URL"`.',
    )
  }
  const stack = await startStack({
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

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    if (error instanceof PortInUseError) process.stderr.write(`${error.message}\n`)
    else
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      )
    process.exit(1)
  })
}
