import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { axeViolations, smallTargets } from './support/accessibility.ts'
import { PHONE, screenshot } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWith, openSignedIn } from './support/golfer.ts'

/**
 * Tees and 9-hole rounds (issue 22) in the browser. On a slope of 113 a differential is exactly
 * score − course rating, so every figure below is worked out by hand.
 */
const display = (page: Page) => page.getByTestId('handicap-display').textContent()
const nineMarks = (page: Page) => page.getByTestId('nine-mark').allTextContents()

async function addNine(page: Page, score: string) {
  await page.getByRole('button', { name: 'Add a round...' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Round' })
  await dialog.getByLabel('Tee').selectOption({ label: 'Yellow 9 (9 holes)' })
  await dialog.getByLabel('Gross Score').fill(score)
  await dialog.getByRole('button', { name: 'Add Round' }).click()
  await dialog.waitFor({ state: 'detached' })
}

describe('tees and nines', () => {
  it('adds a second tee, plays two nines from it and counts them as one 18-hole round', async ({
    open,
  }) => {
    // Two 18-hole rounds: 80 and 82 on 70.0 / 113 → 10.0 and 12.0; two entries, no index yet.
    const golfer = await golferWith(
      [{ name: 'Home Links', rating: 70, slope: 113, par: 72 }],
      [
        { course: 0, score: 80 },
        { course: 0, score: 82 },
      ],
    )
    for (const scheme of ['light', 'dark'] as const) {
      const { page, problems } = await open({ viewport: PHONE, colorScheme: scheme })
      await openSignedIn(page, golfer)
      await page.getByRole('button', { name: 'Home Links' }).click()
      const tees = page.getByTestId('tee')
      if (scheme === 'light') {
        await expect.poll(() => tees.count()).toBe(1)
        expect(await tees.first().textContent()).toContain('Default')
        expect(await tees.first().textContent()).toContain(
          '18 holes, rating 70.0, slope 113, par 72',
        )
        // The only tee cannot be deleted, and the screen says why.
        expect(await page.getByRole('button', { name: 'Delete tee Default' }).isDisabled()).toBe(
          true,
        )
        await page.getByText('A course needs at least one tee').waitFor()

        await page.getByRole('button', { name: 'Add a tee' }).click()
        const dialog = page.getByRole('dialog', { name: 'Add Tee' })
        await dialog.getByLabel('Tee Name').fill('Yellow 9')
        await dialog.getByLabel('Holes').selectOption('9')
        // A 9-hole rating past 45.0 is refused in the dialog, which keeps what was typed.
        await dialog.getByLabel('Course Rating').fill('70.0')
        await dialog.getByLabel('Slope Rating').fill('113')
        await dialog.getByLabel('Par', { exact: true }).fill('36')
        await dialog.getByRole('button', { name: 'Add Tee' }).click()
        await expect
          .poll(() => dialog.getByRole('alert').textContent())
          .toContain('10.0 to 45.0 for 9 holes')
        expect(await dialog.getByLabel('Tee Name').inputValue()).toBe('Yellow 9')
        await dialog.getByLabel('Course Rating').fill('35.0')
        await dialog.getByRole('button', { name: 'Add Tee' }).click()
        await dialog.waitFor({ state: 'detached' })
      }
      await expect.poll(() => tees.count()).toBe(2)
      expect(await tees.nth(1).textContent()).toContain('9 holes, rating 35.0, slope 113, par 36')
      expect(await page.getByRole('button', { name: 'Delete tee Default' }).isDisabled()).toBe(
        false,
      )
      expect(await axeViolations(page)).toEqual([])
      expect(await smallTargets(page)).toEqual([])

      await page.getByRole('link', { name: 'HCP' }).click()
      await page.getByRole('button', { name: 'Add a round...' }).waitFor()
      if (scheme === 'light') {
        await addNine(page, '40')
        // One nine waits: still two entries, no index.
        await expect.poll(() => nineMarks(page)).toEqual(['Waiting for another nine'])
        expect(await display(page)).not.toMatch(/\d+\.\d/)
        await addNine(page, '42')
      }
      // 40 + 42 = 82 on 35.0 + 35.0 = 70.0 / 113 → 12.0: three entries, 10.0 − 2.0 = 8.0.
      await expect.poll(() => display(page)).toContain('8.0')
      expect(await display(page)).toContain('From 3 rounds')
      // The pair shows once, as the 18-hole round it makes (the nine played first first).
      expect(await nineMarks(page)).toEqual([])
      expect(await page.getByTestId('pair-score').allTextContents()).toEqual(['= 40 + 42'])
      const pair = page.getByRole('button', { name: /^Score 82 = 40 \+ 42, Home Links/ })
      await pair.click()
      // Each nine keeps its details and its own actions under the pair (checked by axe below).
      const firstNine = page.getByRole('region', { name: 'First nine: 40' })
      // The entry's panel is drawn in a render after the tap.
      await firstNine.getByText('Score: 40').waitFor()
      expect(await firstNine.getByText('Score: 40').count()).toBe(1)
      expect(await firstNine.getByRole('button', { name: 'Delete first nine' }).count()).toBe(1)
      expect(
        await page
          .getByRole('region', { name: 'Second nine: 42' })
          .getByRole('button', { name: 'Edit second nine' })
          .count(),
      ).toBe(1)
      expect(await page.locator('.round__differential').allTextContents()).toEqual([
        'Diff 12.0',
        'Diff 12.0',
        'Diff 10.0',
      ])
      expect(await axeViolations(page)).toEqual([])
      await screenshot(page, `tees-and-nines-${scheme}`)
      expect(problems).toEqual([])
    }
  })

  it('adds the back nine of an 18-hole tee with hole pars in one step, its rating and slope typed', async ({
    page,
  }) => {
    const golfer = await golferWith([{ name: 'Home Links', rating: 70, slope: 113, par: 72 }])
    const courseId = golfer.courseIds[0] as string
    // The Default tee (the course's own id) gets its holes' pars: the back nine's add up to 37.
    const { error } = await golfer.client
      .from('tees')
      .update({ hole_pars: [4, 4, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4] })
      .eq('id', courseId)
    expect(error).toBeNull()
    await openSignedIn(page, golfer)
    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: 'Add a round...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Round' })
    await dialog.getByLabel('Holes Played').selectOption('back')
    await dialog.getByLabel("Nine's Course Rating").fill('35.4')
    await dialog.getByLabel("Nine's Slope Rating").fill('118')
    await dialog.getByLabel('Gross Score').fill('44')
    await dialog.getByRole('button', { name: 'Add Round' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => nineMarks(page)).toEqual(['Back nine, waiting for another nine'])
    // What the database keeps: 9 holes at the typed rating and slope, par the back nine's 37.
    await expect
      .poll(async () => {
        const { data } = await golfer.client
          .from('rounds')
          .select('holes, nine, course_rating, slope_rating, par, score, tee_id')
        return data
      })
      .toEqual([
        {
          holes: 9,
          nine: 'back',
          course_rating: 35.4,
          slope_rating: 118,
          par: 37,
          score: 44,
          tee_id: courseId,
        },
      ])
  })

  it("takes back what was wrong with a nine's rating as soon as it is typed again", async ({
    page,
  }) => {
    const golfer = await golferWith([{ name: 'Home Links', rating: 70, slope: 113, par: 72 }])
    const { error } = await golfer.client
      .from('tees')
      .update({ hole_pars: [4, 4, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4] })
      .eq('id', golfer.courseIds[0] as string)
    expect(error).toBeNull()
    await openSignedIn(page, golfer)
    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: 'Add a round...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Round' })
    await dialog.getByLabel('Holes Played').selectOption('front')
    const rating = dialog.getByLabel("Nine's Course Rating")
    await rating.fill('5')
    await dialog.getByLabel("Nine's Slope Rating").fill('118')
    await dialog.getByLabel('Gross Score').fill('44')
    await dialog.getByRole('button', { name: 'Add Round' }).click()
    const alert = dialog.getByRole('alert')
    await expect.poll(() => alert.textContent()).toMatch(/^The nine's course rating must be/)

    await rating.fill('36.0')
    await expect.poll(() => alert.count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Add Round' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => nineMarks(page)).toEqual(['Front nine, waiting for another nine'])
  })
})
