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
