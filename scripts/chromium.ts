import { existsSync } from 'node:fs'

/**
 * How this project starts Chromium (the browser tests, the benchmarks, the icon renderer):
 * Debian's build here and in CI, CHROMIUM_PATH elsewhere (Playwright cannot download one), with
 * nothing running in the background that would reach the network.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
  ],
}

/**
 * The same engine without the desktop browser around it (Debian's chromium-headless-shell, the
 * build Playwright itself runs headless tests on), for the browser journeys: it costs far less CPU.
 * Full Chromium stays for what only it does: installing the app, the app-update journey and
 * Lighthouse. A browser named by CHROMIUM_PATH runs everything.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'
export const wantsHeadlessShell = !process.env.CHROMIUM_PATH

/** The journeys' shared browser: the headless shell when it is wanted and installed. */
export function journeyLaunch(): typeof CHROMIUM_LAUNCH {
  return wantsHeadlessShell && existsSync(HEADLESS_SHELL_PATH)
    ? { ...CHROMIUM_LAUNCH, executablePath: HEADLESS_SHELL_PATH }
    : CHROMIUM_LAUNCH
}
