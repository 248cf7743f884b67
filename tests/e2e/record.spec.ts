import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { DESKTOP, LIVE_TIMEOUT, PHONE } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWith, openSignedIn } from './support/golfer.ts'
import { layoutShifts, recordLayoutShifts } from './support/layout-shifts.ts'

/**
 * The golfer's record in the browser. Every expected value is worked out by hand: on a slope of
 * 113 a round's differential is exactly score − course rating.
 */
const HOME = { name: 'Home Links', rating: 70, slope: 113 }

/** YYYY-MM-DD of a day `daysAgo` before today, in the browser's (and this machine's) time zone. */
function dayBefore(daysAgo: number): string {
  const date = new Date()
  date.setDate(date.getDate() - daysAgo)
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}

const display = (page: Page) => page.getByTestId('handicap-display').textContent()
const roundEntries = (page: Page) =>
  page
    .getByRole('button')
    .filter({ has: page.locator('.round__course', { hasText: 'Home Links' }) })

/** The entry of the round with this score, found by what it shows. */
const roundEntry = (page: Page, score: number) =>
  roundEntries(page).filter({
    has: page.locator('.round__score', { hasText: new RegExp(`^${score}$`) }),
  })

/** The trend's dots: each a circle (an "M" and two arcs) of its two paths. */
const trendDots = (page: Page) =>
  page
    .locator('.trend__round')
    .evaluateAll((paths) =>
      paths.reduce(
        (count, path) => count + (path.getAttribute('d')?.split('M').length ?? 1) - 1,
        0,
      ),
    )

async function openHcp(page: Page) {
  await page.getByRole('link', { name: 'HCP' }).click()
  await page.getByRole('button', { name: 'Add a round...' }).waitFor()
}

describe("the golfer's record", () => {
  it('marks the 3 counting rounds of 9, lands a round dated last month in date order, and draws one point per round', async ({
    page,
  }) => {
    // Differentials 10.0 … 18.0: the lowest 3 (80, 81, 82) count; index mean(10, 11, 12) = 11.0.
    const golfer = await golferWith(
      [HOME],
      [80, 81, 82, 83, 84, 85, 86, 87, 88].map((score) => ({ course: 0, score })),
    )
    await openSignedIn(page, golfer)
    await openHcp(page)
    await expect.poll(() => display(page)).toContain('11.0')
    expect(await page.getByTestId('handicap-explanation').textContent()).toBe(
      'Average of your lowest 3 of 9 differentials',
    )
    await expect.poll(() => page.getByTestId('counts-mark').count()).toBe(3)
    for (const score of [80, 81, 82]) {
      const entry = roundEntry(page, score)
      expect(await entry.textContent()).toContain('Counts')
    }
    await expect.poll(() => trendDots(page)).toBe(9)

    await page.getByRole('button', { name: 'Add a round...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Round' })
    // The course used last is preselected: Home Links is the only course, chosen either way.
    await dialog.getByLabel('Gross Score').fill('95')
    await dialog.getByLabel('Date Played').fill(dayBefore(31))
    await dialog.getByRole('button', { name: 'Add Round' }).click()
    // 10 rounds still average the lowest 3; 95 (25.0) is last, being the oldest.
    await expect.poll(() => trendDots(page)).toBe(10)
    const scores = await roundEntries(page).locator('.round__score').allTextContents()
    // Today's rounds newest first (the same day: by id, the order they were added), then last month's.
    expect(scores).toEqual(['88', '87', '86', '85', '84', '83', '82', '81', '80', '95'])
    expect(await page.getByTestId('handicap-explanation').textContent()).toBe(
      'Average of your lowest 3 of 10 differentials',
    )
    expect(await display(page)).toContain('11.0')
    // The future is refused with a clear message.
    await page.getByRole('button', { name: 'Add a round...' }).click()
    await dialog.getByLabel('Gross Score').fill('90')
    await dialog.getByLabel('Date Played').fill(dayBefore(-2))
    await dialog.getByRole('button', { name: 'Add Round' }).click()
    expect(await dialog.getByRole('alert').textContent()).toContain(
      "The date played can't be in the future.",
    )
  })

  it('shows a plus golfer’s course handicap with a "+"', async ({ page }) => {
    // Three rounds of 67 on rating 70.0, slope 113: differentials −3.0; index −3.0 − 2.0 = +5.0.
    // Course handicap on par 72: −5.0 × 113 / 113 + (70.0 − 72) = −7 → "+7".
    const golfer = await golferWith(
      [{ ...HOME, par: 72 }],
      [67, 67, 67].map((score) => ({ course: 0, score })),
    )
    await openSignedIn(page, golfer)
    await page.getByRole('button', { name: 'Home Links' }).click()
    await expect
      .poll(() => page.getByText(/^Course handicap:/).textContent())
      .toBe('Course handicap: +7')
    await openHcp(page)
    await expect.poll(() => display(page)).toContain('+5.0')
  })

  it('an edit on the phone changes the index on the laptop live; Undo restores a deleted round on both', async ({
    open,
  }) => {
    // Differentials 10, 20, 30: index 10.0 − 2.0 = 8.0. Editing 80 → 85 gives 15.0 − 2.0 = 13.0.
    const golfer = await golferWith(
      [HOME],
      [80, 90, 100].map((score) => ({ course: 0, score })),
    )
    const { page: onPhone, problems: phoneProblems } = await open({ viewport: PHONE })
    const { page: onLaptop, problems: laptopProblems } = await open({ viewport: DESKTOP })
    await openSignedIn(onPhone, golfer)
    await openSignedIn(onLaptop, golfer)
    await openHcp(onPhone)
    await openHcp(onLaptop)
    await expect.poll(() => display(onLaptop)).toContain('8.0')

    await roundEntry(onPhone, 80).click()
    await onPhone.getByRole('button', { name: 'Edit Round' }).click()
    const edit = onPhone.getByRole('dialog', { name: 'Edit Round' })
    expect(await edit.getByLabel('Gross Score').inputValue()).toBe('80')
    await edit.getByLabel('Gross Score').fill('85')
    await edit.getByRole('button', { name: 'Save Round' }).click()
    await expect.poll(() => display(onLaptop), { timeout: LIVE_TIMEOUT }).toContain('13.0')
    expect(await roundEntry(onLaptop, 85).count()).toBe(1)

    await roundEntry(onPhone, 100).click()
    // Entries stay open, so the Delete Round of this round's own region.
    await onPhone
      .getByRole('region', { name: /Score 100\b/ })
      .getByRole('button', { name: 'Delete Round' })
      .click()
    // Deleting asks once more.
    await onPhone
      .getByRole('dialog', { name: 'Delete this round?' })
      .getByRole('button', { name: 'Delete the round' })
      .click()
    await expect
      .poll(() => display(onLaptop), { timeout: LIVE_TIMEOUT })
      .toContain('Input Rounds Below')
    await onPhone.getByRole('button', { name: 'Undo' }).click()
    for (const page of [onPhone, onLaptop]) {
      await expect.poll(() => display(page), { timeout: LIVE_TIMEOUT }).toContain('13.0')
      await expect.poll(() => roundEntry(page, 100).count()).toBe(1)
    }
    const { data } = await golfer.client.from('rounds').select('score').order('score')
    expect(data).toEqual([{ score: 85 }, { score: 90 }, { score: 100 }])
    expect([...phoneProblems, ...laptopProblems]).toEqual([])
  })
  it('opens the HCP screen of a golfer with 30 rounds without moving anything already drawn', async ({
    open,
  }) => {
    // 30 rounds of 80…109 on rating 70.0, slope 113: the lowest 8 (80…87) average 13.5.
    const golfer = await golferWith(
      [HOME],
      Array.from({ length: 30 }, (_, at) => ({ course: 0, score: 80 + at })),
    )
    const { context, page, problems } = await open()
    await recordLayoutShifts(context)
    await openSignedIn(page, golfer)
    // From the server (the first visit), then from the device's copy (a reload).
    for (const visit of [() => openHcp(page), () => page.reload()]) {
      await visit()
      await expect.poll(() => display(page)).toContain('13.5')
      await page.getByTestId('handicap-trend').waitFor()
      await page.getByRole('button', { name: 'Show 10 older rounds' }).waitFor()
      expect(await layoutShifts(page)).toEqual([])
    }
    expect(problems).toEqual([])
  })
})
