import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startDatabase } from 'local-supabase'
import { PROJECT_ROOT } from '../../scripts/project.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    database: { dbUrl: string }
  }
}

/**
 * The database suites (schema, RLS, constraints, views, types, advisors) need Postgres with the
 * migrations applied and nothing else: a fresh embedded server in a temp folder on a free port.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'hcpfast-db-test-'))
  // As root, Postgres runs as the `postgres` OS user, who must be able to reach the data folder.
  await chmod(root, 0o755)
  const database = await startDatabase({
    projectDir: PROJECT_ROOT,
    dataDir: path.join(root, 'db'),
    port: 0,
    fsync: false,
  })
  project.provide('database', { dbUrl: database.dbUrl })
  return async () => {
    await database.stop()
    await rm(root, { recursive: true, force: true })
  }
}
