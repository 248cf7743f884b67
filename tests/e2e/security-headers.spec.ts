import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer as createViteServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, inject } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import { appUrl } from './support/browser.ts'
import { it } from './support/browser-test.ts'

/**
 * The app keeps its refresh token in localStorage, so injected script or a framing page must get
 * nowhere. The production build (served by `vite preview`, as a static host would with the
 * generated `_headers`) and the dev server both send a strict Content-Security-Policy; every other
 * browser test runs under it too and fails on any violation it logs.
 */
function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    })
  })
}

describe('the production build', () => {
  it('sends a strict policy naming only the app and its Supabase project', async () => {
    const response = await fetch(appUrl('/courses'))
    const policy = response.headers.get('content-security-policy') ?? ''
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/)
        return [name, values.join(' ')] as const
      }),
    )
    const api = new URL(inject('stack').apiUrl)
    expect(directives.get('script-src')).toBe("'self'")
    expect(directives.get('connect-src')).toBe(`'self' ${api.origin} ws://${api.host}`)
    expect(directives.get('frame-ancestors')).toBe("'none'")
    expect(directives.get('object-src')).toBe("'none'")
    expect(directives.get('base-uri')).toBe("'self'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('refuses to run script injected into the page', async ({ open }) => {
    const { page } = await open()
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text())
    })
    await page.goto(appUrl('/'))
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    const ran = await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      return (window as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => violations.length).toBeGreaterThan(0)
  })

  it('cannot be framed by another site', async ({ open }) => {
    const framing = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html')
      res.end(`<!doctype html><title>Not HCPFast</title><iframe src="${appUrl('/')}"></iframe>`)
    })
    const framingUrl = await listen(framing)
    const { context, page } = await open()
    try {
      const blocked = page.waitForEvent('console', (message) =>
        /frame-ancestors|Refused to frame|refused to connect/i.test(message.text()),
      )
      await page.goto(framingUrl)
      await blocked
      const app = page.frames().find((frame) => frame !== page.mainFrame())
      expect(await app?.locator('body').textContent()).not.toContain('Log In')
    } finally {
      // The browser's connections first: the server's close waits for them.
      await context.close()
      await new Promise((resolve) => framing.close(resolve))
    }
  })
})

describe('the dev server', () => {
  let vite: ViteDevServer

  beforeAll(async () => {
    process.env.VITE_SUPABASE_URL = inject('stack').apiUrl
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = inject('stack').publishableKey
    vite = await createViteServer({
      root: PROJECT_ROOT,
      mode: 'development',
      logLevel: 'warn',
      server: { port: 0, strictPort: false, hmr: false },
    })
    await vite.listen()
  })
  afterAll(async () => {
    await vite.close()
  })

  it('sends the same policy and the app runs under it with no violation', async ({ open }) => {
    const url = vite.resolvedUrls?.local[0] ?? ''
    const response = await fetch(url)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/)
    expect(policy).toContain("frame-ancestors 'none'")
    const { page, problems } = await open()
    await page.goto(url)
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    expect(problems).toEqual([])
  })
})
