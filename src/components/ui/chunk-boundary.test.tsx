import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chunk } from '@/lib/chunk'
import { CHUNK_FAILED, ChunkBoundary, lazyChunk } from './chunk-boundary'
import { ChunkLoadError, reloadOnceIfDeployed } from './chunk-reload'

/** What Chromium says when a lazy chunk cannot be fetched. */
const importFailure = (url: string) =>
  new TypeError(`Failed to fetch dynamically imported module: ${url}`)

function Stats() {
  return <h2>Scoring stats</h2>
}

function screenWith(Panel: React.ComponentType, reload: () => void = () => undefined) {
  return render(
    <main>
      <h1>HCP</h1>
      <ChunkBoundary reload={reload}>
        <Suspense fallback={null}>
          <Panel />
        </Suspense>
      </ChunkBoundary>
      <p>Score 85, Home Links</p>
    </main>,
  )
}

describe('a lazy chunk', () => {
  const drawn = (Panel: React.ComponentType) =>
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Panel />
      </Suspense>,
    )

  it('already in memory (prefetched) is drawn at once, with no fallback to hold it back', async () => {
    const load = vi.fn<() => Promise<typeof Stats>>().mockResolvedValue(Stats)
    const stats = chunk(load)
    await stats()
    drawn(lazyChunk(stats, (panel) => panel))
    expect(screen.getByRole('heading', { name: 'Scoring stats' })).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('not yet fetched shows the fallback until it comes', async () => {
    let arrive = () => {}
    const fetched = new Promise<void>((resolve) => (arrive = resolve))
    const load = vi.fn(async () => {
      await fetched
      return Stats
    })
    drawn(lazyChunk(chunk(load), (panel) => panel))
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    arrive()
    expect(await screen.findByRole('heading', { name: 'Scoring stats' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })
})

describe('a lazy chunk that cannot load', () => {
  it('shows one line and Retry in its place, keeps the rest of the screen, and reloads the page on Retry once online', async () => {
    // React reports the caught error on the console; that is expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // Safari names no script, and keeps the failed module: only a new page loads it again.
    const load = vi
      .fn<() => Promise<typeof Stats>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue(Stats)
    const reload = vi.fn()
    screenWith(
      lazyChunk(chunk(load), (stats) => stats),
      reload,
    )

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(CHUNK_FAILED)
    expect(screen.getByRole('heading', { name: 'HCP' })).toBeInTheDocument()
    expect(screen.getByText('Score 85, Home Links')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(load).toHaveBeenCalledTimes(1)
    reported.mockRestore()
  })

  it('while offline, tries again in place and shows the same line when it fails again', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const load = vi.fn<() => Promise<typeof Stats>>().mockRejectedValue(new TypeError('offline'))
    const reload = vi.fn()
    screenWith(
      lazyChunk(chunk(load), (stats) => stats),
      reload,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2))
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_FAILED)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
    offline.mockRestore()
    reported.mockRestore()
  })

  it('knows the script from the browser’s words', () => {
    const url = 'https://hcpfast.example/assets/scoring-stats-C3x9Qz1a.js'
    expect(new ChunkLoadError(importFailure(url)).url).toBe(url)
    expect(new ChunkLoadError(new TypeError('Importing a module script failed.')).url).toBe(
      undefined,
    )
  })
})

describe('after a deploy', () => {
  // What the web server answers for each script (the browser test asks a real one): the old
  // build's chunk is gone (404), the new one is there, a host that answers every path with the
  // app's page, and no answer at all.
  const answers: Record<string, () => Response> = {
    '/assets/there.js': () => new Response('', { headers: { 'content-type': 'text/javascript' } }),
    '/spa/gone.js': () =>
      new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
  }
  beforeEach(() => {
    sessionStorage.clear()
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { pathname } = new URL(String(input))
      if (pathname === '/assets/offline.js') throw new TypeError('Failed to fetch')
      return answers[pathname]?.() ?? new Response('Not Found', { status: 404 })
    })
  })
  afterEach(() => vi.restoreAllMocks())

  const failed = (path: string) =>
    new ChunkLoadError(importFailure(`https://hcpfast.example${path}`))

  it('reloads once when the chunk is gone, never twice in a tab', async () => {
    const reload = vi.fn()
    expect(await reloadOnceIfDeployed(failed('/assets/gone.js'), reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(await reloadOnceIfDeployed(failed('/assets/gone.js'), reload)).toBe(false)
    expect(await reloadOnceIfDeployed(failed('/assets/other-gone.js'), reload)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('takes the app’s page where a script should be for gone too', async () => {
    const reload = vi.fn()
    expect(await reloadOnceIfDeployed(failed('/spa/gone.js'), reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not reload for a chunk that is there (the network failed), or when nothing answers', async () => {
    const reload = vi.fn()
    expect(await reloadOnceIfDeployed(failed('/assets/there.js'), reload)).toBe(false)
    expect(await reloadOnceIfDeployed(failed('/assets/offline.js'), reload)).toBe(false)
    expect(await reloadOnceIfDeployed(new Error('a bug in a screen'), reload)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})
