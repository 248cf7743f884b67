import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { test as base, expect } from 'vitest'
import {
  connectToSharedBrowser,
  launchBrowser,
  launchJourneyBrowser,
  newWatchedPage,
  PHONE,
} from './browser.ts'

export interface WatchedPage {
  context: BrowserContext
  page: Page
  /** The console errors and uncaught exceptions the page has seen so far. */
  problems: string[]
}

/** What the `open` fixture is: a context with one watched page, closed when the test ends. */
export type OpenPage = (options?: BrowserContextOptions) => Promise<WatchedPage>

/**
 * Journeys run as a golfer who asked for reduced motion: they check what the app does, and each
 * click would otherwise wait for a button's or a chevron's transition to end. `itWithMotion` keeps
 * the motion, for the journeys through the animated dialogs and lists (courses-and-rounds).
 */
const WITHOUT_MOTION: BrowserContextOptions = { reducedMotion: 'reduce' }

/**
 * A new context (a phone unless told otherwise) with one watched page; the caller closes it. No
 * service worker unless the options allow it (`PHONE_WITH_WORKER`).
 */
export async function openWatched(
  browser: Browser,
  options: BrowserContextOptions = { viewport: PHONE },
  motion: BrowserContextOptions = WITHOUT_MOTION,
): Promise<WatchedPage> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...motion, ...options })
  return { context, ...(await newWatchedPage(context)) }
}

/**
 * The browser specs' `it` (a module of its own: the benchmarks import ./browser.ts outside
 * vitest). Each spec file connects to the run's one Chromium when a test first needs it and
 * disconnects when the file is done (`itWithOwnBrowser` launches a Chromium for the file instead);
 * and for each test
 * - `open(options?)`: a context of its own (a phone by default) with one watched page; every
 *   context a test opens is closed when the test ends, passed or failed;
 * - `page`: a phone page of its own that fails the test if it saw a console error or an uncaught
 *   exception (a test that expects some opens its page with `open` and filters `problems`).
 * Suite hooks get the browser too: `it.beforeAll(async ({ browser }) => …)`.
 */
export const it = browserTest(connectToSharedBrowser)

/**
 * `it` with a Chromium of the spec file's own: for a journey across app updates, whose service
 * worker state did not stay apart from other files' contexts in a shared browser.
 */
export const itWithOwnBrowser = browserTest(launchBrowser)

/**
 * `it` with a headless browser of the spec file's own, for journeys that read what the app copied:
 * a browser has one clipboard, and two spec files at once in the run's browser overwrote each
 * other's (the group card read the shared card's result).
 */
export const itWithOwnClipboard = browserTest(launchJourneyBrowser)

/** `it` for a golfer who has not asked for reduced motion. */
export const itWithMotion = browserTest(connectToSharedBrowser, {})

function browserTest(
  startBrowser: () => Promise<Browser>,
  motion: BrowserContextOptions = WITHOUT_MOTION,
) {
  return (
    base
      // eslint-disable-next-line no-empty-pattern -- vitest reads what a fixture needs from this pattern
      .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
        const browser = await startBrowser()
        onCleanup(() => browser.close())
        return browser
      })
      .extend('open', async ({ browser }, { onCleanup }) => {
        const opened: BrowserContext[] = []
        onCleanup(async () => {
          await Promise.all(opened.map((context) => context.close()))
        })
        const openPage: OpenPage = async (options) => {
          const watched = await openWatched(browser, options, motion)
          opened.push(watched.context)
          return watched
        }
        return openPage
      })
      .extend('page', async ({ browser }, { onCleanup }) => {
        const { context, page, problems } = await openWatched(browser, undefined, motion)
        // Closed before the check: a cleanup that throws skips the ones after it.
        onCleanup(async () => {
          await context.close()
          expect(problems).toEqual([])
        })
        return page
      })
  )
}
