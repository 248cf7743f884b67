import type { TestProject } from 'vitest/node'
import {
  startEarly as startEarlyUnder,
  startTestStack,
  takeStarted,
  type StackInfo,
  type TestStack,
} from 'local-supabase/testing'
import { PROJECT_ROOT } from '../../scripts/project.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo
  }
}

/**
 * One real local stack for the projects that use this setup (the integration suites and the load
 * test, which run one after the other): a fresh Postgres in a temp folder and the gateway, both on
 * free ports, so test runs never touch a developer's data or a running `npm start`. Every test
 * signs up golfers of its own, so sharing the stack shares nothing a test reads.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as SharedStackHolder
  const shared = (holder[SHARED] ??= { started: takeStarted(KEY, startAppStack), users: 0 })
  shared.users += 1
  const { info } = await shared.started
  project.provide('stack', info)
  return async () => {
    shared.users -= 1
    if (shared.users > 0) return
    holder[SHARED] = undefined
    await (await shared.started).stop()
  }
}

/** This project's throwaway stack (with its seed, as `npm start` has). */
export const startAppStack = () =>
  startTestStack({ projectDir: PROJECT_ROOT, tempPrefix: 'hcpfast-test' })

const KEY = 'hcpfast:test-stack'

/** Starts the stack before the setup runs (tests/setup/start-early.ts). */
export const startEarly = () => startEarlyUnder(KEY, startAppStack)

// Vitest loads a global setup file once per project, so the stack is kept on the process.
const SHARED = Symbol.for('hcpfast.test-stack')
type SharedStackHolder = typeof globalThis & {
  [SHARED]?: { started: Promise<TestStack>; users: number }
}
