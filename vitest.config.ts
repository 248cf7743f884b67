import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }

// One `vitest run` runs every test in the repo: fast unit tests in jsdom, and the database suites
// against a fresh embedded Postgres with the migrations applied.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'database',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['./tests/setup/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
