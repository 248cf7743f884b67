import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { benchBundle } from './bundle-bench.ts'
import { benchDirectory } from './directory-bench.ts'
import { benchHandicap } from './handicap-bench.ts'
import { benchImport } from './import-bench.ts'
import { benchInstallability } from './installability-bench.ts'
import { benchLighthouse } from './lighthouse-bench.ts'
import { benchLoad } from './load-bench.ts'
import { benchOriginalDesign } from './original-design-bench.ts'
import { benchRealtimeBroadcast } from './realtime-broadcast-bench.ts'
import { benchScorecard, GROUP } from './scorecard-bench.ts'
import { benchSharedCard } from './shared-card-bench.ts'
import { benchSharedCardLighthouse } from './shared-card-lighthouse.ts'
import { benchStack } from './stack-bench.ts'
import { benchTargetScore } from './target-score-bench.ts'
import { benchUi } from './ui-bench.ts'
import { benchViews } from './views-bench.ts'
import { benchWhs } from './whs-bench.ts'
import { benchWrites } from './write-bench.ts'

type Section = { title: string; run: () => Promise<unknown> }

/**
 * `npm run bench`: every benchmark in one run, printed as JSON and written to BENCHMARKS.md with
 * the machine it ran on. `npm run bench -- <name>` runs the sections whose title contains <name>.
 */
const sections: Section[] = [
  { title: 'Handicap engine', run: benchHandicap },
  { title: 'WHS estimate: engine and views', run: benchWhs },
  {
    title: 'Handicap views without ANALYZE: reads and write costs',
    run: () => benchViews(),
  },
  {
    title: 'One round added, edited and deleted at 200, 1,000 and 5,000 rounds',
    run: () => benchWrites(),
  },
  { title: 'Login bundle vs floor', run: benchBundle },
  { title: 'Installability: manifest, service worker, precache', run: benchInstallability },
  { title: 'UI: Add Round to index, and to the other device', run: () => benchUi() },
  {
    title: 'Scorecard: a tap on the stepper to the device (CPU 4× slower)',
    run: () => benchScorecard(),
  },
  {
    title:
      "Scorecard: a tap on a player's stepper with four players, to the device (CPU 4× slower)",
    run: () => benchScorecard({ partners: GROUP }),
  },
  {
    title:
      "Scorecard: a tap on a player's stepper with four players and three side games, to the device (CPU 4× slower)",
    run: () => benchScorecard({ partners: GROUP, sideGames: true }),
  },
  { title: 'Lighthouse: every screen, and HCP with 200 rounds', run: () => benchLighthouse() },
  {
    title: 'Number to beat: every tee of the Courses screen, 50 tees, 200 rounds (CPU 4× slower)',
    run: () => benchTargetScore(),
  },
  { title: 'Local stack REST and Realtime', run: () => benchStack() },
  { title: 'Import 1,000 rounds from CSV', run: () => benchImport() },
  { title: 'Directory search with 20,000 published courses', run: () => benchDirectory() },
  { title: 'Load: 200 golfers with realtime', run: () => benchLoad() },
  {
    title: 'Realtime: Broadcast from the database vs Postgres Changes, 100 subscribers, 25 rooms',
    run: () => benchRealtimeBroadcast(),
  },
  {
    title: "Shared card: an entry on one phone to the others', 20 cards of 4 players live",
    run: () => benchSharedCard(),
  },
  {
    title: 'Shared card: Lighthouse on the card with 4 players',
    run: () => benchSharedCardLighthouse(),
  },
  { title: 'Original design vs ours', run: () => benchOriginalDesign() },
]

async function main() {
  const filter = process.argv[2]?.toLowerCase()
  const results: { title: string; result: unknown }[] = []
  for (const section of sections) {
    if (filter && !section.title.toLowerCase().includes(filter)) continue
    process.stderr.write(`▶ ${section.title}…\n`)
    const started = performance.now()
    const result = await section.run()
    process.stderr.write(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
    process.stdout.write(`${section.title}: ${JSON.stringify(result, null, 2)}\n`)
    results.push({ title: section.title, result })
  }
  if (filter) return
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
  const body = [
    '# Benchmarks (raw figures)',
    '',
    `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} — ${machine}.`,
    'The tables and their reading are in BENCHMARKS.md; this file is rewritten by every run.',
    '',
    ...results.flatMap(({ title, result }) => [
      `## ${title}`,
      '',
      '```json',
      JSON.stringify(result, null, 2),
      '```',
      '',
    ]),
  ].join('\n')
  await writeFile(path.join(PROJECT_ROOT, 'bench', 'latest-results.md'), body)
}

await main()
process.exit(0)
