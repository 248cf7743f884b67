import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, preview } from 'vite'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { launchProfile, serviceWorkerControls } from '../tests/e2e/support/browser.ts'
import { round } from './support.ts'

/**
 * Issue 12's installability figures, in place of Lighthouse's installable-manifest audit (its PWA
 * category is gone since Lighthouse 12): what Chromium's own check says of the production build
 * (`Page.getInstallabilityErrors`, the check Lighthouse used), the manifest it read, and what the
 * service worker costs a golfer on the first visit (the precache) and on every update check.
 */
export async function benchInstallability() {
  await mkdir(path.join(PROJECT_ROOT, '.local'), { recursive: true })
  const work = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'installability-'))
  // The login screen needs no backend; a production build only needs to be configured to start.
  await writeFile(
    path.join(work, '.env.production'),
    'VITE_SUPABASE_URL=http://127.0.0.1:54321\nVITE_SUPABASE_PUBLISHABLE_KEY=sb_publishable_bench\n',
  )
  try {
    const outDir = path.join(work, 'app')
    await build({
      root: PROJECT_ROOT,
      envDir: work,
      logLevel: 'silent',
      mode: 'production',
      build: { outDir },
    })
    const precache = await precacheSize(outDir)
    const server = await preview({
      root: PROJECT_ROOT,
      logLevel: 'silent',
      preview: { port: 0, strictPort: false, host: '127.0.0.1' },
      build: { outDir },
    })
    const url = server.resolvedUrls?.local[0]
    const context = await launchProfile(path.join(work, 'profile'))
    try {
      if (!url) throw new Error('vite preview did not report its URL')
      const page = await context.newPage()
      const started = performance.now()
      await page.goto(url)
      await serviceWorkerControls(page)
      const controlledMs = performance.now() - started
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      const manifest = await cdp.send('Page.getAppManifest')
      return {
        installability_errors: installabilityErrors.map((error) => error.errorId),
        manifest_errors: manifest.errors.map((error) => error.message),
        manifest: JSON.parse(manifest.data ?? 'null') as unknown,
        precache_files: precache.files,
        precache_kb: round(precache.bytes / 1024, 1),
        precache_gzip_kb: round(precache.gzipBytes / 1024, 1),
        service_worker_kb: round(precache.workerBytes / 1024, 1),
        service_worker_gzip_kb: round(precache.workerGzipBytes / 1024, 1),
        load_to_controlled_ms: round(controlledMs, 0),
      }
    } finally {
      await context.close()
      await server.close()
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The files sw.js precaches (read from its own list) and the worker's scripts, raw and gzipped. */
async function precacheSize(outDir: string) {
  const worker = await readFile(path.join(outDir, 'sw.js'), 'utf8')
  const urls = [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1] as string)
  const runtime = /define\(\["\.\/(workbox-[^"]+)"\]/.exec(worker)?.[1]
  if (urls.length === 0 || !runtime) throw new Error('sw.js has no precache list or runtime')
  let bytes = 0
  let gzipBytes = 0
  for (const url of new Set(urls)) {
    const content = await readFile(path.join(outDir, url))
    bytes += content.length
    gzipBytes += gzipSync(content, { level: 9 }).length
  }
  let workerBytes = 0
  let workerGzipBytes = 0
  for (const file of ['sw.js', `${runtime}.js`]) {
    const content = await readFile(path.join(outDir, file))
    workerBytes += (await stat(path.join(outDir, file))).size
    workerGzipBytes += gzipSync(content, { level: 9 }).length
  }
  return { files: new Set(urls).size, bytes, gzipBytes, workerBytes, workerGzipBytes }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchInstallability(), null, 2)}\n`)
}
