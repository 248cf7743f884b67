import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../src/config.ts'
import { startTestStack } from '../../src/testing.ts'
import { FIXTURE_DIR } from '../support.ts'

/** One fixture stack per test project: a fresh Postgres in a temp folder, free ports. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The suites sign up and sign in far more often from one address than [auth.rate_limit]'s
  // defaults allow; the limits themselves are tested on Auth services with small limits.
  const config = loadConfig(FIXTURE_DIR)
  Object.assign(config.auth.rateLimit, {
    signInSignUps: 100_000,
    tokenRefresh: 100_000,
    tokenVerifications: 100_000,
  })
  const { info, stop } = await startTestStack({ projectDir: FIXTURE_DIR, config, seed: false })
  project.provide('localStack', info)
  return stop
}
