import type { Locator, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { it } from './support/browser-test.ts'
import { axeInBothSchemes } from './support/accessibility.ts'
import { fillGroupStart, golferWithHoles, openSignedIn } from './support/golfer.ts'

/**
 * The narrowest phones golfers use, 360 CSS pixels wide: every dialog and the group's card fit
 * without scrolling sideways, whatever the partners are called.
 */
const NARROW = { width: 360, height: 640 }
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5]
const STROKE_INDEXES = [7, 3, 17, 1, 11, 15, 5, 9, 13, 8, 4, 18, 2, 12, 16, 6, 10, 14]

/** How far the page, and each element scrolling on its own, can scroll sideways: all 0 to fit. */
function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) {
      found.push(`the page by ${root.scrollWidth - root.clientWidth} px`)
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(element)
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue
      if (element.scrollWidth > element.clientWidth) {
        found.push(
          `${element.className || element.tagName} by ${element.scrollWidth - element.clientWidth} px`,
        )
      }
    }
    return found
  })
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
}

describe('on a 360-pixel phone', () => {
  it('fits every dialog and the group card without sideways scrolling', async ({ open }) => {
    const golfer = await golferWithHoles(PARS, STROKE_INDEXES, [90, 88, 86])
    const { page } = await open({ viewport: NARROW })
    await openSignedIn(page, golfer)

    await page.getByRole('button', { name: 'Add a course...' }).click()
    const addCourse = page.getByRole('dialog', { name: 'Add Course' })
    await addCourse.waitFor()
    expect(await sidewaysScroll(page), 'Add Course').toEqual([])
    await closeDialog(page, addCourse)
    await page.getByRole('button', { name: 'Home Links', exact: true }).click()
    await page.getByRole('button', { name: 'Edit tee Default' }).click()
    const editTee = page.getByRole('dialog', { name: 'Edit Tee' })
    await editTee.waitFor()
    // The grid draws its rows a few at a time after the dialog: measure the dialog once whole.
    await editTee.getByRole('button', { name: /^Hole 18 stroke index/ }).waitFor()
    expect(await sidewaysScroll(page), 'Edit Tee').toEqual([])
    await closeDialog(page, editTee)

    await page.getByRole('link', { name: 'HCP' }).click()
    await page.getByRole('button', { name: 'Add a round...' }).click()
    const addRound = page.getByRole('dialog', { name: 'Add Round' })
    await addRound.waitFor()
    expect(await sidewaysScroll(page), 'Add Round').toEqual([])
    await closeDialog(page, addRound)

    const dialog = await fillGroupStart(
      page,
      [
        ['Ann', '20.0'],
        ['Benedict', '5.0'],
        ['Christopher', '+1.2'],
      ],
      'Stableford',
      '14.0',
    )
    await dialog.getByTestId('first-tee-figures').waitFor()
    for (const format of ['Stroke play', 'Stableford', 'Match play']) {
      await dialog.getByRole('radio', { name: format }).check()
      expect(await sidewaysScroll(page), `Start a round, ${format}`).toEqual([])
    }
    await dialog.getByRole('radio', { name: 'Stableford' }).check()
    expect(await axeInBothSchemes(page, 'narrow-start-dialog')).toEqual([])
    await dialog.getByRole('button', { name: 'Start scoring' }).click()
    await page.getByRole('heading', { level: 1, name: 'Hole 1' }).waitFor()
    expect(await sidewaysScroll(page), 'hole 1').toEqual([])
    expect(await axeInBothSchemes(page, 'narrow-group-hole')).toEqual([])

    for (let number = 1; number <= 18; number++) {
      await page.getByRole('heading', { level: 1, name: `Hole ${number}` }).waitFor()
      await page.getByRole('button', { name: number === 18 ? 'Finish' : 'Next' }).click()
    }
    await page.getByRole('heading', { level: 1, name: 'Round summary' }).waitFor()
    expect(await sidewaysScroll(page), 'summary').toEqual([])
    expect(await axeInBothSchemes(page, 'narrow-group-summary')).toEqual([])

    await page.getByRole('link', { name: 'Back to your rounds' }).click()
    await page.getByRole('button', { name: 'Discard' }).click()
    const discard = page.getByRole('dialog', { name: 'Discard this round?' })
    await discard.waitFor()
    expect(await sidewaysScroll(page), 'Discard').toEqual([])
  })
})
