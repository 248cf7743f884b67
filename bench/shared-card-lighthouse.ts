import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { monotonicFactory } from 'ulid'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { serveAppFor } from '../tests/e2e/setup/global-app.ts'
import { onProfile, runLighthouse } from './lighthouse-bench.ts'
import { startCard } from './shared-card-bench.ts'
import { benchGolfer, median, startBenchStack } from './support.ts'

const ulid = monotonicFactory()
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

/**
 * Lighthouse 12 (default mobile config) on the shared card, /card/<id>, as its starter opens it:
 * 4 golfers on the card, nine holes entered for each and hole 1 of the second player disputed, so
 * the screen draws every kind of cell. Accessibility once; Performance the median of RUNS, each
 * listed. The session and the service worker's shell are in the profile, as on a second visit.
 */
export async function benchSharedCardLighthouse() {
  const { stack, stop } = await startBenchStack()
  await mkdir(path.join(PROJECT_ROOT, '.local'), { recursive: true })
  const outDir = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'bench-card-lighthouse-'))
  const profile = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'bench-card-profile-'))
  const app = await serveAppFor(
    { apiUrl: stack.apiUrl, publishableKey: stack.keys.publishable },
    outDir,
  )
  try {
    const golfers = []
    for (let at = 0; at < 4; at += 1) golfers.push(await benchGolfer(stack, `lh-card-${at}`))
    const { id } = await startCard(golfers)
    const [starter, partner] = golfers as [(typeof golfers)[0], (typeof golfers)[0]]
    const entries = [1, 2, 3, 4].flatMap((player) =>
      Array.from({ length: 9 }, (_, at) => ({
        id: ulid(),
        card_id: id,
        player_no: player,
        hole: at + 1,
        strokes: 4 + ((player + at) % 3),
      })),
    )
    const entered = await starter.client.from('card_entries').insert(entries)
    if (entered.error) throw new Error(entered.error.message)
    const disputed = await partner.client
      .from('card_entries')
      .insert({ id: ulid(), card_id: id, player_no: 2, hole: 1, strokes: 9 })
    if (disputed.error) throw new Error(disputed.error.message)

    const url = `${app.url}/card/${id}`
    await onProfile(profile, async (context) => {
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto(`${app.url}/`)
      await page.getByLabel('Email').fill(starter.email)
      await page.getByLabel('Password', { exact: true }).fill(starter.password)
      await page.getByRole('button', { name: 'Log In' }).click()
      await page.waitForURL('**/courses')
      await page.goto(url)
      await page.getByTestId('cell-2').getByText('·').waitFor()
    })
    const audit = (categories: string[]) =>
      onProfile(profile, (_, port) => runLighthouse(url, port, categories))
    const accessibility = (await audit(['accessibility'])).accessibility
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await audit(['performance']))
    return {
      lighthouse: '12.8.2, default mobile config (simulated throttling)',
      card_accessibility: accessibility,
      card_median_performance: median(runs.map((run) => run.performance)),
      card_median_total_blocking_time_ms: median(runs.map((run) => run.total_blocking_time_ms)),
      runs: runs.map(({ accessibility: _, ...run }) => run),
    }
  } finally {
    await app.close()
    await stop()
    await rm(profile, { recursive: true, force: true })
    await rm(outDir, { recursive: true, force: true })
  }
}
