import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_LAUNCH } from '../scripts/chromium.ts'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { serveAppFor } from '../tests/e2e/setup/global-app.ts'
import { PHONE } from '../tests/e2e/support/browser.ts'
import { seedRecord } from './lighthouse-bench.ts'
import { GROUP, scorableCourse, startRound } from './scorecard-bench.ts'
import { benchGolfer, round, startBenchStack } from './support.ts'

/**
 * Where a screen's load spends the main thread, by function: `npx tsx bench/screen-profile.ts
 * /hcp` (or /courses, /play). Issue 29's golfer (see lighthouse-bench's seedRecord), a production
 * build left unminified (so functions keep their names), the CPU slowed 4× as Lighthouse's phone is, V8's sampling profiler from
 * navigation until the screen is drawn and idle. Prints self time per function and per script, so a change can be judged by where the time
 * went rather than by a score. Sampling: read the shares, not single milliseconds.
 * `PROFILE_OUT=<file>.cpuprofile` also writes the whole profile. `REPLAYED=<n>` edits that many of
 * the golfer's rounds just before the load, as another device might, so the live feed's first
 * join replays them (25 or more: every list loads again). `BURST=<n>` (up to 100) then edits n
 * rounds in one statement while the screen is open, as an import on another device does, and
 * profiles the page from the edit until all n live messages are handled and the page is idle.
 */
const CPU_SLOWDOWN = 4
const ROUTE = process.argv[2] ?? '/hcp'
const REPLAYED = Number(process.env.REPLAYED ?? 0)
const BURST = Number(process.env.BURST ?? 0)

/** The page's long tasks that started after `since` (its clock; Chromium buffers them for an
 * observer that asks), in ms. */
const longTasksInPage = (since: number) => `new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    observer.disconnect()
    resolve(list.getEntries().filter((entry) => entry.startTime > ${since}).map((entry) => Math.round(entry.duration)))
  }).observe({ type: 'longtask', buffered: true })
  setTimeout(() => resolve([]), 1000)
})`

/** Two animation frames, then the browser's next idle moment. */
const IDLE_IN_PAGE = `new Promise((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 5000 })))
})`

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

async function main() {
  const { stack, stop } = await startBenchStack()
  await mkdir(path.join(PROJECT_ROOT, '.local'), { recursive: true })
  const outDir = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'bench-profile-'))
  // Not minified, so the profile names the app's own functions; the code is otherwise the same.
  const app = await serveAppFor(
    { apiUrl: stack.apiUrl, publishableKey: stack.keys.publishable },
    outDir,
    { minify: false },
  )
  const browser = await chromium.launch(CHROMIUM_LAUNCH)
  try {
    const golfer = await benchGolfer(stack, 'profile')
    await seedRecord(golfer.client, await scorableCourse(golfer.client))
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await page.goto(`${app.url}/`)
    await page.getByLabel('Email').fill(golfer.email)
    await page.getByLabel('Password', { exact: true }).fill(golfer.password)
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL('**/courses')
    // A four-player card, as Lighthouse's /play audit (issue 31).
    const playPath = `/play/${await startRound(page, undefined, GROUP)}`
    const target = ROUTE === '/play' ? playPath : ROUTE
    // A second visit, as Lighthouse's: the device copy and the cached chunks are there.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto('about:blank')
    if (REPLAYED > 0) await editRounds(golfer.client, REPLAYED)
    let replayedFrames = 0
    let liveEdits = 0
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload)
        if (frame.includes('"replayed":true')) replayedFrames++
        else if (frame.includes('"event":"UPDATE"')) liveEdits++
      }),
    )
    let roundsAskedFor = 0
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/rest/v1/rounds'))
        roundsAskedFor++
    })
    await cdp.send('Profiler.start')
    const started = Date.now()
    await page.goto(`${app.url}${target}`)
    await page.waitForLoadState('networkidle')
    // Kept as source text: tsx would wrap a compiled function's inner helpers in `__name`.
    await page.evaluate(IDLE_IN_PAGE)
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
    const wallMs = Date.now() - started
    const longTasks = (await page.evaluate(longTasksInPage(0))) as number[]
    // For Chromium's Performance panel (load the .cpuprofile) or a closer look by script.
    if (process.env.PROFILE_OUT) await writeFile(process.env.PROFILE_OUT, JSON.stringify(profile))
    printProfile(ROUTE, profile, wallMs, longTasks, { roundsAskedFor, replayedFrames, liveEdits })
    if (BURST > 0) {
      const since = (await page.evaluate('performance.now()')) as number
      liveEdits = 0
      await cdp.send('Profiler.start')
      const burstStarted = Date.now()
      await editRounds(golfer.client, BURST)
      const deadline = Date.now() + 60_000
      while (liveEdits < BURST) {
        if (Date.now() > deadline) throw new Error(`${liveEdits} of ${BURST} edits arrived`)
        await page.waitForTimeout(50)
      }
      await page.evaluate(IDLE_IN_PAGE)
      const burst = (await cdp.send('Profiler.stop')) as { profile: Profile }
      printProfile(
        `${ROUTE}, ${BURST} rounds edited elsewhere`,
        burst.profile,
        Date.now() - burstStarted,
        (await page.evaluate(longTasksInPage(since))) as number[],
        { roundsAskedFor, replayedFrames, liveEdits },
      )
    }
  } finally {
    await browser.close()
    await app.close()
    await stop()
    await rm(outDir, { recursive: true, force: true })
  }
}

/** One statement: a message per round on the golfer's topic, as an edit on another device sends. */
async function editRounds(
  client: Awaited<ReturnType<typeof benchGolfer>>['client'],
  count: number,
) {
  const { data, error } = await client
    .from('rounds')
    .select('id')
    .is('hole_strokes', null)
    .order('played_on', { ascending: false })
    .limit(count)
  if (error) throw new Error(error.message)
  const ids = data.map((row) => row.id)
  const edited = await client.from('rounds').update({ score: 90 }).in('id', ids)
  if (edited.error) throw new Error(edited.error.message)
}

function printProfile(
  route: string,
  profile: Profile,
  wallMs: number,
  longTasks: number[],
  feed: { roundsAskedFor: number; replayedFrames: number; liveEdits: number },
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfByNode = new Map<number, number>()
  profile.samples.forEach((id, at) => {
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[at] ?? 0) / 1000)
  })
  const byFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  for (const [id, ms] of selfByNode) {
    const frame = (byId.get(id) as ProfileNode).callFrame
    const file = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : '(native)'
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
    byFile.set(file, (byFile.get(file) ?? 0) + ms)
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ ms: round(ms, 1), name }))
  const total = [...selfByNode.values()].reduce((sum, ms) => sum + ms, 0)
  // The main thread's work: every sample but those taken while it waited for something to do.
  const idle = [...byFunction].reduce(
    (sum, [name, ms]) => (name.startsWith('(idle) ') ? sum + ms : sum),
    0,
  )
  process.stdout.write(
    `${JSON.stringify(
      {
        route,
        cpu_slowdown: CPU_SLOWDOWN,
        replayed: REPLAYED,
        wall_ms: wallMs,
        long_tasks_ms: longTasks,
        rounds_list_requests: feed.roundsAskedFor,
        replayed_messages: feed.replayedFrames,
        live_edit_messages: feed.liveEdits,
        sampled_ms: round(total, 0),
        busy_ms: round(total - idle, 0),
        by_file: top(byFile, 12),
        by_function: top(byFunction, 40),
      },
      null,
      2,
    )}\n`,
  )
}

await main()
process.exit(0)
