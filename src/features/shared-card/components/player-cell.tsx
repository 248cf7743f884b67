import { useState } from 'react'
import { disputeText, disputedValues, maySettle, strokesText, type Cell } from '../lib/cells'
import { enterScore } from '../stores/shared-card-store'
import type { CardPlace } from '../types'

interface PlayerCellProps {
  place: CardPlace
  places: readonly CardPlace[]
  userId: string
  hole: number
  par: number
  cell: Cell
  /** Some of the cell's entries wait on this phone to be shared. */
  waiting: boolean
}

function cellText(places: readonly CardPlace[], cell: Cell): string {
  if (cell.state === 'empty') return 'No score yet'
  if (cell.state === 'disputed') return disputeText(places, cell)
  return strokesText(cell.strokes)
}

/** A player's cell on the hole: what the card says, who disagrees, and the buttons to enter. */
export function PlayerCell({ place, places, userId, hole, par, cell, waiting }: PlayerCellProps) {
  const [typed, setTyped] = useState(String(par))
  const strokes = Number(typed)
  const valid = Number.isInteger(strokes) && strokes >= 1 && strokes <= 20
  const nameId = `shared-player-${place.player_no}`
  const inputId = `shared-strokes-${place.player_no}`
  const settles = cell.state === 'disputed' && maySettle(places, place.player_no, userId)
  const signed = place.signed_at !== null
  return (
    <section className="shared-cell" aria-labelledby={nameId}>
      <div className="shared-cell__head">
        <h2 id={nameId} className="shared-cell__name">
          {place.name}
          {place.user_id === userId ? ' (you)' : ''}
        </h2>
        <p
          className={`shared-cell__value shared-cell__value--${cell.state}`}
          data-testid={`cell-${place.player_no}`}
        >
          {cellText(places, cell)}
        </p>
      </div>
      {waiting ? <p className="shared-cell__waiting">Not shared yet</p> : null}
      {settles ? (
        <div className="shared-cell__settle">
          {disputedValues(cell).map((value) => (
            <button
              key={String(value)}
              type="button"
              className="button button--secondary"
              onClick={() => void enterScore(place.player_no, hole, value)}
            >
              Settle at {strokesText(value)}
            </button>
          ))}
        </div>
      ) : null}
      {signed ? (
        <p className="detail">Signed: the scores are final.</p>
      ) : (
        <form
          className="shared-cell__enter"
          onSubmit={(event) => {
            event.preventDefault()
            if (valid) void enterScore(place.player_no, hole, strokes)
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {place.name}&apos;s strokes
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            value={typed}
            aria-invalid={!valid}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={!valid}>
            Enter<span className="visually-hidden"> {place.name}&apos;s score</span>
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void enterScore(place.player_no, hole, null)}
          >
            Pick up<span className="visually-hidden"> for {place.name}</span>
          </button>
        </form>
      )}
    </section>
  )
}
