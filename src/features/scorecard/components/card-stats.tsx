import type { Card } from '../lib/card'
import { roundStats } from '../lib/stats'

/** The putts, fairways, greens and penalties the golfer entered, from the first round. */
export function CardStats({ card }: { card: Card }) {
  const shown = roundStats(
    card.scores.filter((score) => score !== null),
    card.holePars.filter((_, at) => card.scores[at] !== null),
  )
  if (shown.length === 0) return null
  return (
    <section className="summary-stats" aria-labelledby="summary-stats-title">
      <h2 id="summary-stats-title" className="section-title">
        Your stats
      </h2>
      <dl className="summary summary--stats" data-testid="summary-stats">
        {shown.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
