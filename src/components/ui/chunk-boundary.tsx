import { Component, lazy, type ComponentType, type ReactNode } from 'react'
import type { Chunk } from '@/lib/chunk'
import { ChunkLoadError, reloadOnceIfDeployed, reloadToRetry } from './chunk-reload'

/** What the golfer reads where a screen or a panel could not be drawn. */
export const CHUNK_FAILED = "Couldn't load this part of HCPFast. Check your connection."

/** Each lazy chunk's way back from a failed load: React.lazy keeps a failure for good. */
const retries = new Set<() => void>()

/**
 * React.lazy alone would throw the same failure for ever; this one's Retry loads afresh. A
 * component whose chunk is already in memory (prefetched) is drawn at once, where React.lazy would
 * suspend and hold the screen behind its fallback for React's minimum showing.
 */
export function lazyChunk<Module, Props extends object>(
  load: Chunk<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  let failed = false
  const make = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: pick(module) }),
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
    // Current never draws once the chunk is in: its load resolves only after the chunk's.
    const module = load.loaded()
    if (module === undefined) return <Current {...props} />
    const Loaded = pick(module)
    return <Loaded {...props} />
  }
  return LazyChunk
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

/** A chunk that cannot load or a screen that fails to draw shows one line and Retry in its place,
 * never a blank app. */
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
