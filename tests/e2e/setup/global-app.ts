import path from 'node:path'
import { build, preview, type PreviewServer } from 'vite'
import type { TestProject } from 'vitest/node'
import { PROJECT_ROOT } from '../../../supabase/local/config.ts'
import { startTestStack } from '../../setup/global-stack.ts'

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
  const { info, stop } = await startTestStack()
  project.provide('stack', info)
  let server: PreviewServer | undefined
  try {
    const outDir = path.join(PROJECT_ROOT, 'dist-e2e')
    process.env.VITE_SUPABASE_URL = info.apiUrl
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = info.publishableKey
    await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    server = await preview({
      preview: { port: 0, strictPort: false, host: '127.0.0.1' },
      build: { outDir },
      logLevel: 'warn',
    })
    const appUrl = server.resolvedUrls?.local[0]
    if (!appUrl) throw new Error('vite preview did not report its URL')
    project.provide('appUrl', appUrl.replace(/\/$/, ''))
  } catch (error) {
    await stop()
    throw error
  }
  return async () => {
    await server?.close()
    await stop()
  }
}
