import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../src/config.ts'
import { startEarly as startEarlyUnder, startTestStack, takeStarted } from '../../src/testing.ts'
import { FIXTURE_DIR } from '../support.ts'

const KEY = 'local-supabase:fixture-stack'

function startFixtureStack() {
  // The suites sign up and sign in far more often from one address than [auth.rate_limit]'s
  // defaults allow; the limits themselves are tested on Auth services with small limits.
  const config = loadConfig(FIXTURE_DIR)
  Object.assign(config.auth.rateLimit, {
    signInSignUps: 100_000,
    tokenRefresh: 100_000,
    tokenVerifications: 100_000,
  })
  return startTestStack({ projectDir: FIXTURE_DIR, config, seed: false })
}

/** Starts the stack before the setup runs (the root config's tests/setup/start-early.ts). */
export const startEarly = () => startEarlyUnder(KEY, startFixtureStack)

/** One fixture stack per test project: a fresh Postgres in a temp folder, free ports. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await takeStarted(KEY, startFixtureStack)
  project.provide('localStack', info)
  return stop
}
