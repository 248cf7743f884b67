import type { Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { adminPool } from '../support/stack.ts'
import { LIVE_TIMEOUT, PHONE, PHONE_WITH_WORKER } from './support/browser.ts'
import { itWithOwnClipboard as it } from './support/browser-test.ts'
import { axeInBothSchemes, targetsUnder48 } from './support/accessibility.ts'
import { golferWithHoles, openSignedIn } from './support/golfer.ts'

/**
 * Side games on the group's card: four players choose net skins with carry-over and a Nassau with
 * presses on the first tee of a phone, play all 18 holes with no signal, settle up on the
 * summary, and the round's entry shows the same payments once it is stored. Every expected line
 * is worked out by hand from the card below.
 */
const pool = adminPool()

afterAll(async () => {
  await pool.end()
})

// Home Links: par 72, rating 70.0, slope 113, so a course handicap is the index less 2. You, Ann
// and Ben (index 2.0) play off 0; Cat (3.1: 1.1 → 1, × 95% = 0.95 → 1) gets a stroke on the
// stroke index 1 hole, hole 4.
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5]
const STROKE_INDEXES = [7, 3, 17, 1, 11, 15, 5, 9, 13, 8, 4, 18, 2, 12, 16, 6, 10, 14]
// Everyone makes par but: Ben a 3 on 5, You a 3 on 6, Ann a 2 on 7, You a 3 on 10.
const BIRDIES: Record<number, [number, string]> = {
  5: [2, "Ben's strokes"],
  6: [0, 'Your strokes'],
  7: [1, "Ann's strokes"],
  10: [0, 'Your strokes'],
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })
const lines = (page: Page, testId: string) =>
  page.getByTestId(testId).getByRole('listitem').allTextContents()

/** Chromium's own messages about requests made while offline are not the app's errors. */
const appProblems = (problems: string[]) =>
  problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|WebSocket/.test(problem))

/** The narrowest `selector` can be laid out (its min-content width) and the dialog's room for it. */
const narrowest = (page: Page, selector: string) =>
  page.evaluate((within) => {
    const element = document.querySelector<HTMLElement>(within)
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')
    if (!element || !dialog) return { narrowest: Infinity, room: 0 }
    element.style.width = 'min-content'
    const narrowest = element.getBoundingClientRect().width
    element.style.width = ''
    const style = getComputedStyle(dialog)
    const room = dialog.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return { narrowest, room }
  }, selector)

describe('side games', () => {
  it('four players play net skins with carry-over and a Nassau with presses offline, settle up, and the round’s entry shows the same payments', async ({
    open,
  }) => {
    const golfer = await golferWithHoles(PARS, STROKE_INDEXES)
    const { context: phone, page, problems } = await open(PHONE_WITH_WORKER)
    await openSignedIn(page, golfer)
    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: 'Start a round' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start a round' })
    await dialog.getByLabel('Holes Played').waitFor()
    for (const [at, name, index] of [
      [1, 'Ann', '2.0'],
      [2, 'Ben', '2.0'],
      [3, 'Cat', '3.1'],
    ] as const) {
      await dialog.getByRole('button', { name: 'Add a partner' }).click()
      const partner = dialog.getByRole('group', { name: `Partner ${at}` })
      await partner.getByRole('textbox', { name: 'Name' }).fill(name)
      await partner.getByRole('textbox', { name: 'Index' }).fill(index)
    }
    await dialog.getByRole('textbox', { name: 'Your index for this card' }).fill('2.0')
    await expect
      .poll(() => dialog.getByTestId('first-tee-figures').getByRole('row').allTextContents())
      .toEqual([
        'PlayerCourse handicapPlaying handicapStrokes',
        'You000',
        'Ann000',
        'Ben000',
        'Cat111',
      ])
    const games = dialog.getByRole('group', { name: 'Side games' })
    await games.getByRole('checkbox', { name: 'Skins' }).check()
    await games.getByRole('checkbox', { name: 'Nassau (front, back, overall)' }).check()
    // The defaults are the game asked for: net, tied skins carried, presses at 2 down, 1 point.
    expect(await games.getByRole('radio', { name: 'Net' }).isChecked()).toBe(true)
    expect(await games.getByRole('checkbox', { name: 'Tied skins carry over' }).isChecked()).toBe(
      true,
    )
    expect(await games.getByRole('radio', { name: 'At 2 down' }).isChecked()).toBe(true)
    expect(await games.getByRole('radio', { name: 'Points' }).isChecked()).toBe(true)
    expect(await games.getByTestId('side-games-sides').textContent()).toBe(
      'You & Ann against Ben & Cat',
    )
    expect(await axeInBothSchemes(page, 'side-games-start')).toEqual([])
    expect(await targetsUnder48(page, '.side-games')).toEqual([])
    // On a 360 px phone the side games fit the dialog's width with every setting open (the
    // narrowest they can be laid out is within it): they add no sideways scroll of their own.
    await page.setViewportSize({ width: 360, height: 640 })
    const fit = await narrowest(page, '.side-games')
    expect(fit.narrowest).toBeLessThanOrEqual(fit.room)
    await page.setViewportSize(PHONE)
    await dialog.getByRole('button', { name: 'Start scoring' }).click()
    await page.waitForURL('**/play/*')
    const roundId = new URL(page.url()).pathname.split('/').at(-1) as string

    await phone.setOffline(true)
    await heading(page, 'Hole 1').waitFor()
    for (let number = 1; number <= 18; number++) {
      await heading(page, `Hole ${number}`).waitFor()
      const birdie = BIRDIES[number]
      if (birdie) {
        const [player, label] = birdie
        await page.getByRole('button', { name: `${label}: one fewer` }).click()
        await expect
          .poll(() => page.getByTestId(`player-${player}-strokes-label-value`).textContent())
          .toBe(String((PARS[number - 1] as number) - 1))
      }
      await page.getByRole('button', { name: number === 18 ? 'Finish' : 'Next' }).click()
      if (number === 5) {
        // Ben & Cat won 4 (Cat's stroke) and 5: two down, the press starts on 6.
        await heading(page, 'Hole 6').waitFor()
        await expect
          .poll(() => lines(page, 'side-games-now'))
          .toEqual([
            'Skin to Ben on 5',
            'Front: Ben & Cat 2 up thru 5; press from 6: all square',
            'Overall: Ben & Cat 2 up thru 5',
          ])
        expect(await axeInBothSchemes(page, 'side-games-hole')).toEqual([])
        expect(await targetsUnder48(page)).toEqual([])
      }
      if (number === 7) {
        // You & Ann won 6 and 7: square in the front, 2 up in the press, which is pressed from 8.
        await heading(page, 'Hole 8').waitFor()
        await expect
          .poll(() => lines(page, 'side-games-now'))
          .toEqual([
            'Skin to Ann on 7',
            'Front: all square thru 7; press from 6: You & Ann 2 up; press from 8: all square',
            'Overall: all square thru 7',
          ])
      }
    }

    await heading(page, 'Round summary').waitFor()
    const settleUp = page.getByTestId('settle-up')
    // Skins won: Cat 4 on hole 4 (3 carried from 1–3), Ben 1, You 1 + 3 on 10 (2 carried from
    // 8–9), Ann 1; 8 carried from 11–18 are never won. 10 skins: each player's won × 4 − 10.
    // Nassau bets for You & Ann: front halved, back and overall won 1 up, the press from 6 won
    // 2 up, the press from 8 halved: +3 each, −3 each for Ben & Cat.
    await expect
      .poll(() =>
        settleUp.getByRole('list', { name: 'Balances' }).getByRole('listitem').allTextContents(),
      )
      .toEqual([
        'Skins: You +6 points, Ann −6 points, Ben −6 points, Cat +6 points',
        'Nassau: You +3 points, Ann +3 points, Ben −3 points, Cat −3 points',
        'Net: You +9 points, Ann −3 points, Ben −9 points, Cat +3 points',
      ])
    const payments = ['Ben pays You 9 points', 'Ann pays Cat 3 points']
    expect(await lines(page, 'side-games-payments')).toEqual(payments)
    expect(await settleUp.textContent()).toContain(
      'No skin on 18: You, Ann, Ben and Cat tied at net 5 (8 carried, not won)',
    )
    expect(await settleUp.textContent()).toContain('Back: You & Ann won 1 up')
    expect(await axeInBothSchemes(page, 'side-games-settle-up')).toEqual([])
    expect(await targetsUnder48(page, '.side-games-card')).toEqual([])
    // No share sheet in this Chromium: the settle-up is copied, and says so.
    await phone.grantPermissions(['clipboard-read', 'clipboard-write'])
    await settleUp.getByRole('button', { name: 'Share the settle-up' }).click()
    await settleUp.getByText('Copied', { exact: true }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^Side games at Home Links, \d{1,2} [A-Z][a-z]{2}\nSkins: You \+6 points, .*\nBen pays You 9 points\nAnn pays Cat 3 points$/s,
    )

    await page.getByRole('button', { name: 'Save round' }).click()
    await page.waitForURL('**/hcp')
    await phone.setOffline(false)
    await expect
      .poll(
        async () =>
          (
            await pool.query<{ side_games: unknown }>(
              `select game -> 'side_games' as side_games from public.rounds where id = $1`,
              [roundId],
            )
          ).rows,
        { timeout: LIVE_TIMEOUT },
      )
      .toEqual([
        {
          side_games: {
            version: 1,
            sides: [
              [0, 1],
              [2, 3],
            ],
            skins: { basis: 'net', carry_over: true, stake: { kind: 'points', amount: 1 } },
            nassau: { press_at: 2, stake: { kind: 'points', amount: 1 } },
          },
        },
      ])

    await page.getByRole('button', { name: /^Score 70, Home Links/ }).click()
    await expect.poll(() => lines(page, 'round-side-games-payments')).toEqual(payments)
    expect(await page.getByTestId('round-side-games').textContent()).toContain(
      'Net: You +9 points, Ann −3 points, Ben −9 points, Cat +3 points',
    )
    expect(await axeInBothSchemes(page, 'side-games-entry')).toEqual([])
    expect(appProblems(problems)).toEqual([])
  })
})
