import type { TestProject } from 'vitest/node'
import {
  startEarly as startEarlyUnder,
  startTestDatabase,
  takeStarted,
} from 'local-supabase/testing'
import { PROJECT_ROOT } from '../../scripts/project.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    database: { dbUrl: string; superuserDbUrl: string }
  }
}

const KEY = 'hcpfast:test-database'
const startDatabase = () =>
  startTestDatabase({ projectDir: PROJECT_ROOT, tempPrefix: 'hcpfast-db-test' })

/** Starts the database before the setup runs (tests/setup/start-early.ts). */
export const startEarly = () => startEarlyUnder(KEY, startDatabase)

/**
 * The database suites (schema, RLS, constraints, views, types, advisors) need Postgres with the
 * migrations applied and nothing else: a fresh embedded server in a temp folder on a free port.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { database, stop } = await takeStarted(KEY, startDatabase)
  project.provide('database', { dbUrl: database.dbUrl, superuserDbUrl: database.superuserDbUrl })
  return stop
}
