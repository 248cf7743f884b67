import { rm } from 'node:fs/promises'
import path from 'node:path'
import { preview } from 'vite'
import { describe, expect } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import { buildApp } from './setup/global-app.ts'
import { PHONE_WITH_WORKER, serviceWorkerControls } from './support/browser.ts'
import { it } from './support/browser-test.ts'

/**
 * The README's production build, `npm run build && npm run preview`, on a fresh clone: nothing in
 * the environment, no `.env.local`. It is built as `vite build` builds it (the project's config and
 * its committed env files) and served as `vite preview` serves it, on the loopback address.
 */
describe("the README's production build", () => {
  it('opens the login screen on the local stack with nothing configured', async ({ open }) => {
    const { page, problems } = await open(PHONE_WITH_WORKER)
    const outDir = path.join(PROJECT_ROOT, `dist-e2e-readme-${process.pid}`)
    const set = {
      url: process.env.VITE_SUPABASE_URL,
      key: process.env.VITE_SUPABASE_PUBLISHABLE_KEY,
    }
    delete process.env.VITE_SUPABASE_URL
    delete process.env.VITE_SUPABASE_PUBLISHABLE_KEY
    try {
      await buildApp({ build: { outDir, emptyOutDir: true } })
      const server = await preview({
        preview: { port: 0, strictPort: false, host: '127.0.0.1' },
        build: { outDir },
        logLevel: 'warn',
      })
      try {
        const url = server.resolvedUrls?.local[0] ?? ''
        // The policy the preview sends names the local stack that `npm run stack` starts.
        const policy = (await fetch(url)).headers.get('content-security-policy') ?? ''
        expect(policy).toContain("connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321")
        await page.goto(url)
        await page.getByRole('button', { name: 'Log In' }).waitFor()
        expect(await page.locator('body').textContent()).not.toContain('not configured')
        // The app registers its service worker after the load: the server stays up until it has.
        await serviceWorkerControls(page)
        expect(problems).toEqual([])
      } finally {
        await server.close()
      }
    } finally {
      if (set.url !== undefined) process.env.VITE_SUPABASE_URL = set.url
      if (set.key !== undefined) process.env.VITE_SUPABASE_PUBLISHABLE_KEY = set.key
      await rm(outDir, { recursive: true, force: true })
    }
  })
})
