import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadConfig, startStack } from '../../src/index.ts'
import { FIXTURE_DIR, type StackInfo } from '../support.ts'

/** One fixture stack per test project: a fresh Postgres in a temp folder, free ports. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'local-supabase-test-'))
  // As root, Postgres runs as an unprivileged OS user, who must be able to reach the data folder.
  await chmod(root, 0o755)
  const logs: string[] = []
  // The suites sign up and sign in far more often from one address than [auth.rate_limit]'s
  // defaults allow; the limits themselves are tested on Auth services with small limits.
  const config = loadConfig(FIXTURE_DIR)
  Object.assign(config.auth.rateLimit, {
    signInSignUps: 100_000,
    tokenRefresh: 100_000,
    tokenVerifications: 100_000,
  })
  const stack = await startStack({
    projectDir: FIXTURE_DIR,
    config,
    apiPort: 0,
    dbPort: 0,
    inboxPort: 0,
    dataDir: path.join(root, 'db'),
    fsync: false,
    seed: false,
    log: (line) => {
      logs.push(line)
      if (logs.length > 500) logs.shift()
    },
  }).catch((error: unknown) => {
    process.stderr.write(logs.join('\n'))
    throw error
  })
  const info: StackInfo = {
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    anonKey: stack.keys.anon,
    serviceRoleKey: stack.keys.serviceRole,
    publishableKey: stack.keys.publishable,
    secretKey: stack.keys.secret,
    jwtSecret: stack.keys.jwtSecret,
    inboxUrl: stack.inboxUrl ?? '',
  }
  project.provide('localStack', info)
  return async () => {
    await stack.stop()
    await rm(root, { recursive: true, force: true })
  }
}
