import { startTransition, useEffect, useId, useRef, useState } from 'react'
import { browserScheduler } from '@/lib/slices'
import { freeStrokeIndexes, type HoleEntries } from '../lib/parse-tee-form'
import { HoleRow, ParChoice, StrokeIndexPicker } from './hole-row'

/** See "Big grids draw a few rows at a time" in docs/decisions.md. */
const ROWS_AT_A_TIME = 3

const sum = (numbers: readonly number[]) => numbers.reduce((total, n) => total + n, 0)

interface HoleGridProps {
  holes: 9 | 18
  value: HoleEntries
  onChange(value: HoleEntries): void
  problems: Readonly<Record<number, string>>
}

/** Pars and stroke indexes are taps, never typing: a phone's number pad has no space or comma. One
 * picker open at a time, not a `<select>` per hole (docs/decisions.md). */
export function HoleGrid({ holes, value, onChange, problems }: HoleGridProps) {
  const id = useId()
  const [picking, setPicking] = useState<number | null>(null)
  const indexButtons = useRef(new Map<number, HTMLButtonElement>())
  const halves = holes === 18 ? (['Out', 'In'] as const) : (['Out'] as const)
  const [rowsDrawn, setRowsDrawn] = useState(ROWS_AT_A_TIME)
  useEffect(() => {
    if (rowsDrawn >= holes) return
    // In a transition, so a tap on a row already drawn goes first; not requestAnimationFrame, whose
    // frames have nothing new to draw (docs/decisions.md).
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
                        <ParChoice
                          name={`${id}-par-${hole}`}
                          hole={hole}
                          par={value.pars[at]}
                          describedBy={problem ? problemId : undefined}
                          onChoose={(par) => setPar(at, par)}
                        />
                      </td>
                      <td>
                        <button
                          type="button"
                          ref={(button) => {
                            if (button) indexButtons.current.set(hole, button)
                            else indexButtons.current.delete(hole)
                          }}
                          className="field__input field__select hole-grid__index"
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
