import { useCallback } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import { formatHandicapIndex } from '@/features/handicap/lib/handicap-index'
import { cardScoring, type HandicapState } from '@/features/handicap/stores/handicap-store'
import { addRoundOptimistically } from '@/features/rounds/stores/round-commands'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import {
  Scorecard,
  type CardScoring,
  type CardShape,
} from '@/features/scorecard/components/scorecard'
import { courseOfCard, roundInputOfCard, type Card } from '@/features/scorecard/lib/card'
import { shareText } from '@/features/scorecard/lib/game-card'
import { useCardStore } from '@/features/scorecard/stores/card-store'
import { handicapStore, useHandicap } from '../handicap'

const shownIndex = (index: number | null) => (index === null ? '–' : formatHandicapIndex(index))

/** The HCP screen asks for as many. */
const ROUNDS_FOR_AN_HCP = 3

/** A nine has no differential until it is paired. */
export function savedNote(
  indexBefore: number | null,
  after: Pick<HandicapState, 'record' | 'index'>,
  roundId: string,
): string {
  const differential = after.record.byRound.get(roundId)?.differential ?? null
  const diff =
    differential === null ? 'a nine, counted once paired' : `Diff ${differential.toFixed(1)}`
  if (indexBefore !== null) {
    return `Round saved: ${diff}, HCP ${shownIndex(indexBefore)} → ${shownIndex(after.index)}`
  }
  if (after.index !== null) {
    return `Round saved: ${diff}. Your first HCP: ${formatHandicapIndex(after.index)}.`
  }
  const more = ROUNDS_FOR_AN_HCP - after.record.entries.length
  return more > 0
    ? `Round saved: ${diff}. ${more} more ${more === 1 ? 'round' : 'rounds'} for your first HCP.`
    : `Round saved: ${diff}. No HCP yet.`
}

export function PlayScreen() {
  const { roundId = '' } = useParams()
  const userId = useSessionStore(selectUserId)
  const navigate = useNavigate()
  const byId = useRoundsStore((state) => state.byId)
  const isKnownRound = useCallback((id: string) => id in byId, [byId])

  // Made once per change of the rounds or the settings, not on each tap.
  const handicap = useHandicap((state) => state)
  const scoring = useCallback(
    (card: CardShape): CardScoring => cardScoring(handicap, card),
    [handicap],
  )

  // Shown as it is handed to the outbox, so the store's figures after the hand-over include it.
  const save = useCallback(async (card: Card) => {
    const indexBefore = handicapStore.getState().index
    const stored = await addRoundOptimistically(roundInputOfCard(card), courseOfCard(card), card.id)
    if (stored) {
      useCardStore
        .getState()
        .noteSaved(
          savedNote(indexBefore, handicapStore.getState(), card.id),
          card.game ? shareText({ ...card, game: card.game }) : null,
        )
    }
    return stored
  }, [])

  if (!userId) return null
  return (
    <>
      <Scorecard
        userId={userId}
        roundId={roundId}
        scoring={scoring}
        save={save}
        isKnownRound={isKnownRound}
        onFinished={() => navigate('/hcp')}
      />
      <ScoreTogetherLink />
    </>
  )
}

function ScoreTogetherLink() {
  const grouped = useCardStore((state) => Boolean(state.card?.game) && !state.saved)
  if (!grouped) return null
  return (
    <Link className="button button--secondary button--wide" to="/card/new">
      Score together on every phone
    </Link>
  )
}
