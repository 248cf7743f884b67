import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { ulid } from 'ulid'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { serveAppFor } from '../tests/e2e/setup/global-app.ts'
import { launchBrowser, PHONE } from '../tests/e2e/support/browser.ts'
import { benchGolfer, startBenchStack, summarise } from './support.ts'

export const SCORECARD_COURSE = { name: 'Card Links', rating: 71.3, slope: 131, par: 72 }
export const SCORECARD_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5]
export const SCORECARD_STROKE_INDEXES = [
  7, 3, 17, 1, 11, 15, 5, 9, 13, 8, 4, 18, 2, 12, 16, 6, 10, 14,
]
const CPU_SLOWDOWN = 4
/** The side games a four-player card plays in the bench, as the first tee names them. */
const SIDE_GAMES = ['Skins', 'Nassau (front, back, overall)', 'Four-ball better ball']
/** The three partners of a four-player card. */
export const GROUP = ['Ann', 'Ben', 'Cleo']

/**
 * Issue 23's tap: on the scorecard, a tap on the strokes stepper until its value is stored on the
 * device (the card in localStorage has it), on a phone-sized Chromium with the CPU slowed 4×
 * (DevTools' Emulation.setCPUThrottlingRate), against the production build and a local stack.
 * Also the tap until the next frame is drawn (the new value on screen).
 *
 * The marks are taken in the page: a capture listener on window sees the tap first, a bubbling
 * one on window after React's handler (at the root) has run; the card is read from localStorage
 * there. Playwright's own round trips are not in the figures.
 */
export async function benchScorecard(
  options: { taps?: number; partners?: string[]; sideGames?: boolean } = {},
) {
  const taps = options.taps ?? 60
  const partners = options.partners ?? []
  // With partners, the tap is on the last partner's row (issue 31's group card).
  const player = partners.length > 0 ? partners.length - 1 : null
  const label = (up: boolean) =>
    player === null
      ? `Strokes: ${up ? 'one more' : 'one fewer'}`
      : `${partners[player]}'s strokes: ${up ? 'one more' : 'one fewer'}`
  const { stack, stop } = await startBenchStack()
  await mkdir(path.join(PROJECT_ROOT, '.local'), { recursive: true })
  const outDir = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'bench-scorecard-'))
  const app = await serveAppFor(
    { apiUrl: stack.apiUrl, publishableKey: stack.keys.publishable },
    outDir,
  )
  const browser = await launchBrowser()
  try {
    const golfer = await benchGolfer(stack, 'scorecard')
    await scorableCourse(golfer.client)
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await signIn(page, app.url, golfer)
    await startRound(page, SCORECARD_COURSE.name, partners, options.sideGames)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })

    const stored: number[] = []
    const drawn: number[] = []
    let strokes = SCORECARD_PARS[0] as number
    for (let i = 0; i < taps; i++) {
      // Up to par + 5 and back down again, within the 1–20 bounds.
      const up = i % 10 < 5
      strokes += up ? 1 : -1
      await page.evaluate(
        `(${ARM_IN_PAGE})(${JSON.stringify({ key: golfer.userId, strokes, player })})`,
      )
      await page.getByRole('button', { name: label(up), exact: true }).click()
      const marks = await page
        .waitForFunction(() => (window as unknown as { tapMarks: TapMarks }).tapMarks.drawn, null, {
          timeout: 15_000,
        })
        .then(() => page.evaluate(() => (window as unknown as { tapMarks: TapMarks }).tapMarks))
      stored.push((marks.stored ?? Number.NaN) - (marks.tapped ?? Number.NaN))
      drawn.push((marks.drawn ?? Number.NaN) - (marks.tapped ?? Number.NaN))
    }
    return {
      taps,
      players: partners.length + 1,
      side_games: options.sideGames ? SIDE_GAMES.length : 0,
      cpu_slowdown: CPU_SLOWDOWN,
      tap_to_stored_on_device_ms: summarise(stored),
      tap_to_next_frame_ms: summarise(drawn),
    }
  } finally {
    await browser.close()
    await app.close()
    await stop()
    await rm(outDir, { recursive: true, force: true })
  }
}

interface TapMarks {
  tapped?: number
  stored?: number
  drawn?: number
}

type Golfer = Awaited<ReturnType<typeof benchGolfer>>

/** One course whose default tee (the course's own id) has its holes' pars and stroke indexes. */
export async function scorableCourse(client: Golfer['client']): Promise<string> {
  const id = ulid()
  const course = await client.from('courses').insert({ id, ...SCORECARD_COURSE })
  if (course.error) throw new Error(course.error.message)
  const tee = await client
    .from('tees')
    .update({ hole_pars: SCORECARD_PARS, stroke_indexes: SCORECARD_STROKE_INDEXES })
    .eq('id', id)
  if (tee.error) throw new Error(tee.error.message)
  return id
}

async function signIn(page: Page, appUrl: string, golfer: { email: string; password: string }) {
  await page.goto(`${appUrl}/`)
  await page.getByLabel('Email').fill(golfer.email)
  await page.getByLabel('Password', { exact: true }).fill(golfer.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await page.waitForURL('**/courses')
}

/**
 * From the HCP screen: Start a round on the course given, all 18 holes, today, with these
 * partners (a stroke play game, each index 18.0, the golfer's own typed when they have none);
 * the card opens.
 */
export async function startRound(
  page: Page,
  course = SCORECARD_COURSE.name,
  partners: readonly string[] = [],
  sideGames = false,
): Promise<string> {
  await page.getByRole('link', { name: 'HCP' }).click()
  await page.getByRole('button', { name: 'Start a round' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start a round' })
  await dialog.getByLabel('Course Name').selectOption({ label: course })
  await dialog.getByLabel('Holes Played').waitFor()
  for (const [at, name] of partners.entries()) {
    await dialog.getByRole('button', { name: 'Add a partner' }).click()
    const partner = dialog.getByRole('group', { name: `Partner ${at + 1}` })
    await partner.getByRole('textbox', { name: 'Name' }).fill(name)
    await partner.getByRole('textbox', { name: 'Index' }).fill('18.0')
  }
  const ownIndex = dialog.getByRole('textbox', { name: 'Your index for this card' })
  if (partners.length > 0 && (await ownIndex.count()) > 0) await ownIndex.fill('18.0')
  for (const game of sideGames ? SIDE_GAMES : []) {
    await dialog.getByRole('checkbox', { name: game }).check()
  }
  await dialog.getByRole('button', { name: 'Start scoring' }).click()
  await page.waitForURL('**/play/*')
  await page.getByRole('heading', { level: 1, name: 'Hole 1' }).waitFor()
  return new URL(page.url()).pathname.split('/').at(-1) as string
}

/**
 * In the page: the tap (capture, before React), the card read back from localStorage after
 * React's handler (bubbling on window, after the root), and the next frame. Kept as source text:
 * tsx would wrap a compiled function's inner helpers in a `__name` call the page lacks.
 */
const ARM_IN_PAGE = `({ key, strokes, player }) => {
  const marks = {}
  window.tapMarks = marks
  const read = () => {
    try {
      const card = JSON.parse(localStorage.getItem('hcpfast:' + key + ':card'))
      if (player !== null) return card.game.partners[player].scores[card.at] === strokes
      return card.scores[card.at] && card.scores[card.at].strokes === strokes
    } catch {
      return false
    }
  }
  window.addEventListener('click', () => { marks.tapped = performance.now() }, { capture: true, once: true })
  window.addEventListener('click', () => {
    if (read()) marks.stored = performance.now()
    requestAnimationFrame(() => setTimeout(() => {
      if (marks.stored === undefined && read()) marks.stored = performance.now()
      marks.drawn = performance.now()
    }, 0))
  }, { once: true })
}`

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchScorecard(), null, 2)}\n`)
  process.stdout.write(`${JSON.stringify(await benchScorecard({ partners: GROUP }), null, 2)}\n`)
  process.exit(0)
}
