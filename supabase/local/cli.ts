import path from 'node:path'
import { loadConfig, PROJECT_ROOT } from './config.ts'
import { startDatabase } from './database.ts'

/**
 * `npm run stack`: the local database half of the Docker-free stack (the API gateway with Auth,
 * REST and Realtime joins it in the next step). Prints DB_URL like `supabase status -o env`.
 */
async function main(): Promise<void> {
  const resetOnly = process.argv.includes('--reset-only')
  const verbose = process.argv.includes('--verbose')
  const databaseUrl = process.env.DATABASE_URL
  if (resetOnly && databaseUrl) {
    throw new Error(
      'db:reset wipes the embedded database only; with DATABASE_URL, use `npx supabase db reset --db-url "$DATABASE_URL"`.',
    )
  }
  const config = loadConfig()
  const database = await startDatabase({
    dataDir: path.join(PROJECT_ROOT, '.local', 'db'),
    port: config.dbPort,
    fresh: resetOnly,
    ...(databaseUrl ? { databaseUrl } : {}),
    log: (line) => {
      if (verbose || /\b(FATAL|PANIC)\b/.test(line)) process.stderr.write(`${line}\n`)
    },
  })
  if (resetOnly) {
    await database.stop()
    process.stdout.write('Local database reset: migrations and seed applied.\n')
    return
  }
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`\n${signal}: stopping the local database…\n`)
    database.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.stdout.write(`DB_URL=${database.dbUrl}\n`)
  process.stderr.write('Local database ready. Press Ctrl-C to stop.\n')
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
