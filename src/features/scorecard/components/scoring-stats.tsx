import { useId, useMemo } from 'react'
import {
  STATS_PARS,
  hasStats,
  scoringStats,
  type Stat,
  type StatsPar,
  type StatsRound,
} from '../lib/stats'

const WIDTH = 320
const ROW = 30
const TOP = 18
const BARS = { left: 64, right: 236 }

/** "+0.50", "−0.25", "level": strokes over par per hole, as a golfer says it. */
function overPar(over: number): string {
  const text = Math.abs(over).toFixed(2)
  if (text === '0.00') return 'level'
  return over > 0 ? `+${text}` : `−${text}`
}

const fromRounds = (stat: Stat) => `${stat.rounds} ${stat.rounds === 1 ? 'round' : 'rounds'}`

/** Bars of strokes over par, so the weakest par stands out; the caption says it in words too. */
function ParChart({ averages }: { averages: readonly { par: StatsPar; stat: Stat }[] }) {
  const captionId = useId()
  const overs = averages.map(({ par, stat }) => stat.value - par)
  const low = Math.min(0, ...overs)
  // At least one stroke over par wide, in half strokes, so a small difference is not blown up.
  const high = Math.max(1, Math.ceil(Math.max(...overs) * 2) / 2)
  const x = (over: number) => BARS.left + ((over - low) / (high - low)) * (BARS.right - BARS.left)
  const height = TOP + averages.length * ROW
  return (
    <figure className="stats__chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={captionId}
        className="stats__svg"
      >
        <text className="stats__axis" x={x(0)} y={11} textAnchor="middle">
          par
        </text>
        {averages.map(({ par, stat }, at) => {
          const over = stat.value - par
          const y = TOP + at * ROW
          const from = x(Math.min(0, over))
          return (
            <g key={par}>
              <text className="stats__label" x={0} y={y + 19}>
                Par {par}
              </text>
              <rect
                className="stats__bar"
                x={from}
                y={y + 6}
                width={Math.max(1, x(Math.max(0, over)) - from)}
                height={ROW - 12}
                rx={3}
              />
              <text className="stats__value" x={WIDTH} y={y + 19} textAnchor="end">
                {stat.value.toFixed(2)} ({overPar(over)})
              </text>
            </g>
          )
        })}
        <line className="stats__par" x1={x(0)} x2={x(0)} y1={TOP - 2} y2={height} />
      </svg>
      <figcaption id={captionId} className="stats__caption">
        Average strokes per hole:{' '}
        {averages
          .map(
            ({ par, stat }) =>
              `par ${par} ${stat.value.toFixed(2)} (${overPar(stat.value - par)}, ${fromRounds(stat)})`,
          )
          .join('; ')}
        .
      </figcaption>
    </figure>
  )
}

/** Nothing at all until some stat has enough rounds behind it, and only the stats that have. */
export function ScoringStats({ rounds }: { rounds: readonly StatsRound[] }) {
  const headingId = useId()
  const stats = useMemo(() => scoringStats(rounds), [rounds])
  if (!hasStats(stats)) return null
  const averages = STATS_PARS.flatMap((par) => {
    const stat = stats.parAverages[par]
    return stat ? [{ par, stat }] : []
  })
  const figures = [
    { label: 'Putts per round', stat: stats.puttsPerRound, show: (v: number) => v.toFixed(1) },
    { label: 'Fairways hit', stat: stats.fairwaysHit, show: (v: number) => `${Math.round(v)}%` },
    {
      label: 'Greens in regulation',
      stat: stats.greensInRegulation,
      show: (v: number) => `${Math.round(v)}%`,
    },
    {
      label: 'Penalties per round',
      stat: stats.penaltiesPerRound,
      show: (v: number) => v.toFixed(1),
    },
  ].filter((figure): figure is typeof figure & { stat: Stat } => figure.stat !== null)
  return (
    <section className="stats" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Scoring stats
      </h2>
      <p className="stats__scope">
        From your last {stats.rounds} rounds scored hole by hole; per round means per 18 holes.
      </p>
      {averages.length > 0 ? <ParChart averages={averages} /> : null}
      {figures.length > 0 ? (
        <dl className="stats__figures">
          {figures.map(({ label, stat, show }) => (
            <div key={label} className="stats__figure">
              <dt>{label}</dt>
              <dd>
                <span className="stats__number">{show(stat.value)}</span>{' '}
                <span className="stats__rounds">{fromRounds(stat)}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  )
}
