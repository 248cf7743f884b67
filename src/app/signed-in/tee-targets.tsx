import { useMemo, useState, type ReactNode } from 'react'
import { TargetScoreLine } from '@/features/handicap/components/target-score-line'
import {
  explainTarget,
  targetOutlook,
  targetScoresFrom,
  targetState,
  type TargetTee,
} from '@/features/handicap/lib/target-score'
import { targetSentence } from '@/features/handicap/lib/target-words'
import { formatPlayedOn, localToday } from '@/features/rounds/lib/played-on'
import type { RoundTee } from '@/lib/tables/rounds'
import { useHandicap } from '../handicap'

/** A tee as the courses and the round dialogs keep it. */
type TeeValues = Pick<RoundTee, 'id' | 'name' | 'rating' | 'slope' | 'par' | 'holes'>

/**
 * Each tee's number to beat today, as a line with its "Why?", by tee id: the record's state is
 * worked out once per change of the handicap store (no second scoring of the record), then each
 * tee costs a binary search of one added round.
 */
export function useTeeTargets(tees: readonly TeeValues[]): ReadonlyMap<string, ReactNode> {
  const [today] = useState(localToday)
  const rounds = useHandicap((state) => state.rounds)
  const record = useHandicap((state) => state.record)
  const source = useHandicap((state) => state.source)
  const state = useMemo(() => targetState(rounds, record, source), [rounds, record, source])
  return useMemo(() => {
    const lines = new Map<string, ReactNode>()
    for (const tee of tees) {
      const target: TargetTee = {
        courseRating: tee.rating,
        slopeRating: tee.slope,
        // The candidate's par does not enter its differential; a tee without one still has a number.
        par: tee.par ?? (tee.holes === 9 ? 36 : 72),
        holes: tee.holes,
      }
      const scores = targetScoresFrom(state, target, today)
      const outlook = targetOutlook(state, target, scores)
      lines.set(
        tee.id,
        <TargetScoreLine
          sentence={targetSentence(outlook, source)}
          teeName={tee.name}
          why={
            outlook.kind === 'first-index'
              ? undefined
              : () => explainTarget(state, target, scores, today, formatPlayedOn)
          }
        />,
      )
    }
    return lines
  }, [state, tees, today, source])
}
