import type { HoleScore } from '../types'

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** In rows of 9, as on a paper scorecard: a phone fits 9. */
export function HoleTable({
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

/** Drawn only when the entry is open, so a long list pays nothing for it. */
