import { useId, useState } from 'react'
import { formatHandicapIndex } from '../lib/handicap-index'

export interface TrendEntry {
  key: string
  label: string
  differential: number
  /** Null before the third round. */
  index: number | null
  counts: boolean
  whsIndex?: number | null
}

const WIDTH = 320
const HEIGHT = 140
const PAD = { top: 12, right: 12, bottom: 12, left: 12 }

function points(
  values: readonly (number | null | undefined)[],
  x: (at: number) => number,
  y: (value: number) => number,
): string {
  return values
    .map((value, at) =>
      value === null || value === undefined ? null : `${x(at).toFixed(1)},${y(value).toFixed(1)}`,
    )
    .filter((point) => point !== null)
    .join(' ')
}

const DOT_RADIUS = 3.5

/** Two arcs per point in one path: a 200-round record's dots are two elements, not 200. */
function dots(centres: readonly { x: number; y: number }[]): string {
  const r = DOT_RADIUS
  return centres
    .map(
      ({ x, y }) =>
        `M${(x - r).toFixed(1)},${y.toFixed(1)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`,
    )
    .join('')
}

/** Drawn by hand in SVG: the chart is two polylines and the dots. The table is rendered only when
 * opened, because a phone laid out its hundreds of hidden cells on every open. */
export function HandicapTrend({ entries }: { entries: readonly TrendEntry[] }) {
  const captionId = useId()
  const [showTable, setShowTable] = useState(false)
  const indexed = entries.filter((entry) => entry.index !== null)
  if (indexed.length === 0) return null

  const values = entries.flatMap((entry) => [
    entry.differential,
    ...(entry.index === null ? [] : [entry.index]),
    ...(entry.whsIndex === null || entry.whsIndex === undefined ? [] : [entry.whsIndex]),
  ])
  const low = Math.min(...values)
  const high = Math.max(...values)
  const span = high - low || 1
  const x = (at: number) =>
    PAD.left +
    (entries.length === 1 ? 0.5 : at / (entries.length - 1)) * (WIDTH - PAD.left - PAD.right)
  const y = (value: number) => PAD.top + ((high - value) / span) * (HEIGHT - PAD.top - PAD.bottom)
  const line = points(
    entries.map((entry) => entry.index),
    x,
    y,
  )
  const whsLine = points(
    entries.map((entry) => entry.whsIndex),
    x,
    y,
  )
  const first = indexed[0] as TrendEntry
  const last = indexed[indexed.length - 1] as TrendEntry
  const hasWhs = entries.some((entry) => entry.whsIndex !== undefined)
  const centres = entries.map((entry, at) => ({
    counts: entry.counts,
    x: x(at),
    y: y(entry.differential),
  }))
  // It exists whenever the spec's index does: both need 3 rounds.
  const lastWhs = entries[entries.length - 1]?.whsIndex

  return (
    <figure className="trend" data-testid="handicap-trend">
      <svg
        className="trend__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={captionId}
        preserveAspectRatio="none"
      >
        <polyline className="trend__line" points={line} fill="none" />
        {hasWhs ? (
          <polyline className="trend__line trend__line--whs" points={whsLine} fill="none" />
        ) : null}
        <path className="trend__round" d={dots(centres.filter((dot) => !dot.counts))} />
        <path
          className="trend__round trend__round--counts"
          d={dots(centres.filter((dot) => dot.counts))}
        />
      </svg>
      <figcaption id={captionId} className="trend__caption">
        Index after each round: {formatHandicapIndex(first.index as number)} on {first.label}
        {indexed.length > 1 ? `, ${formatHandicapIndex(last.index as number)} now` : ''}.
        {lastWhs === null || lastWhs === undefined
          ? ''
          : ` The dashed line is the WHS estimate, ${formatHandicapIndex(lastWhs)} now.`}{' '}
        Dots are your differentials, filled when they count; lower is better.
      </figcaption>
      <details className="trend__data" onToggle={(event) => setShowTable(event.currentTarget.open)}>
        <summary className="trend__toggle">Show as a table</summary>
        {showTable ? (
          <table className="trend__table">
            <caption className="visually-hidden">Your rounds, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Played</th>
                <th scope="col">Differential</th>
                <th scope="col">Index after it</th>
                {hasWhs ? <th scope="col">WHS estimate after it</th> : null}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.key}>
                  <td>{entry.label}</td>
                  <td>
                    {entry.differential.toFixed(1)}
                    {entry.counts ? ' (counts)' : ''}
                  </td>
                  <td>{entry.index === null ? 'none yet' : formatHandicapIndex(entry.index)}</td>
                  {hasWhs ? (
                    <td>
                      {entry.whsIndex === null || entry.whsIndex === undefined
                        ? 'none yet'
                        : formatHandicapIndex(entry.whsIndex)}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </details>
    </figure>
  )
}
