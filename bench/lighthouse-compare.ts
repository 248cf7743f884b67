import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { preview } from 'vite'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { buildApp } from '../tests/e2e/setup/global-app.ts'
import { auditTeeDialog, onProfile, runLighthouse, seedRecord } from './lighthouse-bench.ts'
import { GROUP, scorableCourse, startRound } from './scorecard-bench.ts'
import { benchGolfer, median, startBenchStack } from './support.ts'

/**
 * Two builds of the app measured the same way, side by side: `npx tsx bench/lighthouse-compare.ts
 * <other checkout>` builds that checkout (the "before": a copy of main, say, with node_modules) and
 * this one, serves both against one stack and one golfer (issue 29's: 200 rounds, 100 scored hole
 * by hole, 50 tees, a four-player card in play on each build's origin), and audits the login
 * screen (in a signed-out profile), the HCP screen, `/play/<id>` and the Courses screen alternately (before, after, then after, before on
 * the next run), so a busy moment of a shared machine falls on both alike, and then, as
 * `tee-grid`, the opening of Bench Links and its Default tee's dialog through "Add holes" (issue
 * 30's grid; a Lighthouse timespan: its blocking time and layout shifts). `LIGHTHOUSE_RUNS` (3)
 * runs of each, `LIGHTHOUSE_ONLY=login,hcp,play,courses,tee-grid` narrows it. Prints each run and the
 * medians.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const ONLY = new Set(process.env.LIGHTHOUSE_ONLY?.split(',').map((part) => part.trim()))
const ROUTES = ['login', 'hcp', 'play', 'courses', 'tee-grid'].filter(
  (route) => ONLY.size === 0 || ONLY.has(route),
)

async function main() {
  const other = process.argv[2]
  if (!other) throw new Error('usage: lighthouse-compare.ts <other checkout>')
  const { stack, stop } = await startBenchStack()
  await mkdir(path.join(PROJECT_ROOT, '.local'), { recursive: true })
  const work = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'bench-compare-'))
  const servers: { close(): Promise<void> }[] = []
  try {
    process.env.VITE_SUPABASE_URL = stack.apiUrl
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = stack.keys.publishable
    const golfer = await benchGolfer(stack, 'compare')
    await seedRecord(golfer.client, await scorableCourse(golfer.client))
    const builds = []
    for (const [name, root] of [
      ['before', path.resolve(other)],
      ['after', PROJECT_ROOT],
    ] as const) {
      const outDir = path.join(work, name)
      await buildApp({ root, build: { outDir, emptyOutDir: true } })
      const server = await preview({
        configFile: false,
        logLevel: 'warn',
        preview: { port: 0, host: '127.0.0.1' },
        build: { outDir },
      })
      servers.push(server)
      const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
      if (!url) throw new Error('vite preview did not report its URL')
      // Each build on its own origin has its own storage: the golfer signs in on each, and the
      // card is started on each, in a browser profile of its own.
      const profile = path.join(work, `${name}-profile`)
      const playPath = await onProfile(profile, async (context) => {
        const page = context.pages()[0] ?? (await context.newPage())
        await page.goto(`${url}/`)
        await page.getByLabel('Email').fill(golfer.email)
        await page.getByLabel('Password', { exact: true }).fill(golfer.password)
        await page.getByRole('button', { name: 'Log In' }).click()
        await page.waitForURL('**/courses')
        return `/play/${await startRound(page, undefined, GROUP)}`
      })
      builds.push({
        name,
        url,
        profile,
        signedOutProfile: path.join(work, `${name}-signed-out-profile`),
        paths: { login: '/', hcp: '/hcp', play: playPath, courses: '/courses' },
      })
    }

    const runs: Record<string, { performance: number; total_blocking_time_ms: number }[]> = {}
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? builds : [...builds].reverse()
      for (const route of ROUTES) {
        for (const build of order) {
          const key = `${route} ${build.name}`
          const profile = route === 'login' ? build.signedOutProfile : build.profile
          const run = await onProfile(profile, async (_, port) => {
            if (route !== 'tee-grid') {
              const audited = await runLighthouse(
                build.url + build.paths[route as keyof typeof build.paths],
                port,
                ['performance'],
              )
              return {
                performance: audited.performance,
                total_blocking_time_ms: audited.total_blocking_time_ms,
                largest_contentful_paint_ms: audited.largest_contentful_paint_ms,
                longest_task_ms: audited.longest_task_ms,
              }
            }
            const opened = await auditTeeDialog(`${build.url}/courses`, port, true)
            return {
              performance: opened.open_performance,
              total_blocking_time_ms: opened.open_total_blocking_time_ms,
            }
          })
          ;(runs[key] ??= []).push(run)
          process.stderr.write(`${key}: ${run.performance} (TBT ${run.total_blocking_time_ms})\n`)
        }
      }
    }
    return Object.fromEntries(
      Object.entries(runs).map(([key, list]) => [
        key,
        {
          median_performance: median(list.map((run) => run.performance)),
          median_total_blocking_time_ms: median(list.map((run) => run.total_blocking_time_ms)),
          runs: list,
        },
      ]),
    )
  } finally {
    for (const server of servers) await server.close()
    await stop()
    await rm(work, { recursive: true, force: true })
  }
}

process.stdout.write(`${JSON.stringify(await main(), null, 2)}\n`)
process.exit(0)
