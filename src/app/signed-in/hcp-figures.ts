import { useMemo } from 'react'
import type { TrendEntry } from '@/features/handicap/components/handicap-trend'
import type { WhsEstimateProps } from '@/features/handicap/components/whs-estimate'
import { explainWhs } from '@/features/handicap/lib/explain-whs'
import type { HandicapState } from '@/features/handicap/stores/handicap-store'
import type { RoundMark } from '@/features/rounds/components/rounds-list'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import type { Round } from '@/features/rounds/types'
import { roundSideGamesLines } from '@/features/scorecard/lib/card-side-games'
import { gameResult } from '@/features/scorecard/lib/game-result'
import { roundStats } from '@/features/scorecard/lib/stats'
import type { Tee } from '@/lib/tables/tees'

type ScoredRecord = HandicapState<Round, Tee>['record']

export interface HcpFigures {
  index: number | null
  entryCount: number
  estimate: WhsEstimateProps
  marks: Record<string, RoundMark>
  trend: TrendEntry[]
}

function marksOf(
  rounds: readonly Round[],
  record: ScoredRecord,
  teesById: Readonly<Record<string, Tee>>,
): Record<string, RoundMark> {
  const partners = new Map(
    rounds.map((round) => [round.id, `${formatPlayedOn(round.playedOn)} (${round.score})`]),
  )
  const teeOf = (id: string) => teesById[id]
  return Object.fromEntries(
    rounds.map((round) => {
      const score = record.byRound.get(round.id)
      const { differential, counts, countsForWhs, pairedWith } = score ?? {
        differential: null,
        counts: false,
        countsForWhs: false,
        pairedWith: null,
      }
      const mark: RoundMark = {
        differential: differential === null ? null : differential.toFixed(1),
        counts,
        countsForWhs,
        pairedWith: pairedWith === null ? null : (partners.get(pairedWith) ?? null),
        pairedWithId: pairedWith,
        // Off the index in effect on the card's day.
        card:
          score && round.holeScores
            ? {
                adjustedScore: score.adjustedScore,
                courseHandicap: score.courseHandicap,
                cappedHoles: score.cappedHoles,
                stats: roundStats(round.holeScores, round.holePars ?? []),
              }
            : null,
        game: gameResult(round, teeOf),
        sideGames: roundSideGamesLines(round, teeOf),
      }
      return [round.id, mark]
    }),
  )
}

/** What the HCP screen shows of the scored record, made once per change of the rounds, the
 * record or the tees. */
export function useHcpFigures(
  rounds: readonly Round[],
  record: ScoredRecord,
  teesById: Readonly<Record<string, Tee>>,
): HcpFigures {
  return useMemo(
    () => ({
      index: record.index,
      entryCount: record.entries.length,
      estimate: {
        index: record.whs.index,
        reasons: explainWhs(record.entries, record.whs, formatPlayedOn),
      },
      marks: marksOf(rounds, record, teesById),
      trend: record.entries.map((entry) => ({
        key: entry.entry.roundIds.join('+'),
        label: formatPlayedOn(entry.playedOn),
        differential: entry.differential,
        index: entry.indexAfter,
        counts: entry.counts,
        whsIndex: entry.whs.indexAfter,
      })),
    }),
    [rounds, record, teesById],
  )
}
