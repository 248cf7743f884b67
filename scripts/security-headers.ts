import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'

/**
 * The HTTP headers every response of the app should carry. The refresh token lives in
 * localStorage, so the one thing an attacker must never get is script running in the app's origin:
 * scripts only from the app's own files (no inline script, no eval), connections only to the app
 * and its Supabase project, and no framing (clickjacking).
 */
export interface HeaderOptions {
  /** The Supabase project the build talks to: REST/Auth over http(s), Realtime over ws(s). */
  supabaseUrl: string
  /** A per-server nonce for the dev server's injected tags. */
  nonce?: string
}

export function contentSecurityPolicy({ supabaseUrl, nonce }: HeaderOptions) {
  const api = new URL(supabaseUrl)
  const realtime = new URL(api.href)
  realtime.protocol = api.protocol === 'https:' ? 'wss:' : 'ws:'
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    // Radix's dialogs lock scrolling with a <style> element whose content depends on the
    // scrollbar's width, so no hash can name it. Inline style cannot run script or read the
    // token; allowing it is the usual trade (a nonce here would switch 'unsafe-inline' off).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${api.origin} ${realtime.origin}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // The Google popup reports back over BroadcastChannel, so the opener link is not needed;
    // allow-popups keeps the popup working in browsers that would otherwise sever it early.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  }
}

/**
 * The service worker script (vite-plugin-pwa's `sw.js`): a host or CDN that caches it delays
 * every deploy's "A new version is ready" until that cache expires, so it is always revalidated.
 */
export const SERVICE_WORKER_PATH = '/sw.js'
export const NO_CACHE = { 'Cache-Control': 'no-cache' }

/**
 * Netlify's and Cloudflare Pages' `_headers` format: the security headers for every path of the
 * site, and no-cache for the service worker (both hosts add up the blocks a path matches).
 */
export function headersFile(headers: Record<string, string>): string {
  const block = (pattern: string, values: Record<string, string>) => [
    pattern,
    ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`),
  ]
  return [...block('/*', headers), ...block(SERVICE_WORKER_PATH, NO_CACHE), ''].join('\n')
}

/**
 * Sends the headers from the dev server and `vite preview`, and writes them as `dist/_headers`
 * for static hosts that read one. A production build with inline script fails: the policy forbids
 * it, so it would break in the golfer's browser instead.
 */
export function securityHeadersPlugin(supabaseUrl: () => string): Plugin {
  let config: ResolvedConfig
  const devNonce = randomBytes(16).toString('base64')
  const builtHeaders = async () => {
    const html = await readFile(path.join(config.build.outDir, 'index.html'), 'utf8')
    if (/<script\b(?![^>]*\bsrc\s*=)[^>]*>\s*\S/i.test(html)) {
      throw new Error('index.html has an inline <script>: the Content-Security-Policy forbids it')
    }
    return securityHeaders({ supabaseUrl: supabaseUrl() })
  }
  return {
    name: 'hcpfast-security-headers',
    config(_user, env) {
      // Vite marks every tag it serves in development with this nonce, the react-refresh
      // preamble included, so the dev server can send the same strict policy as production.
      return env.command === 'serve' && !env.isPreview ? { html: { cspNonce: devNonce } } : {}
    },
    configResolved(resolved) {
      config = resolved
    },
    configureServer(server) {
      const headers = securityHeaders({ supabaseUrl: supabaseUrl(), nonce: devNonce })
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
        next()
      })
    },
    async configurePreviewServer(server) {
      const headers = await builtHeaders()
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
        if (req.url?.split('?')[0] === SERVICE_WORKER_PATH) {
          for (const [name, value] of Object.entries(NO_CACHE)) res.setHeader(name, value)
        }
        next()
      })
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return
      const file = path.join(config.build.outDir, '_headers')
      await writeFile(file, headersFile(await builtHeaders()))
    },
  }
}
