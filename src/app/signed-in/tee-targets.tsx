import { useMemo, useState, type ReactNode } from 'react'
import { TargetScoreLine } from '@/features/handicap/components/target-score-line'
import {
  explainTarget,
  targetOutlook,
  targetScoresFrom,
  targetState,
  type TargetState,
  type TargetTee,
} from '@/features/handicap/lib/target-score'
import { targetSentence } from '@/features/handicap/lib/target-words'
import type { HandicapState } from '@/features/handicap/stores/handicap-store'
import type { CourseHandicapSource } from '@/features/handicap/types'
import { formatPlayedOn, localToday } from '@/features/rounds/lib/played-on'
import type { RoundTee } from '@/lib/tables/rounds'
import { useHandicap } from '../handicap'

/** A tee as the courses and the round dialogs keep it. */
type TeeValues = Pick<RoundTee, 'id' | 'name' | 'rating' | 'slope' | 'par' | 'holes'>

/** A tee's number to beat as a line, made when it is first drawn and kept until the record changes. */
export type TeeTarget = (tee: TeeValues) => ReactNode

/**
 * Each tee's number to beat today, as a line with its "Why?": the record's state is worked out
 * once per change of the handicap store (no second scoring of the record), then a tee costs a
 * binary search of one added round, only when its line is drawn (a course's tees show when its
 * entry is opened), and once per tee until the record or the settings change.
 */
export function useTeeTargets(): TeeTarget {
  const [today] = useState(localToday)
  const rounds = useHandicap((state) => state.rounds)
  const record = useHandicap((state) => state.record)
  const source = useHandicap((state) => state.source)
  return useMemo(() => teeTargets(rounds, record, source, today), [rounds, record, source, today])
}

/** The lines for one record and day: each tee's is made once, the record's state on the first. */
function teeTargets(
  rounds: HandicapState['rounds'],
  record: HandicapState['record'],
  source: CourseHandicapSource,
  today: string,
): TeeTarget {
  let state: TargetState | null = null
  const lines = new Map<string, ReactNode>()
  return (tee) => {
    const key = `${tee.id} ${tee.name} ${tee.rating} ${tee.slope} ${tee.par} ${tee.holes}`
    const known = lines.get(key)
    if (known !== undefined) return known
    state ??= targetState(rounds, record, source)
    const held = state
    const target: TargetTee = {
      courseRating: tee.rating,
      slopeRating: tee.slope,
      // The candidate's par does not enter its differential; a tee without one still has a number.
      par: tee.par ?? (tee.holes === 9 ? 36 : 72),
      holes: tee.holes,
    }
    const scores = targetScoresFrom(held, target, today)
    const outlook = targetOutlook(held, target, scores)
    const line = (
      <TargetScoreLine
        sentence={targetSentence(outlook, source)}
        teeName={tee.name}
        why={
          outlook.kind === 'first-index'
            ? undefined
            : () => explainTarget(held, target, scores, today, formatPlayedOn)
        }
      />
    )
    lines.set(key, line)
    return line
  }
}
