import { rm } from 'node:fs/promises'
import path from 'node:path'
import { build, preview, type BuildOptions, type InlineConfig, type PreviewServer } from 'vite'
import type { TestProject } from 'vitest/node'
import { PROJECT_ROOT } from '../../../scripts/project.ts'
import { startAppStack } from '../../setup/global-stack.ts'
import type { StackInfo } from '../../support/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
  }
}

/**
 * Browser journeys run against the production build of the app, served by `vite preview`, talking
 * to a fresh local stack — the same bundle a golfer would download.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await startAppStack()
  project.provide('stack', info)
  try {
    // Per process, so two test runs side by side never serve each other's build.
    const app = await serveAppFor(info, path.join(PROJECT_ROOT, `dist-e2e-${process.pid}`))
    project.provide('appUrl', app.url)
    return async () => {
      await app.close()
      await stop()
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * `vite build` as a golfer's build is made. Vitest sets NODE_ENV=test, and Vite then bundles
 * React's development build (about 700 KB instead of 500): golfers get the production one.
 */
export async function buildApp(config: InlineConfig): Promise<void> {
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ mode: 'production', logLevel: 'warn', ...config })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

/**
 * Builds the app for one stack into `outDir` and serves it with `vite preview` on a free port.
 * `build` adds to the golfer's build options (a profile wants readable function names).
 */
export async function serveAppFor(
  stack: Pick<StackInfo, 'apiUrl' | 'publishableKey'>,
  outDir: string,
  build: BuildOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  process.env.VITE_SUPABASE_URL = stack.apiUrl
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY = stack.publishableKey
  await buildApp({ build: { ...build, outDir, emptyOutDir: true } })
  const server: PreviewServer = await preview({
    preview: { port: 0, strictPort: false, host: '127.0.0.1' },
    build: { outDir },
    logLevel: 'warn',
  })
  const url = server.resolvedUrls?.local[0]
  if (!url) {
    await server.close()
    throw new Error('vite preview did not report its URL')
  }
  return {
    url: url.replace(/\/$/, ''),
    close: async () => {
      await server.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
