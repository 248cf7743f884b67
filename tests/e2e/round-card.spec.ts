import { readFile } from 'node:fs/promises'
import { describe, expect } from 'vitest'
import { axeViolations, smallTargets } from './support/accessibility.ts'
import { savedDownload, PHONE, screenshot } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWithCards, HOME_PARS, openSignedIn } from './support/golfer.ts'

/**
 * A round scored hole by hole, after the round (issue 23): its entry, the scoring stats and the
 * rounds CSV. The three cards are the golfer's first rounds, so none had an index on its day:
 * every hole counts at most par + 5, and every figure below is worked out by hand.
 */
const PARS = HOME_PARS
const BOGEYS = PARS.map((par) => par + 1) // 90
// Bogeys but a 9 on hole 7, a par 3 (at most 3 + 5 = 8): gross 95, adjusted 94.
const BLOWUP = BOGEYS.map((strokes, at) => (at === 6 ? 9 : strokes))
const TWO_PUTTS = PARS.map(() => 2)

/** A golfer whose Home Links tee has its holes, with three cards played from it. */
const golferWithThreeCards = () =>
  golferWithCards(
    [
      { played_on: '2026-11-01', hole_strokes: BOGEYS, score: 90 },
      { played_on: '2026-11-02', hole_strokes: BLOWUP, score: 95 },
      { played_on: '2026-11-03', hole_strokes: PARS, score: 72 },
    ].map((card) => ({ hole_putts: TWO_PUTTS, ...card })),
  )

const blowUp = (day: string) => new RegExp(`^Score 95, Home Links, ${day} 2026, Adjusted 94`)

describe('a round scored hole by hole', () => {
  it('shows gross, adjusted and the capped hole, its holes and the stats, in light and dark', async ({
    open,
  }) => {
    const golfer = await golferWithThreeCards()
    for (const scheme of ['light', 'dark'] as const) {
      const { page, problems } = await open({ viewport: PHONE, colorScheme: scheme })
      await openSignedIn(page, golfer)
      await page.getByRole('link', { name: 'HCP' }).click()
      // Par 3s: (16 + 21 + 12) / 12 = 4.08; par 4s: (50 + 50 + 40) / 30 = 4.67; par 5s:
      // (24 + 24 + 20) / 12 = 5.67; 36 putts in each round.
      await expect
        .poll(() => page.getByRole('img', { name: /^Average strokes per hole/ }).count())
        .toBe(1)
      expect(await page.locator('.stats__caption').textContent()).toBe(
        'Average strokes per hole: par 3 4.08 (+1.08, 3 rounds); par 4 4.67 (+0.67, 3 rounds); par 5 5.67 (+0.67, 3 rounds).',
      )
      expect(await page.locator('.stats__figure').allTextContents()).toEqual([
        'Putts per round36.0 3 rounds',
      ])

      await page.getByRole('button', { name: blowUp('2 Nov') }).click()
      expect(await page.getByTestId('card-summary').textContent()).toBe(
        'Gross 95 · adjusted 94 · hole 7 capped at net double bogey',
      )
      await page
        .getByText('No index on the day played: each hole counts at most par + 5.')
        .waitFor()
      expect(
        await page
          .getByRole('table', { name: 'Holes 1 to 9' })
          .getByRole('row')
          .last()
          .textContent(),
      ).toBe('Strokes5546559 (capped)6550')
      expect(await axeViolations(page)).toEqual([])
      expect(await smallTargets(page)).toEqual([])
      await screenshot(page, `round-card-${scheme}`)
      expect(problems).toEqual([])
    }
  })

  it('exports its holes in the rounds CSV, and moves it to another day with them', async ({
    page,
  }) => {
    const golfer = await golferWithThreeCards()
    await openSignedIn(page, golfer)
    await page.getByRole('link', { name: 'Account' }).click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download rounds (CSV)' }).click(),
    ])
    const csv = await readFile(await savedDownload(download), 'utf8')
    // The round's line: its columns, the differential's and the estimate's, then its holes, then
    // its game (none: the last cell is empty).
    expect(csv).toContain('\r\n2026-11-02,Home Links,70.0,113,95,Default,18,')
    expect(csv).toContain(
      [
        '4 4 3 5 4 4 3 5 4 4 4 3 5 4 4 3 5 4',
        '7 3 17 1 11 5 15 9 13 8 2 16 10 6 14 18 4 12',
        '5 5 4 6 5 5 9 6 5 5 5 4 6 5 5 4 6 5',
        '2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2',
        '',
        '',
        '',
        '\r\n',
      ].join(','),
    )

    // Its date can change; its score, course and tee cannot.
    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: blowUp('2 Nov') }).click()
    await page.getByRole('button', { name: 'Edit Round' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Round' })
    expect(await dialog.getByLabel('Gross Score').getAttribute('readonly')).not.toBeNull()
    expect(await dialog.getByLabel('Course Name').isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByLabel('Date Played').fill('2026-11-04')
    await dialog.getByRole('button', { name: 'Save Round' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Stored, with its holes.
    const stored = async () => {
      const { data } = await golfer.client
        .from('rounds')
        .select('played_on, hole_strokes')
        .eq('score', 95)
        .single()
      return data
    }
    await expect.poll(stored).toEqual({ played_on: '2026-11-04', hole_strokes: BLOWUP })
    await page.getByRole('button', { name: blowUp('4 Nov') }).waitFor()
  })
})
