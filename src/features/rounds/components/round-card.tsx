import { listed } from '@/lib/listed'
import type { Round } from '../types'
import { HoleTable } from './hole-table'

export interface CardScore {
  adjustedScore: number
  /** Null: no index on the day played. */
  courseHandicap: number | null
  cappedHoles: readonly number[]
  stats?: readonly { label: string; value: string }[]
}

export const firstHole = (round: Pick<Round, 'nine'>) => (round.nine === 'back' ? 10 : 1)

export function cardSummary(
  round: Pick<Round, 'score' | 'nine'>,
  { adjustedScore, cappedHoles }: CardScore,
): string {
  const numbers = cappedHoles.map((hole) => hole - 1 + firstHole(round))
  const capped =
    numbers.length === 0
      ? 'no hole capped'
      : `${numbers.length === 1 ? 'hole' : 'holes'} ${listed(numbers)} capped at net double bogey`
  return `Gross ${round.score} · adjusted ${adjustedScore} · ${capped}`
}

function capRule(courseHandicap: number | null): string {
  return courseHandicap === null
    ? 'No index on the day played: each hole counts at most par + 5.'
    : `Course handicap ${courseHandicap < 0 ? `+${-courseHandicap}` : courseHandicap} on the day played: each hole counts at most par + 2 + the strokes received on it.`
}

export function RoundCard({
  round,
  score,
}: {
  round: Pick<Round, 'score' | 'nine' | 'holePars' | 'holeScores'>
  score: CardScore
}) {
  const holes = round.holeScores ?? []
  const pars = round.holePars ?? []
  const first = firstHole(round)
  const capped = new Set(score.cappedHoles.map((hole) => hole - 1 + first))
  const nines = holes.length > 9 ? [0, 9] : [0]
  return (
    <div className="card-summary">
      <p className="detail detail--strong" data-testid="card-summary">
        {cardSummary(round, score)}
      </p>
      <p className="detail">{capRule(score.courseHandicap)}</p>
      {score.stats && score.stats.length > 0 ? (
        <p className="detail" data-testid="card-stats">
          {score.stats.map(({ label, value }) => `${label} ${value}`).join(' · ')}
        </p>
      ) : null}
      {pars.length === holes.length
        ? nines.map((from) => (
            <HoleTable
              key={from}
              first={first + from}
              pars={pars.slice(from, from + 9)}
              holes={holes.slice(from, from + 9)}
              capped={capped}
            />
          ))
        : null}
      {score.cappedHoles.length > 0 ? (
        <p className="detail card-holes__legend">
          <span className="card-holes__swatch" aria-hidden="true" /> Capped at net double bogey
        </p>
      ) : null}
    </div>
  )
}

export function GameResultLine({ result }: { result: string | null }) {
  return result ? (
    <p className="detail detail--strong" data-testid="game-result">
      {result}
    </p>
  ) : null
}

export function CountsMarks({ mark }: { mark?: { counts?: boolean; countsForWhs?: boolean } }) {
  return (
    <>
      {mark?.counts ? (
        <>
          {' '}
          <span className="round__counts" data-testid="counts-mark">
            Counts
          </span>
        </>
      ) : null}
      {mark?.countsForWhs ? (
        <>
          {' '}
          <span className="round__counts round__whs" data-testid="whs-counts-mark">
            Counts for WHS
          </span>
        </>
      ) : null}
    </>
  )
}
