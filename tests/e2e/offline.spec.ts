import type { Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { SIGN_IN_FAILED } from '../../src/features/auth/lib/auth-messages.ts'
import { ADD_ROUND_COURSE_GONE } from '../../src/features/rounds/lib/round-messages.ts'
import { SERVER_UNREACHABLE } from '../../src/lib/server-unreachable.ts'
import { adminPool } from '../support/stack.ts'
import {
  appUrl,
  DESKTOP,
  LIVE_TIMEOUT,
  newWatchedPage,
  PHONE_WITH_WORKER,
  serviceWorkerControls,
} from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { axeViolations, smallTargets } from './support/accessibility.ts'
import {
  golferWith,
  golferWithHoles,
  HOME_INDEXES,
  HOME_PARS,
  logIn,
  openSignedIn,
} from './support/golfer.ts'

/**
 * No signal on the course: rounds typed offline are kept on the device, survive a reload, and
 * reach the server exactly once when the connection is back. Expected rows are literals.
 */
const pool = adminPool()

afterAll(async () => {
  await pool.end()
})

const HOME = { name: 'Home Links', rating: 70, slope: 113 }

/** Chromium's own messages about requests made while offline are not the app's errors. */
const appProblems = (problems: string[]) =>
  problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|WebSocket/.test(problem))

const waitingPill = (page: Page) => page.getByRole('status').locator('.connection__waiting')
const roundEntry = (page: Page, score: number, course = 'Home Links') =>
  page.getByRole('button', { name: new RegExp(`^Score ${score}, ${course}`) })

/** axe and 44×44 targets for the offline states, in both colour schemes. */
async function accessibilityFindings(page: Page): Promise<string[]> {
  const findings: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    findings.push(...(await axeViolations(page)), ...(await smallTargets(page)))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return findings
}

async function storedScores(userId: string): Promise<number[]> {
  const { rows } = await pool.query<{ score: number }>(
    'select score from public.rounds where user_id = $1 order by score',
    [userId],
  )
  return rows.map((row) => row.score)
}

async function openHcp(page: Page) {
  await page.getByRole('link', { name: 'HCP' }).click()
  await page.getByRole('button', { name: 'Add a round...' }).waitFor()
}

async function addRound(page: Page, score: number, course?: string) {
  await page.getByRole('button', { name: 'Add a round...' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Round' })
  if (course) await dialog.getByLabel('Course Name').selectOption({ label: course })
  await dialog.getByLabel('Gross Score').fill(String(score))
  await dialog.getByRole('button', { name: 'Add Round' }).click()
  await roundEntry(page, score, course).waitFor()
}

async function deleteRound(page: Page, score: number) {
  await roundEntry(page, score).click()
  await page.getByRole('button', { name: 'Delete Round' }).click()
  // Deleting asks once more.
  await page
    .getByRole('dialog', { name: 'Delete this round?' })
    .getByRole('button', { name: 'Delete the round' })
    .click()
  await expect.poll(() => roundEntry(page, score).count()).toBe(0)
}

/** The keys this browser's IndexedDB holds for the app, to see whose data it keeps. */
function deviceKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('hcpfast')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('device')) {
            db.close()
            resolve([])
            return
          }
          const request = db.transaction('device').objectStore('device').getAllKeys()
          request.onsuccess = () => {
            db.close()
            resolve(request.result.map(String))
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )
}

// Each journey goes offline only once the service worker controls the page, as an installed app
// is: before that, a chunk not yet fetched (Radix's dialog, fetched when idle) cannot load offline.
describe('offline', () => {
  it('keeps rounds typed offline through a reload, then stores each exactly once and shows them on the other device', async ({
    open,
  }) => {
    const golfer = await golferWith([HOME])
    const { context: phone, page, problems } = await open(PHONE_WITH_WORKER)
    await openSignedIn(page, golfer)
    await serviceWorkerControls(page)
    await openHcp(page)

    await phone.setOffline(true)
    for (const score of [80, 81, 82]) await addRound(page, score)
    await deleteRound(page, 81)
    await expect.poll(() => waitingPill(page).textContent()).toBe('2 rounds waiting to sync')
    expect(await roundEntry(page, 80).getAttribute('aria-busy')).toBe('true')
    expect(await page.getByText('Waiting to sync', { exact: true }).count()).toBe(2)
    expect(await storedScores(golfer.user.id)).toEqual([])
    expect(await accessibilityFindings(page)).toEqual([])

    // The shell comes from the service worker, the rounds and the outbox from IndexedDB.
    await page.reload()
    await roundEntry(page, 82).waitFor()
    expect(await roundEntry(page, 81).count()).toBe(0)
    await expect.poll(() => waitingPill(page).textContent()).toBe('2 rounds waiting to sync')
    // Differentials 10.0 and 12.0: two rounds are not enough for an index.
    expect(await page.getByTestId('handicap-display').textContent()).toContain('Input Rounds Below')

    await phone.setOffline(false)
    await expect.poll(() => waitingPill(page).count(), { timeout: LIVE_TIMEOUT }).toBe(0)
    await expect.poll(() => storedScores(golfer.user.id)).toEqual([80, 82])
    // The database commits before the answer reaches the page.
    await expect.poll(() => page.getByText('Waiting to sync', { exact: true }).count()).toBe(0)
    expect(appProblems(problems)).toEqual([])

    // The phone is put away before the laptop signs in.
    await phone.close()
    const { page: onLaptop } = await open({ viewport: DESKTOP })
    await openSignedIn(onLaptop, golfer)
    await openHcp(onLaptop)
    await roundEntry(onLaptop, 80).waitFor()
    await roundEntry(onLaptop, 82).waitFor()
    expect(await roundEntry(onLaptop, 81).count()).toBe(0)
  })

  it('shows the alert and keeps the typed round when the server refuses a replay: its course was deleted on another device', async ({
    open,
  }) => {
    const golfer = await golferWith([HOME, { name: 'Closing Links', rating: 72, slope: 113 }])
    const { context: phone, page, problems } = await open(PHONE_WITH_WORKER)
    await openSignedIn(page, golfer)
    await serviceWorkerControls(page)
    await openHcp(page)

    await phone.setOffline(true)
    await addRound(page, 77, 'Closing Links')
    await addRound(page, 79, 'Home Links')
    const closing = golfer.courseIds[1] as string
    const deleted = await golfer.client.from('courses').delete().eq('id', closing)
    expect(deleted.error).toBeNull()

    await phone.setOffline(false)
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: LIVE_TIMEOUT })
      .toContain(ADD_ROUND_COURSE_GONE)
    const notSaved = page.getByRole('region', { name: 'Not saved' })
    expect(await notSaved.textContent()).toContain('Score 77 at Closing Links')
    expect(await accessibilityFindings(page)).toEqual([])
    expect(await roundEntry(page, 77, 'Closing Links').count()).toBe(0)
    // The round after it is not held back by the refusal.
    await expect.poll(() => storedScores(golfer.user.id)).toEqual([79])
    expect(appProblems(problems)).toEqual([])
  })

  it("says it can't reach HCPFast, not that the password is wrong, when signing in offline", async ({
    open,
  }) => {
    const golfer = await golferWith()
    const { context: phone, page } = await open(PHONE_WITH_WORKER)
    await page.goto(appUrl('/'))
    await page.getByLabel('Email').fill(golfer.email)
    await page.getByLabel('Password', { exact: true }).fill(golfer.password)
    await phone.setOffline(true)
    await page.getByRole('button', { name: 'Log In' }).click()
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain(SERVER_UNREACHABLE)
    expect(await alert.textContent()).not.toContain(SIGN_IN_FAILED)
    expect(await page.getByLabel('Email').inputValue()).toBe(golfer.email)

    await phone.setOffline(false)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL('**/courses')
  })

  it('stores each round once when two tabs of one golfer were offline at once', async ({
    open,
  }) => {
    const golfer = await golferWith([HOME])
    const { context, page: first, problems } = await open(PHONE_WITH_WORKER)
    await openSignedIn(first, golfer)
    await serviceWorkerControls(first)
    await openHcp(first)
    const { page: second } = await newWatchedPage(context)
    await second.goto(first.url())
    await second.getByRole('button', { name: 'Add a round...' }).waitFor()

    await context.setOffline(true)
    await addRound(first, 90)
    await addRound(second, 91)
    await addRound(first, 92)
    // Each tab shows every waiting round, its own and the other's.
    await expect.poll(() => waitingPill(first).textContent()).toBe('3 rounds waiting to sync')
    await expect.poll(() => waitingPill(second).textContent()).toBe('3 rounds waiting to sync')

    await context.setOffline(false)
    await expect
      .poll(() => storedScores(golfer.user.id), { timeout: LIVE_TIMEOUT })
      .toEqual([90, 91, 92])
    for (const page of [first, second]) {
      await expect.poll(() => waitingPill(page).count()).toBe(0)
      for (const score of [90, 91, 92]) await roundEntry(page, score).waitFor()
    }
    const { rows } = await pool.query<{ count: string }>(
      'select count(*) from public.rounds where user_id = $1',
      [golfer.user.id],
    )
    expect(rows[0]?.count).toBe('3')
    expect(appProblems(problems)).toEqual([])
  })

  it('asks before a logout would lose waiting rounds, and a logout clears the device for the next golfer', async ({
    open,
  }) => {
    const first = await golferWith([HOME], [{ course: 0, score: 85 }])
    const next = await golferWith([{ name: 'Other Course', rating: 71, slope: 120 }])
    const { context, page } = await open(PHONE_WITH_WORKER)
    await openSignedIn(page, first)
    await serviceWorkerControls(page)
    await openHcp(page)
    await roundEntry(page, 85).waitFor()
    await expect
      .poll(async () => (await deviceKeys(page)).filter((key) => key.startsWith(first.user.id)))
      .toContain(`${first.user.id}:records:rounds`)

    await context.setOffline(true)
    await addRound(page, 88)
    await page.getByRole('button', { name: 'Logout' }).click()
    const confirm = page.getByRole('dialog', { name: 'Log out and lose changes?' })
    expect(await confirm.textContent()).toContain('1 round waiting to sync')
    expect(await accessibilityFindings(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Stay signed in' }).click()
    await roundEntry(page, 88).waitFor()

    await context.setOffline(false)
    await expect
      .poll(() => storedScores(first.user.id), { timeout: LIVE_TIMEOUT })
      .toEqual([85, 88])
    await expect.poll(() => waitingPill(page).count()).toBe(0)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('heading', { name: 'HCPFast' }).waitFor()
    await expect
      .poll(async () => (await deviceKeys(page)).filter((key) => key.startsWith(first.user.id)))
      .toEqual([])

    await logIn(page, next.email, next.password)
    await openHcp(page)
    await page.getByTestId('handicap-display').waitFor()
    expect(await roundEntry(page, 85).count()).toBe(0)
    expect(await roundEntry(page, 88).count()).toBe(0)
    expect((await deviceKeys(page)).every((key) => key.startsWith(next.user.id))).toBe(true)
  })

  it('says so in plain words on one line, over nothing, on every screen and on the card', async ({
    open,
  }) => {
    const golfer = await golferWithHoles(HOME_PARS, HOME_INDEXES)
    const { context, page, problems } = await open({
      ...PHONE_WITH_WORKER,
      viewport: { width: 360, height: 640 },
    })
    await openSignedIn(page, golfer)
    await serviceWorkerControls(page)
    const line = page.locator('.connection')

    await context.setOffline(true)
    await expect.poll(() => line.textContent()).toBe('Offline')
    expect(await connectionLineProblems(page)).toEqual([])
    expect(await accessibilityFindings(page)).toEqual([])

    await openHcp(page)
    await addRound(page, 88)
    await expect.poll(() => line.textContent()).toBe('Offline · 1 round waiting to sync')
    expect(await connectionLineProblems(page)).toEqual([])
    // Still in view at the foot of a long screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const box = await line.boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= 640).toBe(true)
    await page.evaluate(() => window.scrollTo(0, 0))

    await page.getByRole('button', { name: 'Start a round' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start a round' })
    await dialog.getByRole('button', { name: 'Start scoring' }).click()
    await page.getByRole('heading', { level: 1, name: 'Hole 1' }).waitFor()
    await expect.poll(() => line.textContent()).toBe('Offline · 1 round waiting to sync')
    expect(await connectionLineProblems(page)).toEqual([])
    expect(await accessibilityFindings(page)).toEqual([])

    await context.setOffline(false)
    await expect.poll(() => line.textContent(), { timeout: LIVE_TIMEOUT }).toBe('')
    expect(await line.getAttribute('role')).toBe('status')
    expect(appProblems(problems)).toEqual([])
  })
})

/**
 * What is wrong with the connection line as shown: more than one line, cut off, or over any
 * text or control of the page. [] when it reads whole on one line, over nothing.
 */
function connectionLineProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const line = document.querySelector<HTMLElement>('.connection')
    if (!line?.textContent) return ['no connection line']
    const found: string[] = []
    // The tops of the words' boxes: one line has one.
    const tops = new Set<number>()
    const words = document.createTreeWalker(line, NodeFilter.SHOW_TEXT)
    for (let node = words.nextNode(); node; node = words.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const box of range.getClientRects()) tops.add(Math.round(box.top))
    }
    if (tops.size !== 1) found.push(`on ${tops.size} lines`)
    if (line.scrollWidth > line.clientWidth) found.push('cut off')
    const box = line.getBoundingClientRect()
    const overlaps = (other: DOMRect) =>
      other.left < box.right &&
      box.left < other.right &&
      other.top < box.bottom &&
      box.top < other.bottom
    for (const element of document.querySelectorAll<HTMLElement>(
      'main *, .toolbar *, .app-bar a',
    )) {
      const other = element.getBoundingClientRect()
      if (other.width === 0 || other.height === 0) continue
      const leaf = element.children.length === 0 || element.matches('a, button, input, select')
      if (leaf && overlaps(other))
        found.push(`over ${element.tagName} "${element.textContent?.trim()}"`)
    }
    return found
  })
}
