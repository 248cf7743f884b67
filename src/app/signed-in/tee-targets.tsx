import { useEffect, useMemo, type ReactNode } from 'react'
import { TargetScoreLine } from '@/features/handicap/components/target-score-line'
import { targetSentence } from '@/features/handicap/lib/target-words'
import { explainTeeTarget, teeTargetOf } from '@/features/handicap/stores/handicap-store'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import type { RoundTee } from '@/lib/tables/rounds'
import { handicapStore, useHandicap } from '../handicap'

type TeeValues = Pick<RoundTee, 'id' | 'name' | 'rating' | 'slope' | 'par' | 'holes'>

/** Nothing while the handicap store has not made it. */
export type TeeTarget = (tee: TeeValues) => ReactNode

/** The handicap store makes them in slices once a screen asks; this hook asks when first drawn. */
export function useTeeTargets(): TeeTarget {
  useEffect(() => handicapStore.wantTeeTargets(), [])
  const teeTargets = useHandicap((state) => state.teeTargets)
  return useMemo(
    () => (tee) => {
      const target = teeTargetOf({ teeTargets }, tee)
      if (!target) return null
      return (
        <TargetScoreLine
          sentence={targetSentence(
            target.outlook,
            target.search.state.source,
            target.search.state.fromStartingIndex,
          )}
          teeName={tee.name}
          why={
            target.outlook.kind === 'first-index'
              ? undefined
              : () => explainTeeTarget(target, formatPlayedOn)
          }
        />
      )
    },
    [teeTargets],
  )
}
