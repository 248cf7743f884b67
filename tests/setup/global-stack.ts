import type { TestProject } from 'vitest/node'
import { startTestStack, type StackInfo } from 'local-supabase/testing'
import { PROJECT_ROOT } from '../../scripts/project.ts'

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
  const { info, stop } = await startAppStack()
  project.provide('stack', info)
  return stop
}

/** This project's throwaway stack (with its seed, as `npm start` has). */
export const startAppStack = () =>
  startTestStack({ projectDir: PROJECT_ROOT, tempPrefix: 'hcpfast-test' })
