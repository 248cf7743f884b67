import { useId, type ReactNode } from 'react'
import { TEE_BOUNDS } from '@/lib/tables/tees'
import { freeStrokeIndexes, type HoleEntries } from '../lib/parse-tee-form'

const { min: LOWEST_PAR, max: HIGHEST_PAR } = TEE_BOUNDS.holePar
const PARS = Array.from({ length: HIGHEST_PAR - LOWEST_PAR + 1 }, (_, i) => LOWEST_PAR + i)

const sum = (numbers: readonly number[]) => numbers.reduce((total, n) => total + n, 0)

interface HoleGridProps {
  holes: 9 | 18
  value: HoleEntries
  onChange(value: HoleEntries): void
  /** Each hole's problem, by hole number. */
  problems: Readonly<Record<number, string>>
}

/**
 * A tee's holes as on a scorecard, out (1–9) and in (10–18): each hole's par is a tap (3 to 6)
 * and its stroke index is picked from those no other hole has. Nothing here needs a keyboard
 * with a space or a comma, which a phone's number pad does not have.
 */
export function HoleGrid({ holes, value, onChange, problems }: HoleGridProps) {
  const id = useId()
  const halves = holes === 18 ? (['Out', 'In'] as const) : (['Out'] as const)

  function setPar(at: number, par: number) {
    onChange({ ...value, pars: value.pars.map((old, i) => (i === at ? par : old)) })
  }
  function setStrokeIndex(at: number, index: number | null) {
    onChange({
      ...value,
      strokeIndexes: value.strokeIndexes.map((old, i) => (i === at ? index : old)),
    })
  }

  return (
    <div className="hole-grid">
      {halves.map((half, part) => {
        const from = part * 9
        const numbers = Array.from({ length: 9 }, (_, i) => from + i)
        const total = sum(value.pars.slice(from, from + 9))
        return (
          <table key={half} className="hole-grid__table">
            <caption className="hole-grid__caption">
              {half}: holes {from + 1} to {from + 9}
            </caption>
            <thead>
              <tr>
                <th scope="col">Hole</th>
                <th scope="col">Par</th>
                <th scope="col">Stroke index</th>
              </tr>
            </thead>
            <tbody>
              {numbers.map((at) => {
                const hole = at + 1
                const problem = problems[hole]
                const problemId = `${id}-problem-${hole}`
                const index = value.strokeIndexes[at] ?? null
                return (
                  <HoleRow key={hole} hole={hole} problem={problem} problemId={problemId}>
                    <td>
                      <fieldset
                        className="par-choice"
                        aria-describedby={problem ? problemId : undefined}
                      >
                        <legend className="visually-hidden">Hole {hole} par</legend>
                        {PARS.map((par) => {
                          const optionId = `${id}-par-${hole}-${par}`
                          return (
                            <span key={par} className="par-choice__option">
                              <input
                                type="radio"
                                id={optionId}
                                name={`${id}-par-${hole}`}
                                checked={value.pars[at] === par}
                                onChange={() => setPar(at, par)}
                              />
                              <label htmlFor={optionId}>{par}</label>
                            </span>
                          )
                        })}
                      </fieldset>
                    </td>
                    <td>
                      <select
                        className="field__input field__select hole-grid__index"
                        aria-label={`Hole ${hole} stroke index`}
                        value={index ?? ''}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? problemId : undefined}
                        onChange={(event) =>
                          setStrokeIndex(at, event.target.value ? Number(event.target.value) : null)
                        }
                      >
                        <option value="">–</option>
                        {freeStrokeIndexes(value.strokeIndexes, holes, at).map((free) => (
                          <option key={free} value={free}>
                            {free}
                          </option>
                        ))}
                      </select>
                    </td>
                  </HoleRow>
                )
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{half}</th>
                <td data-testid={`par-${half.toLowerCase()}`}>Par {total}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        )
      })}
    </div>
  )
}

/** A hole's row, and under it the hole's problem (which its stroke index names as described by). */
function HoleRow({
  hole,
  problem,
  problemId,
  children,
}: {
  hole: number
  problem: string | undefined
  problemId: string
  children: ReactNode
}) {
  return (
    <>
      <tr className={problem ? 'hole-grid__row hole-grid__row--invalid' : 'hole-grid__row'}>
        <th scope="row">{hole}</th>
        {children}
      </tr>
      {problem ? (
        <tr className="hole-grid__problem">
          <td colSpan={3} id={problemId}>
            {problem}
          </td>
        </tr>
      ) : null}
    </>
  )
}
