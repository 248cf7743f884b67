import type { Page } from 'playwright-core'
import { monotonicFactory } from 'ulid'
import { describe, expect } from 'vitest'
import { axeViolations } from './support/accessibility.ts'
import { LIVE_TIMEOUT, PHONE } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWith, HOME_INDEXES, HOME_PARS, openSignedIn } from './support/golfer.ts'

/**
 * The number to beat on every tee and the starting index (issue 32), on a phone. Every expected
 * value is worked out by hand: on a rating of 70.0 and a slope of 113 a round's differential is
 * exactly score − 70.
 */
// Monotonic: rounds of one day keep the order they are listed in (their entry order).
const ulid = monotonicFactory()
const HOME = { name: 'Home Links', rating: 70, slope: 113, par: 72 }

async function addRounds(
  golfer: Awaited<ReturnType<typeof golferWith>>,
  rounds: { playedOn: string; score: number }[],
) {
  const { error } = await golfer.client.from('rounds').insert(
    rounds.map((round) => ({
      id: ulid(),
      course_id: golfer.courseIds[0] as string,
      score: round.score,
      played_on: round.playedOn,
    })) as never,
  )
  if (error) throw new Error(error.message)
}

/** The Courses screen with HOME open: its tee's number to beat. */
async function homeTarget(page: Page) {
  await page.getByRole('link', { name: 'My Courses' }).click()
  const entry = page.getByRole('button', { name: HOME.name })
  if ((await entry.getAttribute('aria-expanded')) !== 'true') await entry.click()
  return page.getByTestId('target-score').first()
}

describe('the number to beat', () => {
  it('shows each tee’s number, and moves it as the engine says once a round is stored', async ({
    open,
  }) => {
    // 85, 90, 80: 15.0, 20.0, 10.0; HCP 10.0 − 2.0 = 8.0. A fourth round: min(10.0, d) − 1.0
    // below 8.0 needs d ≤ 8.9: 78 (8.0 → 7.0); 79 (9.0 → 8.0) holds it.
    const golfer = await golferWith([HOME])
    await addRounds(golfer, [
      { playedOn: '2025-01-01', score: 85 },
      { playedOn: '2025-01-02', score: 90 },
      { playedOn: '2025-01-03', score: 80 },
    ])
    const { page, problems } = await open()
    await openSignedIn(page, golfer)
    const target = await homeTarget(page)
    await expect
      .poll(() => target.locator('.target-score__sentence').textContent())
      .toMatch(/^Shoot 78 or better here today to lower your HCP \(8\.0\)\. 79 holds it\./)

    // "Why?": the round it would replace and the differential it needs.
    const why = target.getByRole('button', { name: /^Why\?/ })
    await why.click()
    expect(await why.getAttribute('aria-expanded')).toBe('true')
    expect(await target.getByRole('listitem').allTextContents()).toEqual([
      'Your HCP uses every round: the new one joins your 3.',
      'It would take the place of a counting round: 3 Jan 2025, differential 10.0.',
      'It needs a differential of 8.9 or lower: a score of 78 or better here.',
    ])

    // A 78 stored on another device: 15.0, 20.0, 10.0, 8.0, HCP 8.0 − 1.0 = 7.0. A fifth round
    // counts its lowest alone: below 7.0 needs d ≤ 6.9, 76; 77 (7.0) holds it.
    await addRounds(golfer, [{ playedOn: '2025-01-04', score: 78 }])
    await expect
      .poll(() => target.locator('.target-score__sentence').textContent(), {
        timeout: LIVE_TIMEOUT,
      })
      .toMatch(/^Shoot 76 or better here today to lower your HCP \(7\.0\)\. 77 holds it\./)
    expect(problems).toEqual([])
  })

  it('"Why?" names the differentials the WHS estimate uses, and is axe clean open, light and dark', async ({
    open,
  }) => {
    // 70.0 / 113, so d = G − 70. Five 90s (20.0) on 1–5 June, then a 79 (9.0) on 12 June: 11.0
    // under the 20.0 in effect, exceptional, 2.0 off all six. The estimate: (7.0 + 18.0) / 2 −
    // 1.0 = 11.5. A 7th entry: (7.0 + d) / 2 < 11.5 needs d ≤ 15.8: 85 (15.0 → 11.0); 86 holds.
    // It takes the place of the latest counting 18.0, 5 June, 20.0 as played.
    const golfer = await golferWith([HOME])
    await addRounds(golfer, [
      ...[1, 2, 3, 4, 5].map((day) => ({ playedOn: `2025-06-0${day}`, score: 90 })),
      { playedOn: '2025-06-12', score: 79 },
    ])
    const settings = await golfer.client
      .from('handicap_settings')
      .insert({ course_handicap_source: 'whs' } as never)
    if (settings.error) throw new Error(settings.error.message)
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, problems } = await open({
        viewport: PHONE,
        colorScheme,
        reducedMotion: 'reduce',
      })
      await openSignedIn(page, golfer)
      const target = await homeTarget(page)
      await expect
        .poll(() => target.locator('.target-score__sentence').textContent())
        .toMatch(
          /^Shoot 85 or better here today to lower your WHS estimate \(11\.5\)\. 86 holds it\./,
        )
      await target.getByRole('button', { name: /^Why\?/ }).click()
      expect(await target.getByRole('listitem').allTextContents()).toEqual([
        'It would take the place of a counting round: 5 Jun 2025, differential 18.0 (20.0 less 2.0 for exceptional scores).',
        'It needs a differential of 15.8 or lower: a score of 85 or better here.',
      ])
      expect(await axeViolations(page), colorScheme).toEqual([])
      expect(problems).toEqual([])
    }
  })

  it('a starting index is entered, refused out of bounds keeping what was typed, shown, and gives the card its strokes', async ({
    open,
  }) => {
    const golfer = await golferWith([HOME])
    // The course's first tee has the course's id; with its holes it can be scored.
    const tee = await golfer.client
      .from('tees')
      .update({ hole_pars: HOME_PARS, stroke_indexes: HOME_INDEXES })
      .eq('id', golfer.courseIds[0] as string)
    if (tee.error) throw new Error(tee.error.message)
    const { page, problems } = await open()
    await openSignedIn(page, golfer)
    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: 'Have an index from your federation?' }).click()
    const field = page.getByRole('textbox', { name: 'Starting index' })
    await field.fill('54.5')
    await page.getByRole('button', { name: 'Save starting index' }).click()
    expect(await page.getByRole('alert').textContent()).toContain('from +10.0 to 54.0')
    expect(await field.inputValue()).toBe('54.5')

    await field.fill('12.4')
    await page.getByRole('button', { name: 'Save starting index' }).click()
    await expect
      .poll(() => page.getByTestId('starting-index').textContent())
      .toBe('Starting index 12.4 (from your federation), used until HCPFast has 3 rounds')
    // Stored: the database has it.
    await expect
      .poll(async () => {
        const { data } = await golfer.client.from('handicap_settings').select('starting_index')
        return data?.map((row) => Number(row.starting_index))
      })
      .toEqual([12.4])

    // Before a first index of its own the number to beat says this round counts, and that the
    // starting index stands until then (no round of the golfer's first two can move it).
    const target = await homeTarget(page)
    expect(await target.locator('.target-score__sentence').textContent()).toMatch(
      /^Your first HCP needs 3 rounds; this one counts\. Your starting index \(12\.4\) holds until then\./,
    )
    await target.getByRole('button', { name: /^Why\?/ }).click()
    expect(await target.getByRole('listitem').allTextContents()).toEqual([
      'Your first HCP comes from 3 rounds; you have 0.',
      'Until then your starting index (12.4) is the one in effect, whatever you score.',
    ])

    // A card: the course handicap off the starting index, 12.4 × 113 / 113 + (70.0 − 72) = 10.4
    // → 10, so hole 1 (stroke index 7) receives a stroke; with no index it would receive none.
    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: 'Start a round' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start a round' })
    await dialog.getByLabel('Holes Played').waitFor()
    await dialog.getByRole('button', { name: 'Start scoring' }).click()
    await page.waitForURL('**/play/*')
    await page.getByRole('heading', { level: 1, name: 'Hole 1' }).waitFor()
    expect(await page.getByTestId('strokes-received').textContent()).toBe('1')
    expect(problems).toEqual([])
  })

  it('the Account screen shows the starting index it saved, and again after a reload, light and dark', async ({
    open,
  }) => {
    const golfer = await golferWith([HOME])
    for (const [colorScheme, typed, stored, shown] of [
      ['light', '12.4', 12.4, '12.4'],
      ['dark', '+1.2', -1.2, '+1.2'],
    ] as const) {
      const { page, problems } = await open({ viewport: PHONE, colorScheme })
      await openSignedIn(page, golfer)
      await page.getByRole('link', { name: 'Account' }).click()
      const field = page.getByRole('textbox', { name: 'Starting index' })
      await field.fill(typed)
      await page.getByRole('button', { name: 'Save starting index' }).click()
      await expect
        .poll(async () => {
          const { data } = await golfer.client.from('handicap_settings').select('starting_index')
          return data?.map((row) => Number(row.starting_index))
        })
        .toEqual([stored])
      await expect.poll(() => field.inputValue()).toBe(shown)
      await page.reload()
      await expect.poll(() => field.inputValue()).toBe(shown)
      expect(await axeViolations(page), colorScheme).toEqual([])
      expect(problems).toEqual([])
    }
  })
})
