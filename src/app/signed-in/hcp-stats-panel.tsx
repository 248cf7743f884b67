import { startTransition, Suspense, useEffect, useReducer, type ComponentType } from 'react'
import { ChunkBoundary, lazyChunk } from '@/components/ui/chunk-boundary'
import type { Round } from '@/features/rounds/types'
import type { Chunk } from '@/lib/chunk'

// The stats panel shows only rounds scored hole by hole: a golfer with none never loads its code.
type StatsPanel = ComponentType<{ rounds: readonly Round[] }>
let statsLoad: Promise<StatsPanel> | null = null
let statsPanel: StatsPanel | null = null
let statsFailed = false

function loadStatsPanel(): Promise<StatsPanel> {
  statsLoad ??= import('@/features/scorecard/components/scoring-stats').then(
    (module) => {
      statsPanel = module.ScoringStats
      statsFailed = false
      return module.ScoringStats
    },
    (error: unknown) => {
      statsFailed = true
      throw error
    },
  )
  return statsLoad
}

/** After a failed load, the boundary shows that failure first and its Retry asks afresh. */
const statsChunk: Chunk<StatsPanel> = Object.assign(
  () => {
    const load = loadStatsPanel()
    load.catch(() => {
      if (statsLoad === load) statsLoad = null
    })
    return load
  },
  { loaded: () => statsPanel ?? undefined },
)
const ScoringStats = lazyChunk(statsChunk, (panel) => panel)

/** The panel, the trend and the rounds are drawn together, so the panel never pushes the trend down. */
export function useStatsCode(wanted: boolean): 'ready' | 'failed' | null {
  const [, settled] = useReducer((count: number) => count + 1, 0)
  if (wanted && !statsPanel && !statsFailed) void loadStatsPanel().catch(() => undefined)
  const waiting = wanted && !statsPanel && !statsFailed
  useEffect(() => {
    if (!waiting) return
    let mounted = true
    // In a transition, as the rounds are drawn: in slices a phone can interleave with input.
    const done = () => {
      if (mounted) startTransition(settled)
    }
    void loadStatsPanel().then(done, done)
    return () => {
      mounted = false
    }
  }, [waiting])
  if (!wanted || waiting) return null
  return statsPanel ? 'ready' : 'failed'
}

/** Once useStatsCode has answered: the panel, or the failed load with its Retry. */
export function HcpStatsPanel({ rounds }: { rounds: readonly Round[] }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <ScoringStats rounds={rounds} />
      </Suspense>
    </ChunkBoundary>
  )
}
