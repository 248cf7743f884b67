import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { generateTypes, withThrowawayDatabase } from 'local-supabase'
import { PROJECT_ROOT } from './project.ts'

export const TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'lib', 'database.types.ts')

/**
 * Runs `work` against DB_URL when given, otherwise against a throwaway local database with this
 * project's migrations applied, so the result describes the migrations alone.
 */
export function withDatabase<T>(
  dbUrl: string | undefined,
  work: (url: string) => Promise<T>,
): Promise<T> {
  return dbUrl ? work(dbUrl) : withThrowawayDatabase(PROJECT_ROOT, work)
}

/**
 * `npm run gen:types`: writes src/lib/database.types.ts from the schema, exactly as
 * `supabase gen types typescript --db-url <url> --schema public` prints it.
 */
async function main(): Promise<void> {
  const types = await withDatabase(process.env.DB_URL, (url) => generateTypes(url))
  await writeFile(TYPES_FILE, types)
  process.stdout.write(`Wrote ${path.relative(PROJECT_ROOT, TYPES_FILE)}\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
