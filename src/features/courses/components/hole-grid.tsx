import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { browserScheduler } from '@/lib/slices'
import { TEE_BOUNDS } from '@/lib/tables/tees'
import { freeStrokeIndexes, type HoleEntries } from '../lib/parse-tee-form'

const { min: LOWEST_PAR, max: HIGHEST_PAR } = TEE_BOUNDS.holePar
const PARS = Array.from({ length: HIGHEST_PAR - LOWEST_PAR + 1 }, (_, i) => LOWEST_PAR + i)

/**
 * Holes drawn at a time as the grid opens. Drawn whole, the grid (about 650 boxes) held a slow
 * phone's main thread for over a hundred milliseconds in one frame; three rows at a time keep
 * each frame short, and the rows come faster than a golfer scrolls down to them.
 */
const ROWS_AT_A_TIME = 3

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
 * and its stroke index a tap on the hole's button, then one on an index no other hole has, in
 * the one picker open at a time under that hole. Nothing here needs a keyboard with a space or
 * a comma, which a phone's number pad does not have.
 *
 * One picker rather than a `<select>` per hole: 18 selects drew 342 options with the grid (about
 * 1,100 elements in the dialog), whose style and layout held a slow phone's main thread for
 * about half a second when the grid opened.
 */
export function HoleGrid({ holes, value, onChange, problems }: HoleGridProps) {
  const id = useId()
  const [picking, setPicking] = useState<number | null>(null)
  const indexButtons = useRef(new Map<number, HTMLButtonElement>())
  const halves = holes === 18 ? (['Out', 'In'] as const) : (['Out'] as const)
  const [rowsDrawn, setRowsDrawn] = useState(ROWS_AT_A_TIME)
  useEffect(() => {
    if (rowsDrawn >= holes) return
    // Each few rows in a later task, in a transition: the browser draws frames between, and a tap
    // on a row already drawn goes first. Waiting for a frame between them (requestAnimationFrame)
    // asked for frames with nothing new to draw, whose commits then waited on the raster of the
    // rows before: 50-115 ms each at 4x CPU in Lighthouse's traces of the opening.
    return browserScheduler.later(() =>
      startTransition(() => setRowsDrawn(rowsDrawn + ROWS_AT_A_TIME)),
    )
  }, [rowsDrawn, holes])

  function setPar(at: number, par: number) {
    onChange({ ...value, pars: value.pars.map((old, i) => (i === at ? par : old)) })
  }
  function pickStrokeIndex(at: number, index: number | null) {
    onChange({
      ...value,
      strokeIndexes: value.strokeIndexes.map((old, i) => (i === at ? index : old)),
    })
    setPicking(null)
    // The picker goes away with the focus in it: the hole's own button takes it back.
    indexButtons.current.get(at + 1)?.focus()
  }

  return (
    <div className="hole-grid">
      {halves.map((half, part) => {
        const from = part * 9
        const numbers = Array.from({ length: 9 }, (_, i) => from + i).filter((at) => at < rowsDrawn)
        // A nine's room is kept while its rows come, so nothing under the grid moves.
        const nineClass =
          numbers.length < 9 ? 'hole-grid__nine hole-grid__nine--coming' : 'hole-grid__nine'
        if (numbers.length === 0) return <div key={half} className={nineClass} />
        const total = sum(value.pars.slice(from, from + 9))
        return (
          <div key={half} className={nineClass}>
            <table className="hole-grid__table">
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
                  const pickerId = `${id}-picker-${hole}`
                  const index = value.strokeIndexes[at] ?? null
                  const open = picking === hole
                  return (
                    <HoleRow
                      key={hole}
                      hole={hole}
                      problem={problem}
                      problemId={problemId}
                      below={
                        open ? (
                          <StrokeIndexPicker
                            id={pickerId}
                            hole={hole}
                            index={index}
                            free={freeStrokeIndexes(value.strokeIndexes, holes, at)}
                            onPick={(picked) => pickStrokeIndex(at, picked)}
                          />
                        ) : null
                      }
                    >
                      <td>
                        <fieldset
                          className="par-choice"
                          // Named here rather than by a hidden legend: a hidden legend is
                          // positioned, and 18 more positioned boxes cost a slow phone's paint.
                          aria-label={`Hole ${hole} par`}
                          aria-describedby={problem ? problemId : undefined}
                        >
                          {PARS.map((par) => (
                            <label key={par} className="par-choice__option">
                              <input
                                type="radio"
                                className="par-choice__key"
                                name={`${id}-par-${hole}`}
                                checked={value.pars[at] === par}
                                onChange={() => setPar(at, par)}
                              />
                              <span className="par-choice__number">{par}</span>
                            </label>
                          ))}
                        </fieldset>
                      </td>
                      <td>
                        <button
                          type="button"
                          ref={(button) => {
                            if (button) indexButtons.current.set(hole, button)
                            else indexButtons.current.delete(hole)
                          }}
                          className="field__input field__select hole-grid__index"
                          // Spoken whole: the hole, then its index or that it has none yet.
                          aria-label={`Hole ${hole} stroke index: ${index ?? 'none'}`}
                          aria-expanded={open}
                          aria-controls={open ? pickerId : undefined}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={problem ? problemId : undefined}
                          onClick={() => setPicking(open ? null : hole)}
                        >
                          {index ?? '–'}
                        </button>
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
          </div>
        )
      })}
    </div>
  )
}

/**
 * A hole's row; under it the hole's stroke index picker when open, and the hole's problem (which
 * its controls name as described by).
 */
function HoleRow({
  hole,
  problem,
  problemId,
  below,
  children,
}: {
  hole: number
  problem: string | undefined
  problemId: string
  below: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <tr className={problem ? 'hole-grid__row hole-grid__row--invalid' : 'hole-grid__row'}>
        <th scope="row">{hole}</th>
        {children}
      </tr>
      {below}
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

/** The stroke indexes a hole may take, one 44 px tap each, and Clear when it has one. */
function StrokeIndexPicker({
  id,
  hole,
  index,
  free,
  onPick,
}: {
  id: string
  hole: number
  index: number | null
  free: readonly number[]
  onPick(index: number | null): void
}) {
  return (
    <tr className="hole-grid__picker">
      <td colSpan={3}>
        <div
          id={id}
          role="group"
          aria-label={`Hole ${hole} stroke index choices`}
          className="hole-grid__choices"
        >
          {free.map((choice) => (
            <button
              key={choice}
              type="button"
              className="hole-grid__choice"
              aria-pressed={choice === index}
              onClick={() => onPick(choice)}
            >
              {choice}
            </button>
          ))}
          {index === null ? null : (
            <button
              type="button"
              className="hole-grid__choice hole-grid__choice--clear"
              onClick={() => onPick(null)}
            >
              Clear
            </button>
          )}
        </div>
      </td>
    </tr>
  )
}
