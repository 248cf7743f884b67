import { randomBytes } from 'node:crypto'
import { monotonicFactory } from 'ulid'
import { describe, expect } from 'vitest'
import { axeViolations, smallTargets } from './support/accessibility.ts'
import { PHONE, PHONE_WITH_WORKER } from './support/browser.ts'
import { it } from './support/browser-test.ts'
import { golferWith, openSignedIn } from './support/golfer.ts'

const ulid = monotonicFactory()

const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]

/**
 * The course directory (issue 30 §2) on a phone: one golfer publishes a course with a tee's hole
 * data; a second finds it by a word of its name typed without its accent, copies it in one tap
 * and has it, with its tees, in their own list. Offline, the directory says it needs the network
 * while the golfer's own list stays.
 */
describe('the course directory', () => {
  it('publishes a course; another golfer finds it without its accent, copies it and starts a card on it', async ({
    open,
  }) => {
    // A word no other test's course has, so the search finds this course alone.
    const token = `q${randomBytes(4).toString('hex')}`
    const name = `Château des Étangs ${token}`
    const publisher = await golferWith([{ name, rating: 71.2, slope: 127, par: 72 }])
    const { error } = await publisher.client.from('tees').insert({
      id: ulid(),
      course_id: publisher.courseIds[0] as string,
      name: 'Blue',
      course_rating: 72.5,
      slope_rating: 131,
      par: 72,
      holes: 18,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
    })
    expect(error).toBeNull()

    const a = await open({ viewport: PHONE, colorScheme: 'dark' })
    await openSignedIn(a.page, publisher)
    await a.page.getByRole('button', { name, exact: true }).click()
    await a.page.getByRole('button', { name: `Publish ${name} to the directory` }).click()
    const confirm = a.page.getByRole('dialog', { name: `Publish ${name} to the directory?` })
    expect(await confirm.textContent()).toContain('Your rounds and scores are not shared.')
    expect(await axeViolations(a.page)).toEqual([])
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click()
    await confirm.waitFor({ state: 'detached' })
    await a.page.getByRole('button', { name: `Withdraw ${name} from the directory` }).waitFor()
    await a.page.getByText(`${name} is in the directory.`).waitFor()
    expect(await axeViolations(a.page)).toEqual([])
    expect(await smallTargets(a.page)).toEqual([])
    expect(a.problems).toEqual([])

    const finder = await golferWith()
    const b = await open({ ...PHONE_WITH_WORKER, colorScheme: 'light' })
    await openSignedIn(b.page, finder)
    await b.page.getByLabel('Course name').fill(`ETANGS ${token}`)
    await b.page.getByRole('button', { name: 'Search', exact: true }).click()
    const entries = b.page.getByTestId('directory-entry')
    await expect.poll(() => entries.count()).toBe(1)
    expect(await entries.first().textContent()).toContain(name)
    expect(await entries.first().getByRole('listitem').allTextContents()).toEqual([
      'Default: 18 holes, rating 71.2, slope 127, par 72',
      'Blue: 18 holes, rating 72.5, slope 131, par 72, with each hole',
    ])
    expect(await axeViolations(b.page)).toEqual([])
    expect(await smallTargets(b.page)).toEqual([])

    await b.page.getByRole('button', { name: `Add ${name} to my courses` }).click()
    await b.page.getByText(`${name} is now in your courses.`).waitFor()
    // The copy is the finder's own course, with both tees.
    await b.page.getByRole('button', { name, exact: true }).click()
    const tees = b.page.getByTestId('tee')
    await expect.poll(() => tees.count()).toBe(2)
    expect(await tees.nth(1).textContent()).toContain('18 holes, rating 72.5, slope 131, par 72')
    expect(await axeViolations(b.page)).toEqual([])
    expect(b.problems).toEqual([])

    // Offline: the directory says it needs the network; the golfer's own list is still there.
    await b.context.setOffline(true)
    await b.page.getByText('Finding a course needs the network.').waitFor()
    expect(await b.page.getByLabel('Course name').count()).toBe(0)
    expect(await b.page.getByRole('button', { name, exact: true }).isVisible()).toBe(true)
    await b.context.setOffline(false)
    await b.page.getByLabel('Course name').waitFor()

    // A card on the copy: its tee with hole data is the one Start a round offers.
    await b.page.getByRole('link', { name: 'HCP' }).click()
    await b.page.getByRole('button', { name: 'Start a round' }).click()
    const start = b.page.getByRole('dialog', { name: 'Start a round' })
    await start.getByLabel('Holes Played').waitFor()
    await start.getByRole('button', { name: 'Start scoring' }).click()
    await b.page.waitForURL('**/play/*')
    await b.page.getByRole('heading', { name: 'Hole 1' }).waitFor()
  })
})
