import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, inject } from 'vitest'
import type { Database } from '../../src/lib/database.types.ts'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import {
  restartablePort,
  startPostgres,
  startStack,
  type Stack,
  type StackOptions,
} from 'local-supabase'
import { memoryStorage, nodeRealtime, uniqueEmail } from '../support/stack.ts'
import { serveCopyOfAppFor } from './setup/global-app.ts'
import { LIVE_TIMEOUT, RESTART_TIMEOUT, screenshot } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { addCourse, logIn } from './support/golfer.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * The server goes away while a golfer has the app open. These journeys get a stack of their own
 * (and a build of the app pointing at it), because they stop and restart it.
 */
let root: string
let options: StackOptions & { apiPort: number; dbPort: number; dataDir: string }
let stack: Stack | undefined
let app: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hcpfast-faults-'))
  await chmod(root, 0o755)
  options = {
    projectDir: PROJECT_ROOT,
    apiPort: await restartablePort(),
    dbPort: await restartablePort(),
    inboxPort: await restartablePort(),
    dataDir: path.join(root, 'db'),
    fsync: false,
    seed: false,
  }
  stack = await startStack(options)
  app = await serveCopyOfAppFor(
    { apiUrl: stack.apiUrl, publishableKey: stack.keys.publishable },
    inject('appBuild'),
    // Per process, so two test runs side by side never serve each other's build.
    path.join(PROJECT_ROOT, `dist-e2e-faults-${process.pid}`),
  )
})

afterAll(async () => {
  await app?.close()
  await stack?.stop()
  await rm(root, { recursive: true, force: true })
})

async function registeredGolfer(courses: string[] = []) {
  if (!stack) throw new Error('the stack is not running')
  const client = createClient<Database>(stack.apiUrl, stack.keys.publishable, {
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true },
    realtime: nodeRealtime,
  })
  const email = uniqueEmail('faults')
  const password = 'fairway-and-green'
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.user) throw error ?? new Error('sign-up returned no user')
  if (courses.length > 0) {
    const inserted = await client
      .from('courses')
      .insert(courses.map((name) => ({ id: ulid(), name, rating: 71.4, slope: 128 })))
    if (inserted.error) throw new Error(inserted.error.message)
  }
  await client.auth.signOut()
  return { email, password, userId: data.user.id }
}

async function stopStack(): Promise<void> {
  await stack?.stop()
  stack = undefined
}

async function restartStack(): Promise<void> {
  stack = await startStack(options)
}

/** Courses of one golfer, read from the stack's database as `postgres` (which bypasses RLS). */
async function storedCourseNames(userId: string): Promise<string[]> {
  if (!stack) throw new Error('the stack is not running')
  const pool = new pg.Pool({ connectionString: stack.dbUrl, max: 1 })
  try {
    const { rows } = await pool.query<{ name: string }>(
      'select name from public.courses where user_id = $1 order by name',
      [userId],
    )
    return rows.map((row) => row.name)
  } finally {
    await pool.end()
  }
}

const reconnecting = (page: Page) => page.getByRole('status').getByText('Reconnecting…')
const waiting = (page: Page) => page.getByRole('status').locator('.connection__waiting')
const roundEntry = (page: Page, score: number) =>
  page.getByRole('button', { name: new RegExp(`^Score ${score}, `) })
/** Rounds of one golfer, read from the stack's database as `postgres` (which bypasses RLS). */
async function storedRounds(userId: string): Promise<{ score: number; course_name: string }[]> {
  if (!stack) throw new Error('the stack is not running')
  const pool = new pg.Pool({ connectionString: stack.dbUrl, max: 1 })
  try {
    const { rows } = await pool.query<{ score: number; course_name: string }>(
      'select score, course_name from public.rounds where user_id = $1 order by score',
      [userId],
    )
    return rows
  } finally {
    await pool.end()
  }
}

const courseEntry = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

describe('when the local stack goes away', () => {
  it('keeps a course and a round added while the server is down, through a reload, and stores each once it is back', async ({
    open,
  }) => {
    const golfer = await registeredGolfer(['Home Links'])
    const { page, problems } = await open()
    try {
      await logIn(page, golfer.email, golfer.password, `${app.url}/`)
      await expect.poll(() => courseEntry(page, 'Home Links').isVisible()).toBe(true)

      await stopStack()
      await expect.poll(() => reconnecting(page).isVisible(), { timeout: LIVE_TIMEOUT }).toBe(true)

      await addCourse(page, 'Offline Links', '70.2', '121')
      await expect
        .poll(() => waiting(page).textContent(), { timeout: LIVE_TIMEOUT })
        .toBe('1 course waiting to sync')

      await page.getByRole('link', { name: 'HCP' }).click()
      await page.getByRole('button', { name: 'Add a round...' }).click()
      const addRound = page.getByRole('dialog', { name: 'Add Round' })
      await addRound.getByLabel('Course Name').selectOption({ label: 'Offline Links' })
      await addRound.getByLabel('Gross Score').fill('88')
      await addRound.getByRole('button', { name: 'Add Round' }).click()
      await expect
        .poll(() => waiting(page).textContent(), { timeout: LIVE_TIMEOUT })
        .toBe('1 course and 1 round waiting to sync')

      await page.reload()
      await roundEntry(page, 88).waitFor()
      await screenshot(page, 'faults-waiting-to-sync-phone')
      // The server never answered: that is not the golfer's mistake, so no alert.
      expect(await page.getByRole('alert').count()).toBe(0)

      await restartStack()
      await expect.poll(() => waiting(page).count(), { timeout: RESTART_TIMEOUT }).toBe(0)
      // The pill goes once the server answers; the outbox may still be sending the round then.
      await expect
        .poll(() => storedRounds(golfer.userId), { timeout: LIVE_TIMEOUT })
        .toEqual([{ score: 88, course_name: 'Offline Links' }])
      expect(await storedCourseNames(golfer.userId)).toEqual(['Home Links', 'Offline Links'])
      expect(await page.getByRole('alert').count()).toBe(0)
      // Chromium logs the refused connections themselves; the app must not add errors of its own.
      expect(
        problems.filter((problem) => !/ERR_CONNECTION_REFUSED|WebSocket/.test(problem)),
      ).toEqual([])
    } finally {
      if (!stack) await restartStack()
    }
  })

  it('shows that it is reconnecting, then catches up with a change made meanwhile, without a reload', async ({
    open,
  }) => {
    const golfer = await registeredGolfer(['Home Links'])
    const { page } = await open()
    try {
      await logIn(page, golfer.email, golfer.password, `${app.url}/`)
      await expect.poll(() => courseEntry(page, 'Home Links').isVisible()).toBe(true)
      // Survives only if the page is never reloaded.
      await page.evaluate(() => {
        ;(window as unknown as { stayedOpen: boolean }).stayedOpen = true
      })

      await stopStack()
      await expect.poll(() => reconnecting(page).isVisible(), { timeout: LIVE_TIMEOUT }).toBe(true)
      await screenshot(page, 'faults-reconnecting-phone')

      // Another device's change lands while the API is down, straight in the database. The next
      // stack's change feed starts after it, so it can only reach the page by the app reloading
      // its data when it rejoins — which is what this checks.
      const postgres = await startPostgres({
        dataDir: options.dataDir,
        port: options.dbPort,
        fsync: false,
      })
      // A client, not a pool: its end() waits for the connection to close, so stopping the server
      // right after cannot hit a connection that is still closing.
      const client = new pg.Client({ connectionString: postgres.url })
      client.on('error', () => undefined)
      await client.connect()
      try {
        await client.query(
          `insert into public.courses (id, user_id, name, rating, slope)
           values ($1, $2, 'Made Meanwhile', 69.8, 117)`,
          [ulid(), golfer.userId],
        )
      } finally {
        await client.end()
        await postgres.stop()
      }
      await restartStack()

      await expect
        .poll(() => courseEntry(page, 'Made Meanwhile').isVisible(), { timeout: RESTART_TIMEOUT })
        .toBe(true)
      await expect.poll(() => reconnecting(page).count(), { timeout: LIVE_TIMEOUT }).toBe(0)
      expect(
        await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen),
      ).toBe(true)
    } finally {
      if (!stack) await restartStack()
    }
  })
})
