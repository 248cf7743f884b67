import type { Locator, Page } from 'playwright-core'
import { monotonicFactory } from 'ulid'
import { describe, expect } from 'vitest'
import { axeViolations, smallTargets } from './support/accessibility.ts'
import { PHONE, screenshot } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWith, openSignedIn } from './support/golfer.ts'

/**
 * A tee's holes on the grid (issue 30) on a phone: every hole's par and stroke index by taps (the
 * hole's stroke index button, then an index in its picker), nothing typed, then the tee is marked as scorable and a card starts on it.
 */
// Out 4 4 3 5 4 4 3 5 4 = 36, in 4 5 3 4 4 5 3 4 4 = 36: par 72, worked out by hand.
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 5, 3, 4, 4, 5, 3, 4, 4]
const INDEXES = [7, 3, 17, 1, 11, 5, 15, 9, 13, 8, 2, 16, 10, 6, 14, 18, 4, 12]

const ulid = monotonicFactory()

/** Axe in both schemes, as the golfer's phone may show either. */
async function axeBothSchemes(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    found.push(...(await axeViolations(page)).map((violation) => `${colorScheme}: ${violation}`))
    await screenshot(page, `tee-grid-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

/** Whether anything in the page or the dialog is wider than the phone: sideways scrolling. */
const scrollsSideways = (page: Page, dialog: Locator) =>
  Promise.all([
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    dialog.evaluate((element) => element.scrollWidth > element.clientWidth),
  ])

describe('a tee’s holes on the grid', () => {
  it('enters 18 holes with taps alone, marks the tee as scorable and starts a card on it', async ({
    open,
  }) => {
    const golfer = await golferWith([{ name: 'Home Links', rating: 70, slope: 113, par: 72 }])
    const courseId = golfer.courseIds[0] as string
    // A second tee without hole data: Start a round offers it its grid, not scoring.
    const { error } = await golfer.client.from('tees').insert({
      id: ulid(),
      course_id: courseId,
      name: 'Yellow',
      course_rating: 68.5,
      slope_rating: 120,
      par: 72,
    })
    expect(error).toBeNull()

    const { page, problems } = await open({ viewport: PHONE, hasTouch: true, isMobile: true })
    await openSignedIn(page, golfer)
    await page.getByRole('button', { name: 'Home Links' }).tap()
    const holesNotes = page.getByTestId('tee-holes')
    await expect
      .poll(() => holesNotes.allTextContents())
      .toEqual(['No hole data: scored as a total only', 'No hole data: scored as a total only'])

    await page.getByRole('button', { name: 'Add holes to tee Default' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Edit Tee' })
    await dialog.getByRole('group', { name: 'Hole 18 par' }).waitFor()
    expect(await dialog.getByLabel('Par', { exact: true }).inputValue()).toBe('72')
    for (const [at, par] of PARS.entries()) {
      const hole = at + 1
      await dialog
        .getByRole('group', { name: `Hole ${hole} par` })
        .getByRole('radio', { name: String(par), exact: true })
        .tap()
      const strokeIndex = dialog.getByRole('button', { name: `Hole ${hole} stroke index: ` })
      await strokeIndex.tap()
      await dialog
        .getByRole('group', { name: `Hole ${hole} stroke index choices` })
        .getByRole('button', { name: String(INDEXES[at]), exact: true })
        .tap()
      expect(await strokeIndex.getAttribute('aria-label')).toBe(
        `Hole ${hole} stroke index: ${INDEXES[at]}`,
      )
    }
    expect(await dialog.getByTestId('par-out').textContent()).toBe('Par 36')
    expect(await dialog.getByTestId('par-in').textContent()).toBe('Par 36')
    expect(await dialog.getByLabel('Par', { exact: true }).inputValue()).toBe('72')
    // Checked with a picker open: hole 18's, which offers its own index and Clear.
    const lastIndex = dialog.getByRole('button', { name: 'Hole 18 stroke index: 12' })
    await lastIndex.tap()
    const choices = dialog.getByRole('group', { name: 'Hole 18 stroke index choices' })
    expect(await choices.getByRole('button').allTextContents()).toEqual(['12', 'Clear'])
    expect(await scrollsSideways(page, dialog)).toEqual([false, false])
    expect(await axeBothSchemes(page)).toEqual([])
    expect(await smallTargets(page)).toEqual([])
    await lastIndex.tap()
    await choices.waitFor({ state: 'detached' })
    await dialog.getByRole('button', { name: 'Save Tee' }).tap()
    await dialog.waitFor({ state: 'detached' })

    await expect
      .poll(() => holesNotes.allTextContents())
      .toEqual(['Scored hole by hole', 'No hole data: scored as a total only'])
    await expect
      .poll(async () => {
        const { data } = await golfer.client
          .from('tees')
          .select('par, hole_pars, stroke_indexes')
          .eq('id', courseId)
        return data
      })
      .toEqual([{ par: 72, hole_pars: PARS, stroke_indexes: INDEXES }])

    await page.getByRole('link', { name: 'HCP' }).tap()
    await page.getByRole('button', { name: 'Start a round' }).tap()
    const start = page.getByRole('dialog', { name: 'Start a round' })
    // Only the scorable tee is offered; the other gets a way to its grid.
    // The dialog is drawn after the tap (a transition): wait for its options, then read them.
    await expect
      .poll(() => start.getByLabel('Tee').locator('option').allTextContents())
      .toEqual(['Default (18 holes)'])
    await start.getByRole('button', { name: 'Add holes to Yellow' }).tap()
    const yellow = page.getByRole('dialog', { name: 'Edit Tee' })
    await yellow.getByRole('group', { name: 'Hole 1 par' }).waitFor()
    await yellow.getByRole('button', { name: 'Cancel' }).tap()
    await yellow.waitFor({ state: 'detached' })
    expect(await axeBothSchemes(page)).toEqual([])
    await start.getByRole('button', { name: 'Start scoring' }).tap()
    await page.waitForURL('**/play/*')
    await page.getByRole('heading', { name: 'Hole 1' }).waitFor()
    expect(problems).toEqual([])
  })
})
