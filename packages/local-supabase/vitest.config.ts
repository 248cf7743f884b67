import { defineProject } from 'vitest/config'

/**
 * The package's own tests: pure protocol units that need no server, then conformance suites that
 * drive a real stack on the fixture project with the real supabase-js. The root config lists
 * these projects, so `npm test` at the repository root runs them.
 */
export const localSupabaseProjects = [
  defineProject({
    test: {
      name: 'local-supabase:unit',
      root: import.meta.dirname,
      environment: 'node',
      include: ['src/**/*.test.ts'],
      // Pure protocol units that replace no module: files share their worker's loaded modules.
      isolate: false,
    },
  }),
  defineProject({
    test: {
      name: 'local-supabase:conformance',
      root: import.meta.dirname,
      environment: 'node',
      include: ['test/**/*.test.ts'],
      globalSetup: ['./test/setup/global-stack.ts'],
      testTimeout: 60_000,
      hookTimeout: 180_000,
      // The suites wait on the stack about half their time: two files per core keep the cores busy.
      maxWorkers: 4,
      // The suites replace no module and set no global: files share their worker's loaded
      // modules (supabase-js, pg) rather than load them in a process each.
      isolate: false,
    },
  }),
]

export default { test: { projects: localSupabaseProjects } }
