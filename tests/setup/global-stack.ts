import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startStack } from 'local-supabase'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import type { StackInfo } from '../support/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo
  }
}

/**
 * One real local stack per test project: a fresh Postgres in a temp folder and the gateway, both on
 * free ports, so test runs never touch a developer's data or a running `npm start`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await startTestStack()
  project.provide('stack', info)
  return stop
}

export async function startTestStack(): Promise<{ info: StackInfo; stop: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'hcpfast-test-'))
  // As root, Postgres runs as the `postgres` OS user, who must be able to reach the data folder.
  await chmod(root, 0o755)
  const logs: string[] = []
  const stack = await startStack({
    projectDir: PROJECT_ROOT,
    apiPort: 0,
    dbPort: 0,
    inboxPort: 0,
    dataDir: path.join(root, 'db'),
    fsync: false,
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
  const stop = async () => {
    await stack.stop()
    await rm(root, { recursive: true, force: true })
  }
  return { info, stop }
}
