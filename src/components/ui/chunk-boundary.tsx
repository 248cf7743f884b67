import { Component, lazy, type ComponentType, type ReactNode } from 'react'

/** What the golfer reads where a screen or a panel could not be drawn. */
export const CHUNK_FAILED = "Couldn't load this part of HCPFast. Check your connection."

/** A lazy chunk (a screen's or a panel's code) could not be fetched or run. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
  /** The script that failed, when the browser says (Chromium and Firefox do, Safari does not). */
  readonly url: string | undefined

  constructor(cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause)
    super(message, { cause })
    this.url = /(https?:\/\/\S+?\.m?js)\b/.exec(message)?.[1]
  }
}

/** Each lazy chunk's way back from a failed load: React.lazy keeps a failure for good. */
const retries = new Set<() => void>()

/**
 * React.lazy for a component of a chunk loaded on first use, whose failure a ChunkBoundary shows
 * and whose Retry loads it afresh (React.lazy alone would throw the same failure for ever).
 */
export function lazyChunk<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let failed = false
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed = true
          throw new ChunkLoadError(error)
        },
      ),
    )
  let Current = make()
  retries.add(() => {
    if (!failed) return
    failed = false
    Current = make()
  })
  function LazyChunk(props: Props) {
    return <Current {...props} />
  }
  return LazyChunk
}

const RELOADED_KEY = 'hcpfast:reloaded-for-missing-chunk'

/**
 * After a deploy, the running page asks for chunk files the server no longer has (their names
 * carry the old build's hashes): only a reload, which fetches the new build, helps. Once per tab
 * session (a marker in sessionStorage), so a chunk missing from the new build too cannot reload
 * the page in a loop; a chunk that is there (the network failed) is left to Retry. True when it
 * reloads.
 */
export async function reloadOnceIfDeployed(
  error: unknown,
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  if (!(error instanceof ChunkLoadError) || !error.url) return false
  let gone: boolean
  try {
    const answer = await fetch(error.url, { method: 'HEAD', cache: 'no-store' })
    // A host that answers every unknown path with the app's page has no 404 to give.
    gone = !answer.ok || (answer.headers.get('content-type') ?? '').includes('text/html')
  } catch {
    return false
  }
  if (!gone || sessionStorage.getItem(RELOADED_KEY) !== null) return false
  sessionStorage.setItem(RELOADED_KEY, error.url)
  reload()
  return true
}

/**
 * Whether Retry must reload the page: a browser keeps a module that failed to load in its module
 * map for the document's life (Safari and Firefox do), so importing it again throws the same
 * failure. A new document starts afresh; only once the script can be fetched (or, where the
 * browser names none, the device is online), so an offline Retry never loses the page.
 */
export async function reloadToRetry(
  error: unknown,
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  if (!(error instanceof ChunkLoadError)) return false
  if (error.url) {
    try {
      const answer = await fetch(error.url, { method: 'HEAD', cache: 'no-store' })
      if (!answer.ok) return false
    } catch {
      return false
    }
  } else if (!navigator.onLine) {
    return false
  }
  reload()
  return true
}

interface ChunkBoundaryProps {
  children: ReactNode
  /** The place shown (a route's path): moving elsewhere draws that place afresh. */
  resetKey?: string
  /** How Retry reloads the page (tests pass their own). */
  reload?: () => void
}

interface ChunkBoundaryState {
  failed: boolean
  error: unknown
}

const retryFailedChunks = () => {
  for (const retry of retries) retry()
}

/**
 * Around every lazy screen and panel: a chunk that cannot load (offline before the service worker
 * has the app, or just after a deploy), or a screen that fails to draw, shows one line and Retry
 * in its place, never a blank app; the rest of the screen stays. React reports the error itself.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, ChunkBoundaryState> {
  override state: ChunkBoundaryState = { failed: false, error: null }

  static getDerivedStateFromError(error: unknown): ChunkBoundaryState {
    return { failed: true, error }
  }

  override componentDidCatch(error: unknown): void {
    void reloadOnceIfDeployed(error)
  }

  override componentDidUpdate(previous: ChunkBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.drawAgain()
  }

  private readonly drawAgain = () => {
    retryFailedChunks()
    this.setState({ failed: false, error: null })
  }

  private readonly retry = () => {
    void reloadToRetry(this.state.error, this.props.reload).then((reloaded) => {
      if (!reloaded) this.drawAgain()
    })
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <div className="load-error" role="alert">
        <p>{CHUNK_FAILED}</p>
        <button type="button" className="button button--secondary" onClick={this.retry}>
          Retry
        </button>
      </div>
    )
  }
}
