import { memo } from 'react'
import { holeNumber, type Card } from '../lib/card'
import { useCardStore } from '../stores/card-store'

/** Every hole at a glance, each a button to it; the summary is the last stop. */
export const HoleGrid = memo(function HoleGrid({
  scores,
  at: current,
  firstHole,
}: {
  scores: Card['scores']
  at: number
  firstHole: number
}) {
  const goTo = useCardStore((state) => state.goTo)
  return (
    <nav className="hole-grid" aria-label="Go to a hole">
      {scores.map((score, at) => {
        const number = holeNumber({ firstHole }, at)
        return (
          <button
            key={number}
            type="button"
            className="hole-grid__hole"
            aria-current={at === current ? 'step' : undefined}
            onClick={() => goTo(at)}
          >
            {/* Named by what it shows, "Hole 7: 5 strokes", the words hidden but read. */}
            <span className="visually-hidden">Hole </span>
            <span className="hole-grid__number">{number}</span>
            <span className="visually-hidden">: </span>
            {score ? (
              <span className="hole-grid__strokes">
                {score.strokes}
                <span className="visually-hidden"> strokes</span>
              </span>
            ) : (
              <span className="hole-grid__strokes">
                <span aria-hidden="true">·</span>
                <span className="visually-hidden">not entered</span>
              </span>
            )}
          </button>
        )
      })}
    </nav>
  )
})
