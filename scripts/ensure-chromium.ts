import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_LAUNCH, HEADLESS_SHELL_PATH, wantsHeadlessShell } from './chromium.ts'

/**
 * The first step of `npm test`: the browser tests need a Chromium, and npm cannot bring one here
 * (Playwright's download is not reachable; Debian's packages are). Found → nothing to do. Missing
 * on a Debian-like machine where this runs as root (CI, a container) → Debian's `chromium` and
 * `chromium-headless-shell` packages are installed. Without full Chromium, say how to get one and
 * stop, before minutes of other tests run; without the shell, the journeys run on full Chromium.
 */
const executable = CHROMIUM_LAUNCH.executablePath

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

/** Only asked when a browser is missing: the usual `npm test` starts no process for it. */
const canInstall = () =>
  !process.env.CHROMIUM_PATH &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0

const shellMissing = () => wantsHeadlessShell && !existsSync(HEADLESS_SHELL_PATH)
const missing = [
  ...(existsSync(executable) ? [] : ['chromium', 'fonts-dejavu-core']),
  ...(shellMissing() ? ['chromium-headless-shell'] : []),
]
if (missing.length > 0 && canInstall()) {
  process.stdout.write(`Installing Debian's ${missing.join(', ')}…\n`)
  const installed =
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing])
  if (!installed) process.stderr.write(`apt-get could not install ${missing.join(', ')}.\n`)
}

if (!existsSync(executable)) {
  process.stderr.write(
    [
      `The browser tests need Chromium, and there is none at ${executable}.`,
      'Install it (Debian/Ubuntu: sudo apt-get install chromium) or point CHROMIUM_PATH at one.',
      '',
    ].join('\n'),
  )
  process.exit(1)
}
if (shellMissing()) {
  process.stdout.write(
    `No headless shell at ${HEADLESS_SHELL_PATH}: the browser journeys run on full Chromium, at about twice the CPU (Debian/Ubuntu: sudo apt-get install chromium-headless-shell).\n`,
  )
}
