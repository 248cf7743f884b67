import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { axeViolations } from './support/accessibility.ts'
import { appUrl, LIVE_TIMEOUT, PHONE } from './support/browser.ts'
import { it, type OpenPage } from './support/browser-test.ts'
import { golferWithCards, HOME_PARS, logIn } from './support/golfer.ts'

/**
 * A lazy chunk that cannot load never blanks the app: the scoring stats' chunk (fetched only for
 * a golfer with a card) fails on the HCP screen, and the rest of the screen stays, with one line
 * and Retry where the stats would be. The service worker is kept out, as before it controls the
 * page (it would otherwise serve the chunk from its cache).
 */
const CHUNK_FAILED = "Couldn't load this part of HCPFast. Check your connection."
const STATS_CHUNK = /\/assets\/scoring-stats-[\w-]+\.js$/
const ENTRY_CHUNK = /\/assets\/account-entry-[\w-]+\.js$/
const ACCOUNT_CHUNK = /\/assets\/account-screen-[\w-]+\.js/

/** Three cards at Home Links (the stats need three): bogeys, one more on the first hole each time. */
const golferWithThreeCards = () =>
  golferWithCards(
    [0, 1, 2].map((extra) => ({
      played_on: `2026-11-0${extra + 1}`,
      hole_strokes: HOME_PARS.map((par, hole) => par + 1 + (hole === 0 ? extra : 0)),
      score: 90 + extra,
    })),
  )

async function signedIn(open: OpenPage) {
  const golfer = await golferWithThreeCards()
  const watched = await open({ viewport: PHONE, serviceWorkers: 'block' })
  // The rounds are on the device before the network is cut: the HCP screen has its card to show.
  const roundsLoaded = watched.page.waitForResponse(
    (response) => response.url().includes('/rest/v1/rounds?') && response.ok(),
  )
  await logIn(watched.page, golfer.email, golfer.password)
  await (await roundsLoaded).finished()
  return watched
}

const roundEntry = (page: Page) => page.getByRole('button', { name: /^Score 90, Home Links/ })
const stats = (page: Page) => page.getByRole('heading', { name: 'Scoring stats' })
/** The chunk's failure as React and Chromium report it: expected here, nothing else is. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (problem) => !/dynamically imported module|ERR_INTERNET_DISCONNECTED|WebSocket/.test(problem),
  )

describe('a lazy chunk that cannot load', () => {
  it('shows one line and Retry in its place while the network is cut, keeps the rest of the screen, and loads on Retry once it is back', async ({
    open,
  }) => {
    const { context, page, problems } = await signedIn(open)
    await context.setOffline(true)
    await page.getByRole('link', { name: 'HCP' }).click()

    const alert = page.getByRole('alert').filter({ hasText: CHUNK_FAILED })
    await alert.waitFor()
    expect(await alert.textContent()).toBe(`${CHUNK_FAILED}Retry`)
    await roundEntry(page).waitFor()
    expect(await page.getByRole('link', { name: 'Courses' }).isVisible()).toBe(true)
    const retry = alert.getByRole('button', { name: 'Retry' })
    const box = await retry.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(48)
    await retry.focus()
    expect(await retry.evaluate((button) => button === document.activeElement)).toBe(true)

    await context.setOffline(false)
    await page.keyboard.press('Enter')
    await stats(page).waitFor()
    expect(await alert.count()).toBe(0)
    expect(await roundEntry(page).isVisible()).toBe(true)
    expect(unexpected(problems)).toEqual([])
  })

  it('reloads by itself once when the chunk is gone after a deploy, and not again', async ({
    open,
  }) => {
    const { context, page, problems } = await signedIn(open)
    let asked = 0
    // The new build is on the server: the old build's chunk is not.
    await context.route(STATS_CHUNK, async (route) => {
      asked++
      await route.fulfill({ status: 404, body: 'Not Found' })
    })
    let loads = 0
    page.on('load', () => loads++)

    await page.getByRole('link', { name: 'HCP' }).click()
    await expect.poll(() => loads).toBe(1)
    // The reloaded page still finds the chunk gone: it says so, and stays.
    await page.getByRole('alert').filter({ hasText: CHUNK_FAILED }).waitFor()
    await roundEntry(page).waitFor()
    // Each page asked for the chunk, then whether it is still there.
    await expect.poll(() => asked).toBe(4)
    await page.evaluate(() => fetch(location.href, { method: 'HEAD' }))
    expect(loads).toBe(1)
    expect(unexpected(problems)).toEqual([])
  })
})

describe('a screen whose code failed to load', () => {
  it('loads it again on Retry once the network is back, though the browser keeps the failed module', async ({
    open,
  }) => {
    const golfer = await golferWithThreeCards()
    const { context, page, problems } = await open({ viewport: PHONE, serviceWorkers: 'block' })
    // The Account screen's chunk cannot be fetched while the network is cut (its idle prefetch
    // fails too). A browser that keeps a failed module (Safari, Firefox) fails that URL again
    // for the rest of the document's life; this Chromium asks anew, so the test keeps it failed.
    let networkCut = true
    const keptFailed = new Set<string>()
    await context.route(ACCOUNT_CHUNK, async (route) => {
      const url = route.request().url()
      // The module map holds scripts: a fetch() of the same URL still reaches the network.
      const kept = keptFailed.has(url) && route.request().resourceType() === 'script'
      if (networkCut || kept) {
        keptFailed.add(url)
        await route.abort('internetdisconnected')
      } else {
        await route.continue()
      }
    })
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) keptFailed.clear()
    })
    await logIn(page, golfer.email, golfer.password)

    await page.getByRole('link', { name: 'Account' }).click()
    const alert = page.getByRole('alert').filter({ hasText: CHUNK_FAILED })
    await alert.waitFor()
    networkCut = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    await page
      .getByRole('heading', { name: 'Account', exact: true })
      .waitFor({ timeout: LIVE_TIMEOUT })
    expect(new URL(page.url()).pathname).toBe('/account')
    expect(await alert.count()).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })
})

describe('a signed-out screen while its code loads', () => {
  it('keeps the page’s main landmark and heading, not a bare spinner, light and dark', async ({
    open,
  }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, problems } = await open({ viewport: PHONE, colorScheme })
      // Sign-up's chunk is held until the fallback has been looked at.
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      let asked = false
      await context.route(ENTRY_CHUNK, async (route) => {
        asked = true
        await released
        await route.continue()
      })
      await page.goto(appUrl('/signup'))
      await expect.poll(() => asked).toBe(true)
      // The app has drawn its own fallback in place of index.html's skeleton.
      await page.waitForFunction(() => !document.querySelector('[data-app-skeleton]'))
      expect(await page.getByRole('main').count()).toBe(1)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('HCPFast')
      expect(await page.getByRole('main').getByRole('status').textContent()).toBe('Loading…')
      expect(await axeViolations(page), colorScheme).toEqual([])

      release()
      await page.getByRole('button', { name: 'Sign Up' }).waitFor()
      expect(await page.getByRole('main').count()).toBe(1)
      expect(problems).toEqual([])
    }
  })
})

describe('a tab opened for the first time after a reload', () => {
  it('has its screen fetched as the golfer touches it, before the tap lands', async ({ open }) => {
    const { page, problems } = await signedIn(open)
    await page.getByRole('link', { name: 'HCP' }).click()
    await roundEntry(page).waitFor()
    // A reload with the session kept: only the HCP screen's own chunk is fetched.
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    await page.reload()
    await roundEntry(page).waitFor()
    expect(fetched.filter((path) => /courses-screen-[\w-]+\.js$/.test(path))).toEqual([])

    const coursesChunk = page.waitForRequest(/\/assets\/courses-screen-[\w-]+\.js$/)
    await page.getByRole('link', { name: 'My Courses' }).dispatchEvent('pointerdown')
    await coursesChunk
    expect(new URL(page.url()).pathname).toBe('/hcp')
    expect(problems).toEqual([])
  })
})
