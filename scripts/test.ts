import { spawn } from 'node:child_process'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { allPassed, report, runChecks } from './checks.ts'
import { PROJECT_ROOT } from './project.ts'

/**
 * `npm test` after its Chromium step: `vitest run` (with this command's arguments, so `npm test --
 * <path>` runs one file) and, beside it at the lowest CPU priority, the static checks. The tests
 * leave a core idle while Postgres starts, the app builds and the journeys wait on the network;
 * the checks take that time instead of running first. Vitest's output streams; the checks' follows
 * it. Fails if either fails.
 */
const LOWEST_PRIORITY = 19

const started = performance.now()
const checks = runChecks({ niceness: LOWEST_PRIORITY })
const vitestCode = await new Promise<number>((resolve) => {
  const vitest = spawn(
    path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vitest'),
    ['run', ...process.argv.slice(2)],
    { cwd: PROJECT_ROOT, stdio: 'inherit' },
  )
  vitest.on('error', (error) => {
    process.stderr.write(`${error.message}\n`)
    resolve(1)
  })
  vitest.on('close', (code) => resolve(code ?? 1))
})

const outcomes = await checks
process.stdout.write(`\nChecks, beside the tests:${outcomes.map(report).join('')}`)
const checksPassed = allPassed(outcomes)
const seconds = ((performance.now() - started) / 1000).toFixed(0)
process.stdout.write(`\nnpm test: ${seconds} s\n`)
if (vitestCode !== 0 || !checksPassed) process.exitCode = 1
