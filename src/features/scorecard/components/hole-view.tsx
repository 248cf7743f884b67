import { useEffect, useMemo, useRef, type PointerEvent } from 'react'
import { PageHeading } from '@/components/ui/page-heading'
import type { HoleScore } from '@/lib/tables/rounds'
import {
  STROKE_BOUNDS,
  cardTotals,
  formatToPar,
  holeNumber,
  unenteredHole,
  type Card,
} from '../lib/card'
import { claimHorizontalDrags } from '../lib/horizontal-drags'
import { useCardStore } from '../stores/card-store'
import { BackToRounds, useTopInView } from './card-page'
import { HoleGrid } from './card-hole-grid'
import { GroupRows } from './group-card'
import { HoleDetails } from './hole-details'
import type { CardScoring } from './scorecard'
import { Stepper } from './stepper'

export const SECOND_DEVICE_NOTE =
  'This card is kept on this device only, with or without a connection. Your other devices see the round once you finish it here.'

const SWIPE_PX = 60

export function HoleView({ card, scoring }: { card: Card; scoring: CardScoring }) {
  const { enter, goTo } = useCardStore.getState()
  const group = card.game !== null
  const at = card.at
  const par = card.holePars[at] ?? 0
  const entered = card.scores[at] ?? null
  const shown = entered ?? unenteredHole(par)
  const last = at === card.scores.length - 1
  const number = holeNumber(card, at)
  const totals = useMemo(() => cardTotals(card), [card])
  const received = scoring.received[at] ?? 0
  const swipeFrom = useRef<{ x: number; y: number } | null>(null)
  const section = useRef<HTMLElement>(null)
  useEffect(() => (section.current ? claimHorizontalDrags(section.current) : undefined), [])
  useTopInView(section, at)

  const change = (next: Partial<HoleScore>) => enter(at, { ...shown, ...next })
  /** Next keeps the hole as shown: a par no one changed is a par. */
  const forward = () => useCardStore.getState().next(at)
  const back = () => goTo(at - 1)

  function swipeEnd(event: PointerEvent) {
    const from = swipeFrom.current
    swipeFrom.current = null
    if (!from) return
    const dx = event.clientX - from.x
    const dy = event.clientY - from.y
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return
    if (dx < 0) forward()
    else if (at > 0) back()
  }

  return (
    <section
      ref={section}
      className="scorecard"
      aria-label={`Scorecard, ${card.courseName}`}
      onPointerDown={(event) => (swipeFrom.current = { x: event.clientX, y: event.clientY })}
      onPointerUp={swipeEnd}
      onPointerCancel={() => (swipeFrom.current = null)}
    >
      <header className="scorecard__header">
        <BackToRounds />
        <p className="scorecard__course">
          {card.courseName} · {card.teeName}
        </p>
        <PageHeading title={`Hole ${number}`} className="scorecard__hole">
          Hole {number}
        </PageHeading>
        <dl className="scorecard__facts">
          <div>
            <dt>Par</dt>
            <dd data-testid="hole-par">{par}</dd>
          </div>
          <div>
            <dt>Stroke index</dt>
            <dd>{card.strokeIndexes[at]}</dd>
          </div>
          {group ? null : (
            <div>
              <dt>Strokes received</dt>
              <dd data-testid="strokes-received">{received}</dd>
            </div>
          )}
        </dl>
      </header>
      <p className="scorecard__total" data-testid="running-total">
        {totals.played === 0
          ? 'No holes entered yet'
          : `Total ${totals.strokes} · ${formatToPar(totals.toPar)} after ${totals.played} ${totals.played === 1 ? 'hole' : 'holes'}`}
      </p>
      {group ? (
        <GroupRows card={card} maximum={scoring.maximums[at] ?? par + 5} />
      ) : (
        <Stepper
          label="Strokes"
          large
          value={shown.strokes}
          bounds={STROKE_BOUNDS}
          note={entered ? null : 'Par until you change it'}
          onChange={(strokes) => change({ strokes })}
        />
      )}
      {/* In a group the players' rows fill the view: Previous / Next come right under them, the
          golfer's own putts and greens after. */}
      {group ? null : <HoleDetails at={at} par={par} entered={entered} group={group} />}
      <nav className="scorecard__nav" aria-label="Holes">
        <button
          type="button"
          className="button button--secondary"
          onClick={back}
          disabled={at === 0}
        >
          Previous
        </button>
        <button type="button" className="button button--primary" onClick={forward}>
          {last ? 'Finish' : 'Next'}
        </button>
      </nav>
      {group ? <HoleDetails at={at} par={par} entered={entered} group={group} /> : null}
      <HoleGrid scores={card.scores} at={card.at} firstHole={card.firstHole} />
      <p className="scorecard__note">{SECOND_DEVICE_NOTE}</p>
    </section>
  )
}
