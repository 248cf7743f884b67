import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { PHONE } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { axeInBothSchemes, targetsUnder48 } from './support/accessibility.ts'
import { fillGroupStart, golferWithHoles, openSignedIn } from './support/golfer.ts'

/**
 * The group's card on a phone: whichever way the golfer reaches a hole (Next, Previous, the
 * holes at the foot of the card), it opens with its number, par and stroke index and each
 * player's strokes received in view, and Previous / Next are under the thumb.
 */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5]
const STROKE_INDEXES = [7, 3, 17, 1, 11, 15, 5, 9, 13, 8, 4, 18, 2, 12, 16, 6, 10, 14]

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

/** What of the hole's facts and each player's head is outside the window: [] when all is in. */
function outOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = [
      ...document.querySelectorAll<HTMLElement>(
        '.scorecard h1, .scorecard__facts > div, .player-row__head',
      ),
    ]
    return shown
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.top < 0 || box.bottom > window.innerHeight
      })
      .map(
        (element) => `${element.textContent} at ${Math.round(element.getBoundingClientRect().top)}`,
      )
  })
}

const toTheFoot = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))

describe('the group card on a phone', () => {
  it("opens every hole with its number, par, stroke index and each player's strokes in view, Previous / Next under the thumb", async ({
    open,
  }) => {
    const golfer = await golferWithHoles(PARS, STROKE_INDEXES)
    const { page } = await open({ viewport: PHONE, hasTouch: true, isMobile: true })
    await openSignedIn(page, golfer)
    await page.getByRole('link', { name: 'HCP' }).click()
    const dialog = await fillGroupStart(
      page,
      [
        ['Ann', '20.0'],
        ['Ben', '5.0'],
        ['Cat', '12.0'],
      ],
      'Stableford',
      '14.0',
    )
    await dialog.getByRole('button', { name: 'Start scoring' }).click()
    await heading(page, 'Hole 1').waitFor()

    // Four players: Previous and Next are in the first view, in its lower half.
    for (const name of ['Previous', 'Next']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox()
      expect(box && box.y >= PHONE.height / 2 && box.y + box.height <= PHONE.height, name).toBe(
        true,
      )
    }
    expect(await outOfView(page)).toEqual([])
    expect(await axeInBothSchemes(page, 'hole-in-view')).toEqual([])
    expect(await targetsUnder48(page)).toEqual([])

    // Next from the foot of the card (where a golfer ends up after Putts and Green).
    for (let number = 1; number < 18; number++) {
      await toTheFoot(page)
      await page.getByRole('button', { name: 'Next', exact: true }).tap()
      await heading(page, `Hole ${number + 1}`).waitFor()
      expect(await outOfView(page), `hole ${number + 1}`).toEqual([])
    }
    await toTheFoot(page)
    await page.getByRole('button', { name: 'Previous', exact: true }).tap()
    await heading(page, 'Hole 17').waitFor()
    expect(await outOfView(page), 'back to hole 17').toEqual([])
    await toTheFoot(page)
    await page.getByRole('button', { name: /^Hole 5\s?: 4 strokes$/ }).tap()
    await heading(page, 'Hole 5').waitFor()
    expect(await outOfView(page), 'hole 5 from the holes').toEqual([])
  })
})
