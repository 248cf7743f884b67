import { memo } from 'react'
import { PICKED_UP, STROKE_BOUNDS, unenteredHole } from '../lib/card'
import { useCardStore } from '../stores/card-store'
import { Stepper } from './stepper'

interface PlayerRowProps {
  /** 0: the golfer; then the partners in order. */
  which: number
  at: number
  name: string
  par: number
  /** Null until entered (shown at par) or when a partner picked up; the golfer's net double
   * bogey on a hole the golfer picked up. */
  strokes: number | null
  pickedUp: boolean
  received: number
  figure: string
  /** The golfer's net double bogey on the hole: what picking up scores for the round. */
  maximum: number | null
}

function changeStrokes(which: number, at: number, strokes: number) {
  const store = useCardStore.getState()
  if (which > 0) return store.enterPartner(which - 1, at, strokes)
  const par = store.card?.holePars[at] ?? 0
  store.enter(at, { ...(store.card?.scores[at] ?? unenteredHole(par)), strokes })
}

export const PlayerRow = memo(function PlayerRow({
  which,
  at,
  name,
  par,
  strokes,
  pickedUp,
  received,
  figure,
  maximum,
}: PlayerRowProps) {
  const nameId = `player-${which}-name`
  const golfer = maximum !== null
  function pickUp() {
    if (golfer) return useCardStore.getState().pickUp(at, maximum)
    useCardStore.getState().enterPartner(which - 1, at, pickedUp ? par : PICKED_UP)
  }
  const note =
    golfer && pickedUp && strokes !== null ? `${strokes} on your record (net double bogey)` : null
  return (
    <section className="player-row" aria-labelledby={nameId}>
      <div className="player-row__head">
        <span id={nameId} className="player-row__name">
          {name}
        </span>
        <Dots received={received} />
        <span className="player-row__figure" data-testid={`player-${which}-figure`}>
          {figure}
        </span>
      </div>
      <div className="player-row__play">
        <Stepper
          id={`player-${which}-strokes`}
          label={golfer ? 'Your strokes' : `${name}'s strokes`}
          labelHidden
          value={pickedUp ? null : (strokes ?? par)}
          unset={strokes === null && !pickedUp}
          shown={pickedUp ? 'Picked up' : undefined}
          first={par}
          bounds={STROKE_BOUNDS}
          note={note}
          onChange={(next) => changeStrokes(which, at, next)}
        />
        <button
          type="button"
          className="player-row__pick"
          aria-pressed={pickedUp}
          aria-label={golfer ? 'Pick up for you: net double bogey' : `Pick up for ${name}`}
          onClick={pickUp}
        >
          Pick up
        </button>
      </div>
    </section>
  )
})

/** The strokes received on the hole as dots (a plus handicap's stroke given back as "+1"). */
function Dots({ received }: { received: number }) {
  const words =
    received === 0
      ? 'no strokes'
      : received > 0
        ? `receives ${received} ${received === 1 ? 'stroke' : 'strokes'}`
        : `gives ${-received} ${received === -1 ? 'stroke' : 'strokes'} back`
  return (
    <span className="player-row__dots">
      <span aria-hidden="true">
        {received > 0 ? '●'.repeat(received) : received < 0 ? `+${-received}` : ''}
      </span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}
