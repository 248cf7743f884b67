import { listed } from '@/lib/listed'
import type { HoleScore, Round } from '../types'

/** What net double bogey made of a round scored hole by hole (the handicap feature's figures). */
export interface CardScore {
  /** The adjusted gross score: each hole at most its net double bogey. */
  adjustedScore: number
  /** The course handicap its strokes received came from; null: no index on the day played. */
  courseHandicap: number | null
  /** The round's holes (1 for its first hole) whose strokes were capped. */
  cappedHoles: readonly number[]
  /** The putts, fairways, greens and penalties entered, in words ("Putts" and "31"). */
  stats?: readonly { label: string; value: string }[]
}

/** A round's first hole number: 10 for a back nine, 1 otherwise. */
export const firstHole = (round: Pick<Round, 'nine'>) => (round.nine === 'back' ? 10 : 1)

/** "Gross 94 · adjusted 91 · holes 7 and 12 capped at net double bogey". */
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

/** Each hole's most that counts, in words, as it was applied. */
function capRule(courseHandicap: number | null): string {
  return courseHandicap === null
    ? 'No index on the day played: each hole counts at most par + 5.'
    : `Course handicap ${courseHandicap < 0 ? `+${-courseHandicap}` : courseHandicap} on the day played: each hole counts at most par + 2 + the strokes received on it.`
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** The holes of a card in rows of 9 (out and in, as on a paper scorecard): a phone fits 9. */
function HoleTable({
  first,
  pars,
  holes,
  capped,
}: {
  first: number
  pars: readonly number[]
  holes: readonly HoleScore[]
  capped: ReadonlySet<number>
}) {
  const numbers = holes.map((_, at) => first + at)
  return (
    <table className="card-holes">
      <caption className="visually-hidden">
        Holes {numbers[0]} to {numbers.at(-1)}
      </caption>
      <thead>
        <tr>
          <th scope="row">Hole</th>
          {numbers.map((number) => (
            <th key={number} scope="col">
              {number}
            </th>
          ))}
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Par</th>
          {pars.map((par, at) => (
            <td key={at}>{par}</td>
          ))}
          <td>{sum(pars)}</td>
        </tr>
        <tr>
          <th scope="row">Strokes</th>
          {holes.map((hole, at) =>
            capped.has(numbers[at] as number) ? (
              <td key={at} className="card-holes__capped">
                {hole.strokes}
                <span className="visually-hidden"> (capped)</span>
              </td>
            ) : (
              <td key={at}>{hole.strokes}</td>
            ),
          )}
          <td>{sum(holes.map((hole) => hole.strokes))}</td>
        </tr>
      </tbody>
    </table>
  )
}

/**
 * The expanded entry of a round scored hole by hole: gross, adjusted and the capped holes in
 * one line, then the holes' pars and strokes, the capped ones marked. Drawn only when the entry
 * is open, so a long list pays nothing for it.
 */
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

/** The result of the game a round was played in (issue 31), "Match: won 3&2 against Ben"; nothing
 * for a round without one. */
export function GameResultLine({ result }: { result: string | null }) {
  return result ? (
    <p className="detail detail--strong" data-testid="game-result">
      {result}
    </p>
  ) : null
}

/** " Counts" and " Counts for WHS" after an entry's figures: what the index and the estimate use. */
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
