import { useCallback } from 'react'
import { useNavigate, useParams } from '@/lib/routing'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import { cardScoring } from '@/features/handicap/stores/handicap-store'
import { addRoundWithId } from '@/features/rounds/stores/round-commands'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { Scorecard, type CardScoring } from '@/features/scorecard/components/scorecard'
import { roundInputOfCard, roundOfCard, type Card } from '@/features/scorecard/lib/card'
import { useHandicap } from '../handicap'

/**
 * /play/:roundId: the scorecard, given what the handicap makes of it (the strokes received from
 * the golfer's chosen index in effect on the day played) and the way its round is stored (the
 * rounds' outbox, under the card's id).
 */
export function PlayScreen() {
  const { roundId = '' } = useParams()
  const userId = useSessionStore(selectUserId)
  const navigate = useNavigate()
  const byId = useRoundsStore((state) => state.byId)
  const isKnownRound = useCallback((id: string) => id in byId, [byId])

  // The handicap store's figures, the HCP screen's: the chosen index in effect on the card's day
  // (issue 23 §4), made once per change of the rounds or the settings, not on each tap.
  const handicap = useHandicap((state) => state)
  const scoring = useCallback((card: Card): CardScoring => cardScoring(handicap, card), [handicap])

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
