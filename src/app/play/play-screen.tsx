import { useCallback, useMemo } from 'react'
import { useNavigate, useParams } from '@/lib/routing'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import {
  adjustedGrossScore,
  holeMaximums,
  strokesReceived,
} from '@/features/handicap/lib/adjusted-gross'
import { courseHandicap } from '@/features/handicap/lib/handicap-index'
import { scoreRecord } from '@/features/handicap/lib/score-record'
import {
  selectCourseHandicapSource,
  useHandicapSettingsStore,
} from '@/features/handicap/stores/handicap-settings-store'
import { addRoundWithId } from '@/features/rounds/stores/round-commands'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { Scorecard, type CardScoring } from '@/features/scorecard/components/scorecard'
import { roundInputOfCard, roundOfCard, type Card } from '@/features/scorecard/lib/card'
import { useCardStore } from '@/features/scorecard/stores/card-store'

/**
 * /play/:roundId: the scorecard, given what the handicap makes of it (the strokes received from
 * the golfer's chosen index in effect on the day played) and the way its round is stored (the
 * rounds' outbox, under the card's id).
 */
export function PlayScreen() {
  const { roundId = '' } = useParams()
  const userId = useSessionStore(selectUserId)
  const navigate = useNavigate()
  const rounds = useRoundsStore(selectRoundsNewestFirst)
  const byId = useRoundsStore((state) => state.byId)
  const source = useHandicapSettingsStore(selectCourseHandicapSource)
  const isKnownRound = useCallback((id: string) => id in byId, [byId])

  // The index in effect on the day played: the chosen one over the rounds played before it
  // (issue 23 §4); walked once per change of the rounds, not on each tap.
  const day = useCardStore((state) => state.card?.playedOn ?? null)
  const index = useMemo(() => {
    if (day === null) return null
    const record = scoreRecord(rounds.filter((round) => round.playedOn < day))
    return source === 'whs' ? record.whs.index : record.index
  }, [rounds, source, day])

  const scoring = useCallback(
    (card: Card): CardScoring => {
      const handicap =
        index === null
          ? null
          : courseHandicap(index, {
              courseRating: card.rating,
              slopeRating: card.slope,
              par: card.holePars.reduce((sum, par) => sum + par, 0),
              holes: card.holePars.length === 9 ? 9 : 18,
            })
      const holes = card.holePars.map((par, at) => ({
        par,
        strokeIndex: card.strokeIndexes[at] ?? at + 1,
      }))
      return {
        courseHandicap: handicap,
        received:
          handicap === null ? holes.map(() => 0) : strokesReceived(handicap, card.strokeIndexes),
        maximums: holeMaximums(holes, handicap),
        adjustedGross: (entered) =>
          adjustedGrossScore(
            holes.map((hole, at) => ({
              ...hole,
              strokes: entered.scores[at]?.strokes ?? hole.par,
            })),
            handicap,
          ),
      }
    },
    [index],
  )

  const save = useCallback(
    (card: Card) =>
      addRoundWithId(roundInputOfCard(card), roundOfCard(card, new Date().toISOString())),
    [],
  )

  if (!userId) return null
  return (
    <Scorecard
      userId={userId}
      roundId={roundId}
      scoring={scoring}
      save={save}
      isKnownRound={isKnownRound}
      onFinished={() => navigate('/hcp')}
    />
  )
}
