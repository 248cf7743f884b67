import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_LAUNCH } from './chromium.ts'

/**
 * The first step of `npm test`: the browser tests need a Chromium, and npm cannot bring one here
 * (Playwright's download is not reachable; Debian's package is). Found → nothing to do. Missing
 * on a Debian-like machine where this runs as root (CI, a container) → Debian's `chromium`
 * package is installed, as .ci/run used to do. Otherwise → say how to get one and stop, before
 * minutes of other tests run.
 */
const executable = CHROMIUM_LAUNCH.executablePath

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

/** Only asked when Chromium is missing: the usual `npm test` starts no process for it. */
const canInstall = () =>
  !process.env.CHROMIUM_PATH &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0

if (!existsSync(executable) && canInstall()) {
  process.stdout.write(`No Chromium at ${executable}: installing Debian's chromium package…\n`)
  const installed =
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', [
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
      'fonts-dejavu-core',
    ])
  if (!installed) process.stderr.write('apt-get could not install chromium.\n')
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
