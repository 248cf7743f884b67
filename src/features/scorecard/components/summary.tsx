import { useRef, useState } from 'react'
import { PageHeading } from '@/components/ui/page-heading'
import {
  cardTotals,
  formatToPar,
  holeNumber,
  missingHoles,
  settledPickUps,
  type Card,
} from '../lib/card'
import { useCardStore } from '../stores/card-store'
import { BackToRounds, useTopInView } from './card-page'
import { HoleGrid } from './card-hole-grid'
import { CardStats } from './card-stats'
import { GroupSummary } from './group-card'
import type { CardScoring } from './scorecard'

export function Summary({
  card,
  scoring,
  save,
  onFinished,
}: {
  card: Card
  scoring: CardScoring
  save(card: Card): Promise<boolean>
  onFinished(): void
}) {
  const finishing = useCardStore((state) => state.finishing)
  const [failed, setFailed] = useState(false)
  const section = useRef<HTMLElement>(null)
  useTopInView(section, card.at)
  const totals = cardTotals(card)
  const missing = missingHoles(card)
  const complete = missing.length === 0
  const capped = complete
    ? card.scores.flatMap((score, at) =>
        score && score.strokes > (scoring.maximums[at] ?? Infinity) ? [holeNumber(card, at)] : [],
      )
    : []

  async function finish() {
    setFailed(false)
    const stored = await useCardStore
      .getState()
      .finish((finished) => save(settledPickUps(finished, scoring.maximums)))
    if (stored) onFinished()
    else setFailed(true)
  }

  return (
    <section ref={section} className="scorecard">
      <BackToRounds />
      <p className="scorecard__course">
        {card.courseName} · {card.teeName}
      </p>
      <PageHeading title="Round summary" className="scorecard__hole">
        Round summary
      </PageHeading>
      <dl className="summary">
        <div>
          <dt>Gross</dt>
          <dd data-testid="summary-gross">{totals.strokes}</dd>
        </div>
        <div>
          <dt>To par</dt>
          <dd data-testid="summary-to-par">{formatToPar(totals.toPar)}</dd>
        </div>
        <div>
          <dt>Adjusted gross</dt>
          <dd data-testid="summary-adjusted">{complete ? scoring.adjustedGross(card) : '–'}</dd>
        </div>
        <div>
          <dt>Course handicap</dt>
          {scoring.courseHandicap === null ? (
            <dd className="summary__words">No index yet</dd>
          ) : (
            <dd>{scoring.courseHandicap}</dd>
          )}
        </div>
      </dl>
      <CardStats card={card} />
      {card.game ? <GroupSummary card={card} /> : null}
      <p data-testid="summary-capped">
        {!complete
          ? `Holes ${missing.join(', ')} have no score yet.`
          : capped.length === 0
            ? 'No hole was capped at net double bogey.'
            : `Capped at net double bogey: ${capped.length === 1 ? 'hole' : 'holes'} ${capped.join(', ')}.`}
      </p>
      {failed ? (
        <p className="scorecard__problem" role="alert">
          The round could not be kept on this device. Your card is still here: try again.
        </p>
      ) : null}
      <p className="scorecard__note">
        Saving keeps the round on this device and sends it when there is a connection; it then
        reaches your other devices.
      </p>
      <nav className="scorecard__nav" aria-label="Finish">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => useCardStore.getState().goTo(card.scores.length - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void finish()}
          disabled={!complete || finishing}
        >
          Save round
        </button>
      </nav>
      <HoleGrid scores={card.scores} at={card.at} firstHole={card.firstHole} />
    </section>
  )
}
