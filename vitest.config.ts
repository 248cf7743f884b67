import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
// The stack package's own projects (its unit and conformance suites); a config file, not code.
import { localSupabaseProjects } from './packages/local-supabase/vitest.config.ts'

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }

// A unit test file that needs no DOM says so on its first line and runs in Node, without jsdom
// and the DOM setup: building a jsdom window for each file cost more than most files' tests.
const NODE_MARKER = '// @vitest-environment node'
const unitTests = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => ({ file: `src/${file}`, text: readFileSync(`src/${file}`, 'utf8') }))
const filesWhere = (test: (text: string) => boolean) =>
  unitTests.filter(({ text }) => test(text)).map(({ file }) => file)
const nodeUnitTests = filesWhere((text) => text.startsWith(NODE_MARKER))
// Unit files share their worker's modules (and jsdom window; the setup files reset the stores, the
// device's storage, the DOM, spies, fake clocks and stubbed globals after each test), except a
// file that replaces a module: a module another file imported first keeps the real one.
const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/
const replacingUnitTests = filesWhere((text) => REPLACES_A_MODULE.test(text))
const RESTORE_AFTER_EACH = './src/testing/restore-after-each.ts'
const shared = (files: string[]) => files.filter((file) => !replacingUnitTests.includes(file))
const apart = (files: string[]) => files.filter((file) => replacingUnitTests.includes(file))
const jsdomUnitTests = filesWhere((text) => !text.startsWith(NODE_MARKER))

// The database, browser and stack projects share workers between files too, with no isolated
// twin: a file there that replaced a module would leak it into the next, so it is refused here.
for (const dir of ['tests/db', 'tests/e2e', 'packages/local-supabase']) {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(test|spec)\.ts$/.test(file) || file.includes('node_modules')) continue
    if (REPLACES_A_MODULE.test(readFileSync(`${dir}/${file}`, 'utf8'))) {
      throw new Error(
        `${dir}/${file} calls vi.mock, but its project's files share a worker (isolate: false)`,
      )
    }
  }
}

// vite-plugin-pwa makes `virtual:pwa-register` in a build only; a unit test replaces it (vi.mock).
const PWA_REGISTER = 'virtual:pwa-register'
const pwaRegisterStandIn = {
  name: 'pwa-register-stand-in',
  resolveId: (id: string) => (id === PWA_REGISTER ? `\0${PWA_REGISTER}` : undefined),
  load: (id: string) =>
    id === `\0${PWA_REGISTER}` ? 'export function registerSW() {}' : undefined,
}

// One `vitest run` runs every test in the repo, in groups that never compete for the 2 cores
// with something slower or more timing-sensitive: (0) pure unit and component tests, (1) the
// schema on a bare database, (2) the stack's and the app's integration suites, (3) the load test
// alone, (4) the browser journeys against a production build. A group starts when the previous
// one has finished.
export default defineConfig({
  test: {
    reporters: ['default', './tests/setup/group-times.ts', './tests/setup/start-early.ts'],
    // Every core: Vitest's own default leaves one idle, which on a 2-core machine ran the unit and
    // integration groups one file at a time.
    maxWorkers: '100%',
    projects: [
      jsdomUnitProject('unit', { isolate: false, include: shared(jsdomUnitTests) }),
      jsdomUnitProject('unit:isolated', { isolate: true, include: apart(jsdomUnitTests) }),
      nodeUnitProject('unit:node', { isolate: false, include: shared(nodeUnitTests) }),
      nodeUnitProject('unit:node:isolated', { isolate: true, include: apart(nodeUnitTests) }),
      ...localSupabaseProjects.map((project) => ({
        ...project,
        test: {
          ...project.test,
          sequence: { groupOrder: project.test?.name === 'local-supabase:unit' ? 0 : 2 },
        },
      })),
      {
        resolve: { alias },
        test: {
          name: 'database',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['./tests/setup/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file on its own copy of the migrated database (tests/support/file-database.ts), so
          // files at once never see each other's rows. Half of each file's time is Postgres's: a
          // third file keeps both cores busy.
          maxWorkers: 3,
          // The files replace no module and set no global: they share their worker's loaded
          // modules (pg, the app's pure rules) rather than load them in a process each.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/db/**', 'tests/load/**'],
          globalSetup: ['./tests/setup/global-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // The files wait on the stack about half their time (a restart, a timer, a round trip):
          // two files per core keep both cores busy.
          maxWorkers: 4,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          environment: 'node',
          include: ['tests/load/**/*.test.ts'],
          globalSetup: ['./tests/setup/global-stack.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['./tests/e2e/setup/global-app.ts'],
          // A bound: the longest journey (the shared card on two phones) takes about 50 s alone
          // and passed 90 s once with the machine's load at 10.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Two spec files at a time, each with contexts of its own in the one Chromium. Not every
          // core: the journeys keep 2 cores busy already (a third worker ran no faster).
          maxWorkers: 2,
          // A spec file starts in a worker that has loaded Playwright and the stack's client
          // already; each file still connects to Chromium on its own and closes what it opened.
          isolate: false,
          // expect.poll's default of 1 s is a guess at machine speed; a browser on a busy CI
          // machine needs more. Passing polls return as soon as they pass.
          expect: { poll: { timeout: 30_000, interval: 50 } },
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
})

/** The unit files that render: jsdom and the DOM setup, and a bound for a busy machine. */
function jsdomUnitProject(name: string, files: UnitFiles) {
  return {
    plugins: [react(), pwaRegisterStandIn],
    resolve: { alias },
    test: {
      name,
      environment: 'jsdom',
      // Processes, Vitest's default, not threads: Node's BroadcastChannel reaches every thread of
      // a process, so two files' sign-in and outbox channels would hear each other.
      ...files,
      setupFiles: [RESTORE_AFTER_EACH, './src/testing/setup-tests.ts'],
      // A bound, not a wait: these tests wait on conditions, and a screen test that renders the
      // whole signed-in app in jsdom took 4-6 s when the 2 cores were busy (Vitest's 5 s default
      // then failed tests that pass alone).
      testTimeout: 30_000,
      sequence: { groupOrder: 0 },
    },
  }
}

/** The unit files that need no DOM. */
function nodeUnitProject(name: string, files: UnitFiles) {
  return {
    resolve: { alias },
    test: {
      name,
      environment: 'node',
      ...files,
      setupFiles: [RESTORE_AFTER_EACH],
      testTimeout: 30_000,
      sequence: { groupOrder: 0 },
    },
  }
}

interface UnitFiles {
  isolate: boolean
  include: string[]
}
