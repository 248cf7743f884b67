import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_LAUNCH, journeyLaunch } from '../../../scripts/chromium.ts'

export const appUrl = (route = '/') => `${inject('appUrl')}${route}`

export const PHONE = { width: 390, height: 844 }

/**
 * How long a browser test waits for something that crosses the network (a live update on another
 * device, a reconnect): typically well under a second, but CI is a busy 2-core machine building
 * and serving the app beside Chromium and the stack. The bound only decides when "not yet" becomes
 * "never"; a passing test never waits for it.
 */
export const LIVE_TIMEOUT = 30_000
/** A whole stack restart (Postgres, migrations check, gateway) before the app catches up. */
export const RESTART_TIMEOUT = 90_000
export const DESKTOP = { width: 1280, height: 800 }

/**
 * A phone whose app registers its service worker. Other contexts block it: installing it precaches
 * every chunk again in each new context, and only the offline and update journeys need it.
 */
export const PHONE_WITH_WORKER = { viewport: PHONE, serviceWorkers: 'allow' } as const

const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots')

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH)
}

/** The journeys' engine (the headless shell where installed), launched for one spec file. */
export function launchJourneyBrowser(): Promise<Browser> {
  return chromium.launch(journeyLaunch())
}

/**
 * The run's one Chromium (tests/e2e/setup/global-app.ts starts it): a connection of the spec
 * file's own, whose contexts close with it, so files never see each other's pages or storage.
 */
export function connectToSharedBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'))
}

/**
 * A browser with a profile on disk, for what Chromium allows only outside incognito: every
 * context of `launchBrowser()` is off the record, where no app can be installed.
 */
export function launchProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...CHROMIUM_LAUNCH, viewport: PHONE })
}

/**
 * Waits until a service worker controls the page: from then on its app shell is in the cache.
 * Contexts block the worker unless opened with PHONE_WITH_WORKER, so a timeout says that first.
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: LIVE_TIMEOUT,
    })
    .catch((error: unknown) => {
      throw new Error(
        'No service worker took control of the page: was its context opened with PHONE_WITH_WORKER?',
        { cause: error },
      )
    })
}

/** A page that fails the test on any console error or uncaught exception it sees. */
export async function newWatchedPage(
  context: BrowserContext,
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    // Chromium itself logs every non-2xx fetch ("Failed to load resource"); a wrong password is
    // supposed to get a 400, so only the app's own errors count.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return { page, problems }
}

/**
 * Screenshots for people to look at, with `SCREENSHOTS=1` (in test-results/, kept out of git): a
 * run that nobody looks at does not encode them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

/**
 * Where a download was saved on this machine: a browser the test connected to keeps its own copy
 * out of reach (`download.path()` works only for a browser this process launched).
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.resolve(
    'test-results',
    'downloads',
    `${randomUUID()}-${download.suggestedFilename()}`,
  )
  await download.saveAs(file)
  return file
}
