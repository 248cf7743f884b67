import type { Locator, Page } from 'playwright-core'
import { monotonicFactory } from 'ulid'
import { expect } from 'vitest'
import { authStorageKey } from '../../../src/lib/auth-storage-key.ts'
import { newClient, newGolfer, stackInfo } from '../../support/stack.ts'
import { appUrl } from './browser.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

export type Golfer = Awaited<ReturnType<typeof newGolfer>>

/** A golfer registered through the real Auth API, with courses and rounds made through REST. */
export async function golferWith(
  courses: { name: string; rating: number; slope: number; par?: number }[] = [],
  rounds: { course: number; score: number }[] = [],
) {
  const golfer = await newGolfer('e2e')
  const courseIds = courses.map(() => ulid())
  if (courses.length > 0) {
    const { error } = await golfer.client
      .from('courses')
      .insert(courses.map((course, i) => ({ id: courseIds[i] as string, ...course })))
    if (error) throw new Error(error.message)
  }
  if (rounds.length > 0) {
    const { error } = await golfer.client.from('rounds').insert(
      rounds.map((round) => ({
        id: ulid(),
        course_id: courseIds[round.course] as string,
        score: round.score,
      })) as never,
    )
    if (error) throw new Error(error.message)
  }
  return { ...golfer, courseIds }
}

/**
 * A golfer with Home Links (rating 70.0, slope 113, par 72) whose tee (the course's id) has these
 * holes, and a round of each of `scores` on it (played today).
 */
export async function golferWithHoles(
  pars: readonly number[],
  strokeIndexes: readonly number[],
  scores: readonly number[] = [],
) {
  const golfer = await golferWith(
    [{ name: 'Home Links', rating: 70, slope: 113, par: 72 }],
    scores.map((score) => ({ course: 0, score })),
  )
  // The course's first tee has the course's id.
  const teeId = golfer.courseIds[0] as string
  const { error } = await golfer.client
    .from('tees')
    .update({ hole_pars: [...pars], stroke_indexes: [...strokeIndexes] })
    .eq('id', teeId)
  if (error) throw new Error(error.message)
  return { ...golfer, teeId }
}

/** Home Links' holes: each hole's par and stroke index. */
export const HOME_PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4]
export const HOME_INDEXES = [7, 3, 17, 1, 11, 5, 15, 9, 13, 8, 2, 16, 10, 6, 14, 18, 4, 12]

/** A golfer whose Home Links tee has its holes, with these cards (rounds' columns) played from it. */
export async function golferWithCards(cards: Record<string, unknown>[]) {
  const golfer = await golferWithHoles(HOME_PARS, HOME_INDEXES)
  const courseId = golfer.courseIds[0] as string
  const rounds = await golfer.client
    .from('rounds')
    .insert(cards.map((card) => ({ id: ulid(), course_id: courseId, ...card })) as never)
  if (rounds.error) throw new Error(rounds.error.message)
  return golfer
}

/** Signs in through the login screen and waits for the courses screen. */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  loginUrl = appUrl('/'),
): Promise<void> {
  await page.goto(loginUrl)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await page.waitForURL('**/courses')
  await expect.poll(() => page.getByRole('heading', { name: 'Courses' }).isVisible()).toBe(true)
}

/**
 * Opens the courses screen as a golfer who signed in on this device before: a session of its own
 * from the real Auth API (as a second device signs in) kept where the app keeps it. The login
 * screen's journeys use logIn; the rest start here, which costs the browser a fraction of a
 * sign-in through the screen. Resolves once the screen is drawn, not once the live feed has
 * joined: the first join replays what another device changed before it.
 */
export async function openSignedIn(
  page: Page,
  golfer: { email: string; password: string },
): Promise<void> {
  const { data, error } = await newClient().auth.signInWithPassword(golfer)
  if (error) throw error
  // A file of the app's origin that runs no script: the session is kept before the app first loads.
  await page.goto(appUrl('/favicon.svg'))
  await page.evaluate(([key, session]) => window.localStorage.setItem(key, session), [
    authStorageKey(stackInfo().apiUrl),
    JSON.stringify(data.session),
  ] as const)
  await page.goto(appUrl('/courses'))
  await expect.poll(() => page.getByRole('heading', { name: 'Courses' }).isVisible()).toBe(true)
}

/** Types a course into the Add Course dialog and submits it; the dialog stays open on a refusal. */
export async function addCourse(
  page: Page,
  name: string,
  rating: string,
  slope: string,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add a course...' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Course' })
  await dialog.getByLabel('Course Name').fill(name)
  await dialog.getByLabel('Course Rating').fill(rating)
  await dialog.getByLabel('Slope Rating').fill(slope)
  await dialog.getByRole('button', { name: 'Add Course' }).click()
  return dialog
}

/**
 * From the HCP screen: Start a round with these partners (name, index) in `format` ("Stroke
 * play", "Stableford", "Match play"), typing `ownIndex` when the golfer has none on the day.
 * Leaves the dialog open; returns it.
 */
export async function fillGroupStart(
  page: Page,
  partners: readonly (readonly [name: string, index: string])[],
  format: string,
  ownIndex?: string,
): Promise<Locator> {
  await page.getByRole('button', { name: 'Start a round' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start a round' })
  await dialog.getByLabel('Holes Played').waitFor()
  for (const [at, [name, index]] of partners.entries()) {
    await dialog.getByRole('button', { name: 'Add a partner' }).click()
    const partner = dialog.getByRole('group', { name: `Partner ${at + 1}` })
    await partner.getByRole('textbox', { name: 'Name' }).fill(name)
    await partner.getByRole('textbox', { name: 'Index' }).fill(index)
  }
  await dialog.getByRole('radio', { name: format }).check()
  if (ownIndex !== undefined) {
    await dialog.getByRole('textbox', { name: 'Your index for this card' }).fill(ownIndex)
  }
  return dialog
}
