import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import {
  axeViolations,
  lowestTextContrast,
  settled,
  smallTargets,
} from './support/accessibility.ts'
import { appUrl, DESKTOP, PHONE } from './support/browser.ts'
import { it, openWatched } from './support/browser-test.ts'
import { golferWith, openSignedIn } from './support/golfer.ts'

const SCHEMES = ['light', 'dark'] as const

/** Reduced motion: dialogs and accordions open without a fade, so nothing is half-painted. */
const PHONE_WITHOUT_MOTION: BrowserContextOptions = { viewport: PHONE, reducedMotion: 'reduce' }

/**
 * Runs `check` on the screen as it is, in each color scheme. The scheme changes in place (the
 * app's colors are CSS media queries), so each journey is walked once for both.
 */
async function inEachScheme(page: Page, check: (scheme: string) => Promise<void>) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      scheme === 'dark',
    )
    await check(scheme)
  }
  await page.emulateMedia({ colorScheme: SCHEMES[0] })
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'body'
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
    return `${element.tagName.toLowerCase()} ${name}`.trim()
  })

async function waitForTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title)
}

describe('every screen in the light and the dark scheme', () => {
  let context: BrowserContext
  let page: Page
  let problems: string[]
  // Per state, scheme and size, what axe found and which targets are too small; all must stay empty.
  const findings: Record<string, string[]> = {}

  async function scan(state: string) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport)
      await inEachScheme(page, async (scheme) => {
        findings[`${state} @ ${size}, ${scheme}`] = [
          ...(await axeViolations(page)),
          ...(await smallTargets(page)).map((target) => `target-size: ${target}`),
        ]
      })
    }
    await page.setViewportSize(PHONE)
  }

  /** Every text of `texts` against the lightest point behind it, in each scheme: none under 4.5. */
  async function expectReadable(texts: Locator, including: string[] = []) {
    await inEachScheme(page, async (scheme) => {
      const found = await lowestTextContrast(page, texts)
      expect(
        found.map(({ text }) => text),
        scheme,
      ).toEqual(expect.arrayContaining(including))
      expect(
        found.filter(({ ratio }) => ratio < 4.5),
        scheme,
      ).toEqual([])
    })
  }

  /** Opens a dialog with its button, scans it, and closes it with Escape. */
  async function scanDialog(button: string, dialog: string, state: string) {
    await page.getByRole('button', { name: button }).click()
    await page.getByRole('dialog', { name: dialog }).waitFor()
    await scan(state)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  }

  /** Every scan so far clean, and nothing logged to the console. */
  function expectNothingFound() {
    const failures = Object.entries(findings).filter(([, found]) => found.length > 0)
    expect(Object.fromEntries(failures)).toEqual({})
    expect(problems).toEqual([])
  }

  // One page for the whole journey: each test goes on from the screen the one before left.
  it.beforeAll(async ({ browser }) => {
    ;({ context, page, problems } = await openWatched(browser, PHONE_WITHOUT_MOTION))
  })
  afterAll(async () => {
    await context.close()
    const dir = path.resolve('test-results', 'accessibility')
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, 'axe.json'), JSON.stringify(findings, null, 2))
  })

  it('shows the app skeleton, not a blank page, while the app itself is still loading', async () => {
    // Its own page, so the held scripts cannot touch the screens scanned after it.
    const main = page
    page = await context.newPage()
    try {
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/assets/*.js', async (route) => {
        await released
        await route.continue()
      })
      await page.goto(appUrl('/'), { waitUntil: 'commit' })
      const skeleton = page.locator('#root [data-app-skeleton]')
      await skeleton.waitFor()
      expect(await skeleton.getByText('HCPFast').isVisible()).toBe(true)
      await scan('first-load skeleton')
      release()
      await page.getByRole('button', { name: 'Log In' }).waitFor()
      expect(await skeleton.count()).toBe(0)
    } finally {
      await page.close()
      page = main
    }
  })

  it('signed-out screens and their alerts', async () => {
    await page.goto(appUrl('/'))
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    await scan('login')

    const golfer = await golferWith()
    await page.getByLabel('Email').fill(golfer.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.getByRole('alert').waitFor()
    await scan('login with alert')

    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await page.getByLabel('Confirm Password').waitFor()
    await scan('signup')
    await page.getByLabel('Email').fill(golfer.email)
    await page.getByLabel('Password', { exact: true }).fill('fairway-123')
    await page.getByLabel('Confirm Password').fill('fairway-124')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.getByRole('alert').getByText('Passwords must match.').waitFor()
    await scan('signup with alert')
  })

  it('courses, HCP, their dialogs and alerts, and the HCP card contrast', async () => {
    const golfer = await golferWith()
    await openSignedIn(page, golfer)
    await page.getByRole('button', { name: 'Add a course...' }).waitFor()
    await scan('courses empty')

    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByText('Add courses first!').waitFor()
    await scan('hcp without courses')

    await page.getByRole('link', { name: 'My Courses' }).click()
    await page.getByRole('button', { name: 'Add a course...' }).click()
    const courseDialog = page.getByRole('dialog', { name: 'Add Course' })
    await courseDialog.waitFor()
    await scan('add-course dialog')
    await courseDialog.getByLabel('Course Name').fill('Pebble Beach')
    await courseDialog.getByLabel('Course Rating').fill('abc')
    await courseDialog.getByLabel('Slope Rating').fill('145')
    await courseDialog.getByRole('button', { name: 'Add Course' }).click()
    await courseDialog.getByRole('alert').waitFor()
    await scan('add-course dialog with alert')
    await courseDialog.getByRole('button', { name: 'OK' }).click()
    await courseDialog.getByLabel('Course Rating').fill('75.5')
    await courseDialog.getByRole('button', { name: 'Add Course' }).click()
    await courseDialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Pebble Beach' }).click()
    await page.getByText('Course Rating: 75.5').waitFor()
    await scan('courses with a course, expanded')

    await page.getByRole('link', { name: 'HCP' }).click()
    const card = page.getByTestId('handicap-display')
    await page.getByRole('button', { name: 'Add a round...' }).waitFor()
    await card.getByText('Input Rounds Below').waitFor()
    await scan('hcp with no rounds')

    for (const [i, score] of ['88', '92', '85'].entries()) {
      await page.getByRole('button', { name: 'Add a round...' }).click()
      const roundDialog = page.getByRole('dialog', { name: 'Add Round' })
      await roundDialog.waitFor()
      if (i === 0) {
        await scan('add-round dialog')
        await roundDialog.getByRole('button', { name: 'Add Round' }).click()
        await roundDialog.getByRole('alert').waitFor()
        await scan('add-round dialog with alert')
        await roundDialog.getByRole('button', { name: 'OK' }).click()
      }
      await roundDialog.getByLabel('Gross Score').fill(score)
      await roundDialog.getByRole('button', { name: 'Add Round' }).click()
      await roundDialog.waitFor({ state: 'detached' })
      // Each scan sees a settled list; entries still saving are scanned by the offline tests.
      await stored(page.getByRole('button', { name: new RegExp(`^Score ${score}, Pebble Beach`) }))
      if (i === 0) {
        await page.getByRole('button', { name: /88.*Pebble Beach/ }).click()
        await page.getByText('Score: 88').waitFor()
        await scan('hcp with one round, expanded')
        await expectReadable(card.locator('p'))
      }
    }
    await card.getByText('HCP', { exact: true }).waitFor()
    await scan('hcp with an index')

    // Every text on the card, against the lightest point of the gradient behind it.
    await expectReadable(card.locator('p'), ['HCP', 'From 3 rounds'])

    expectNothingFound()
  }, 120_000)

  it("the record's dialogs, Undo, the trend, the account and password recovery", async ({
    open,
  }) => {
    // A golfer of its own in a fresh context: the screens before leave another one signed in.
    const main = { context, page, problems }
    ;({ context, page, problems } = await open(PHONE_WITHOUT_MOTION))
    try {
      const golfer = await golferWith(
        [{ name: 'Pebble Beach', rating: 72, slope: 113, par: 72 }],
        [80, 84, 88].map((score) => ({ course: 0, score })),
      )
      await openSignedIn(page, golfer)
      await page.getByRole('button', { name: 'Pebble Beach' }).click()
      await page.getByText(/^Course handicap:/).waitFor()
      await scan('course with its course handicap')
      await scanDialog('Edit course', 'Edit Course', 'edit-course dialog')
      await scanDialog('Delete course', 'Delete Pebble Beach?', 'delete-course dialog, rounds kept')

      await page.getByRole('link', { name: 'HCP' }).click()
      await page.getByTestId('handicap-trend').waitFor()
      await scan('hcp with the trend')
      // The WHS estimate's reasons, open: every text on the card against its lightest point.
      const card = page.getByTestId('handicap-display')
      await card.getByRole('button', { name: 'Why is it different?' }).click()
      await card.getByText('Playing conditions are not known here').waitFor()
      await scan('hcp with the WHS reasons open')
      await expectReadable(card.locator('p, li, button'), [
        'WHS estimate 6.0',
        'Why is it different?',
      ])
      await page.getByText('Show as a table').click()
      await page.getByRole('table', { name: 'Your rounds, oldest first' }).waitFor()
      await scan('hcp with the trend as a table')
      await page.getByRole('button', { name: /^Score 88, Pebble Beach/ }).click()
      await scanDialog('Edit Round', 'Edit Round', 'edit-round dialog')
      await page.getByRole('button', { name: 'Delete Round' }).click()
      // Deleting asks once more: the confirmation is scanned, then confirmed.
      await page.getByRole('dialog', { name: 'Delete this round?' }).waitFor()
      await scan('delete-round confirmation')
      await page
        .getByRole('dialog', { name: 'Delete this round?' })
        .getByRole('button', { name: 'Delete the round' })
        .click()
      const undo = page.getByRole('button', { name: 'Undo' })
      await undo.waitFor()
      await scan('undo after a delete')
      await undo.click()
      await page.getByRole('button', { name: /^Score 88, Pebble Beach/ }).waitFor()

      await page.getByRole('link', { name: 'Account' }).click()
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
      await scan('account')
      await page.getByRole('button', { name: 'Logout' }).click()
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await page.getByRole('button', { name: 'Send link' }).waitFor()
      await scan('forgot password')
      await page.getByLabel('Email').fill(golfer.email)
      await page.getByRole('button', { name: 'Send link' }).click()
      await page.getByRole('button', { name: 'Send another link' }).waitFor()
      await scan('forgot password, link sent')

      expectNothingFound()
    } finally {
      ;({ context, page, problems } = main)
    }
  }, 120_000)
})

/**
 * Waits until the server has a change just made. Its entry appears already marked busy (the outbox
 * lays it over the list with "Saving…") and loses the mark once stored; waiting for "Saving…" to
 * be gone instead could pass before the entry had even appeared.
 */
async function stored(entry: Locator): Promise<void> {
  await entry.waitFor()
  await expect.poll(() => entry.getAttribute('aria-busy')).toBeNull()
}

describe('keyboard only', () => {
  it('signs in, adds a course and a round, deletes it and logs out, focus and title following', async ({
    open,
  }) => {
    const { page, problems } = await open({
      ...PHONE_WITHOUT_MOTION,
      viewport: DESKTOP,
      colorScheme: 'light',
    })
    const golfer = await golferWith()
    await page.goto(appUrl('/'))
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    await waitForTitle(page, 'Log In · HCPFast')

    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('a Skip to main content')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('input')
    await page.keyboard.type(golfer.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(golfer.password)
    await page.keyboard.press('Enter')

    await page.waitForURL('**/courses')
    await waitForTitle(page, 'My Courses · HCPFast')
    await expect.poll(() => focused(page)).toBe('h1 Courses')

    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Add a course...')
    await page.keyboard.press('Enter')
    const courseDialog = page.getByRole('dialog', { name: 'Add Course' })
    await courseDialog.waitFor()
    await expect.poll(() => focused(page)).toBe('input')
    await page.keyboard.type('Pebble Beach')
    await page.keyboard.press('Tab')
    await page.keyboard.type('75.5')
    await page.keyboard.press('Tab')
    await page.keyboard.type('145')
    await page.keyboard.press('Enter')
    await courseDialog.waitFor({ state: 'detached' })
    // Radix gives focus back to the trigger in a task after the dialog has gone, not at once.
    await expect.poll(() => focused(page)).toBe('button Add a course...')
    await stored(page.getByRole('button', { name: 'Pebble Beach', exact: true }))

    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Pebble Beach')
    // The course handicaps' choice of index: one stop for its two radios, the chosen one.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      'spec',
    )
    // Find a course: the directory's search field, then its button.
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('input')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Search')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('a HCP')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/hcp')
    await waitForTitle(page, 'Handicap · HCPFast')
    await expect.poll(() => focused(page)).toBe('h1 Handicap')

    // Under the HCP card, in the order drawn: the starting index's disclosure (issue 32), then
    // Start a round (the scorecard), then Add Round for a round played already.
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Have an index from your federation?')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Start a round')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Add a round...')
    await page.keyboard.press('Enter')
    const roundDialog = page.getByRole('dialog', { name: 'Add Round' })
    await roundDialog.waitFor()
    await expect.poll(() => focused(page)).toBe('select Pebble Beach')
    // The tee, the course's first (the one the database made with it) unless another is picked.
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('select Default (18 holes)')
    await page.keyboard.press('Tab')
    await page.keyboard.type('88')
    await page.keyboard.press('Enter')
    await roundDialog.waitFor({ state: 'detached' })
    await expect.poll(() => focused(page)).toBe('button Add a round...')
    await stored(page.getByRole('button', { name: /^Score 88, Pebble Beach\b/ }))

    await page.keyboard.press('Tab')
    // The name says what the number is; what follows the course (the day) is the rounds' concern.
    const entry = page.getByRole('button', { name: /^Score 88, Pebble Beach\b/ })
    expect(await entry.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await page.getByText('Score: 88').waitFor()
    // Edit comes first; Delete asks once more, Keep it first, the deletion second.
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Edit Round')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Delete Round')
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('button Keep it')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('button Delete the round')
    await page.keyboard.press('Enter')
    await entry.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe('button Add a round...')

    for (const next of ['a HCP', 'a My Courses', 'button Logout']) {
      await page.keyboard.press('Tab')
      expect(await focused(page)).toBe(next)
    }
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/')
    await waitForTitle(page, 'Log In · HCPFast')
    await expect.poll(() => focused(page)).toBe('h1 HCPFast')

    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('input')
    await page.getByRole('button', { name: 'Sign up', exact: true }).focus()
    await page.keyboard.press('Enter')
    await waitForTitle(page, 'Sign Up · HCPFast')
    await expect.poll(() => focused(page)).toBe('h1 HCPFast')
    await settled(page)

    expect(problems).toEqual([])
  })

  it('shows a focus ring on every toolbar item, inside the screen, and no tap highlight', async ({
    open,
  }) => {
    const { page, problems } = await open({ ...PHONE_WITHOUT_MOTION, colorScheme: 'dark' })
    const golfer = await golferWith()
    await openSignedIn(page, golfer)
    // The screen complete first: the course handicap choice is drawn once the list is known, last
    // in the screen, and appearing between Shift+Tab and Tab it would take the second Tab.
    await expect
      .poll(() => page.getByRole('group', { name: 'Course handicaps use' }).isVisible())
      .toBe(true)
    for (const name of ['HCP', 'My Courses', 'Logout']) {
      const item = page.getByRole('navigation', { name: 'Main' }).getByText(name)
      const target = item.locator('xpath=ancestor-or-self::*[self::a or self::button][1]')
      await target.focus()
      // Keyboard focus (focus-visible) is what draws the ring; .focus() from a script may not.
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      const measure = () =>
        target.evaluate((element) => {
          const style = getComputedStyle(element)
          const box = element.getBoundingClientRect()
          // Either an inset ring (inside by construction) or an outline that must fit on screen.
          const inset = /inset/.test(style.boxShadow) && !/ 0px 0px 0px 0px/.test(style.boxShadow)
          const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth)
          const reach = width === 0 ? 0 : Math.max(0, parseFloat(style.outlineOffset) + width)
          const cut = [
            box.left - reach < 0 ? 'left' : '',
            box.right + reach > window.innerWidth ? 'right' : '',
            box.bottom + reach > window.innerHeight ? 'bottom' : '',
          ].filter(Boolean)
          return { focused: element.matches(':focus-visible'), visible: inset || width >= 2, cut }
        })
      await expect.poll(measure).toEqual({ focused: true, visible: true, cut: [] })
    }
    const tapHighlights = await page.evaluate(() =>
      [...document.querySelectorAll('a[href], button')]
        .map((element) => getComputedStyle(element).getPropertyValue('-webkit-tap-highlight-color'))
        .filter((colour) => colour !== 'rgba(0, 0, 0, 0)'),
    )
    expect(tapHighlights).toEqual([])
    expect(problems).toEqual([])
  })
})
