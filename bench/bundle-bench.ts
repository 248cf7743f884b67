import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { round } from './support.ts'

/**
 * Issue 4's budget (1.10 since issue 29): the gzipped JavaScript a golfer downloads before the login screen is usable
 * (the entry script and everything it preloads), against the floor of the stack — a minimal Vite
 * page importing only react, react-dom, react-router-dom and @supabase/supabase-js, built the same way, in this run.
 */
export async function benchBundle() {
  // Inside the project so the floor page resolves packages from this node_modules.
  await mkdir(path.join(PROJECT_ROOT, '.local'), { recursive: true })
  const work = await mkdtemp(path.join(PROJECT_ROOT, '.local', 'bundle-'))
  try {
    const appOut = path.join(work, 'app')
    await build({
      root: PROJECT_ROOT,
      logLevel: 'silent',
      mode: 'production',
      build: { outDir: appOut, emptyOutDir: true },
    })
    const floorOut = path.join(work, 'floor')
    await buildFloorPage(work, floorOut)
    const initial = await initialScripts(appOut)
    const app = await gzippedSize(appOut, initial)
    const floor = await gzippedSize(floorOut, await initialScripts(floorOut))
    return {
      app_login_js_gzip_kb: round(app / 1024, 1),
      floor_js_gzip_kb: round(floor / 1024, 1),
      ratio: round(app / floor, 3),
      budget_ratio: 1.1,
      lazy_chunks_gzip_kb: await lazyChunks(appOut, initial),
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * The floor of the stack: a Vite page that imports only react, react-dom, react-router-dom and supabase-js,
 * creates a client and routes to one paragraph, built into `outDir` (`work` holds its source and cache).
 */
export async function buildFloorPage(work: string, outDir: string): Promise<void> {
  const floorRoot = path.join(work, 'floor-src')
  await mkdir(floorRoot, { recursive: true })
  await writeFile(
    path.join(floorRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Floor</title></head><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
  )
  await writeFile(
    path.join(floorRoot, 'main.tsx'),
    [
      "import { createRoot } from 'react-dom/client'",
      "import { BrowserRouter, Route, Routes } from 'react-router-dom'",
      "import { createClient } from '@supabase/supabase-js'",
      "const client = createClient('http://127.0.0.1:54321', 'sb_publishable_x')",
      'const page = <p>{String(Boolean(client))}</p>',
      "createRoot(document.getElementById('root')!).render(<BrowserRouter><Routes><Route path='*' element={page} /></Routes></BrowserRouter>)",
    ].join('\n'),
  )
  await build({
    root: floorRoot,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [react()],
    resolve: { alias: {} },
    build: { outDir, emptyOutDir: true },
    cacheDir: path.join(work, 'vite-cache'),
  })
}

/** The scripts index.html loads or preloads, as paths inside `outDir`. */
async function initialScripts(outDir: string): Promise<Set<string>> {
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8')
  const files = new Set<string>()
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1] as string)
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) {
    files.add(match[1] as string)
  }
  return new Set([...files].map((file) => file.replace(/^\//, '')))
}

async function gzippedSize(outDir: string, files: Iterable<string>): Promise<number> {
  let total = 0
  for (const file of files) {
    total += gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length
  }
  return total
}

/** Each chunk fetched later (the signed-in screens, sign-up and recovery, …), by its name. */
async function lazyChunks(outDir: string, initial: Set<string>): Promise<Record<string, number>> {
  const chunks: Record<string, number> = {}
  for (const file of (await readdir(path.join(outDir, 'assets'))).sort()) {
    const relative = `assets/${file}`
    if (!file.endsWith('.js') || initial.has(relative)) continue
    const name = file.replace(/-[\w-]{8}\.js$/, '')
    chunks[name] = round((chunks[name] ?? 0) + (await gzippedSize(outDir, [relative])) / 1024, 1)
  }
  return chunks
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchBundle(), null, 2)}\n`)
}
