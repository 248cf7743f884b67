import { useEffect, useMemo } from 'react'
import { Link } from 'react-router-dom'
import { PageHeading } from '@/components/ui/page-heading'
import type { Card } from '../lib/card'
import { useCardStore } from '../stores/card-store'
import { HoleView } from './hole-view'
import { Summary } from './summary'
import '../scorecard.css'

/** Given by the screen that composes this one. */
export interface CardScoring {
  /** The course handicap for the card's tee or nine; null when the golfer had no index yet. */
  courseHandicap: number | null
  /** Strokes received on each hole, in hole order (negative: a plus handicap gives one back). */
  received: readonly number[]
  /** Net double bogey per hole. */
  maximums: readonly number[]
  adjustedGross(card: Card): number
}

export type CardShape = Pick<Card, 'playedOn' | 'rating' | 'slope' | 'holePars' | 'strokeIndexes'>

interface ScorecardProps {
  userId: string
  roundId: string
  scoring(card: CardShape): CardScoring
  /** True once the round is in the outbox on the device. */
  save(card: Card): Promise<boolean>
  /** A round this device already has (or is sending): its card was finished. */
  isKnownRound(id: string): boolean
  onFinished(): void
}

export function Scorecard({
  userId,
  roundId,
  scoring,
  save,
  isKnownRound,
  onFinished,
}: ScorecardProps) {
  const card = useCardStore((state) => (state.card?.id === roundId ? state.card : null))
  const loadedFor = useCardStore((state) => state.userId)
  const known = isKnownRound(roundId)
  // The handicap's figures depend on the card's day and holes, never on a tap: made once a card.
  const playedOn = card?.playedOn
  const rating = card?.rating
  const slope = card?.slope
  const holePars = card?.holePars
  const strokeIndexes = card?.strokeIndexes
  const figures = useMemo(
    () =>
      playedOn === undefined ||
      rating === undefined ||
      slope === undefined ||
      !holePars ||
      !strokeIndexes
        ? null
        : scoring({ playedOn, rating, slope, holePars, strokeIndexes }),
    [scoring, playedOn, rating, slope, holePars, strokeIndexes],
  )

  useEffect(() => {
    useCardStore.getState().load(userId)
  }, [userId])
  useEffect(() => {
    if (known) useCardStore.getState().dropIfFinished(isKnownRound)
  }, [known, isKnownRound])

  if (loadedFor !== userId) return null
  if (!card || !figures) return <NoCard />
  if (card.at >= card.scores.length) {
    return <Summary card={card} scoring={figures} save={save} onFinished={onFinished} />
  }
  return <HoleView card={card} scoring={figures} />
}

function NoCard() {
  return (
    <section className="scorecard">
      <PageHeading title="Scorecard" className="screen__title">
        This round isn&apos;t being scored on this device
      </PageHeading>
      <p className="screen__lead">
        A card is kept on the device it was started on until it is finished; the round then reaches
        every device. If you finished it, it is in your rounds.
      </p>
      <Link to="/hcp" className="button button--primary button--wide">
        Back to your rounds
      </Link>
    </section>
  )
}
