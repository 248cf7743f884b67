import type { ReactNode } from 'react'
import { TEE_BOUNDS } from '@/lib/tables/tees'

const { min: LOWEST_PAR, max: HIGHEST_PAR } = TEE_BOUNDS.holePar
const PARS = Array.from({ length: HIGHEST_PAR - LOWEST_PAR + 1 }, (_, i) => LOWEST_PAR + i)

export function HoleRow({
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

export function StrokeIndexPicker({
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

/** A hole's par as a row of radio keys, one tap each. */
export function ParChoice({
  name,
  hole,
  par: chosen,
  describedBy,
  onChoose,
}: {
  name: string
  hole: number
  par: number | undefined
  describedBy: string | undefined
  onChoose(par: number): void
}) {
  return (
    <fieldset
      className="par-choice"
      // Not a hidden legend: that is positioned, and each positioned box costs paint.
      aria-label={`Hole ${hole} par`}
      aria-describedby={describedBy}
    >
      {PARS.map((par) => (
        <label key={par} className="par-choice__option">
          <input
            type="radio"
            className="par-choice__key"
            name={name}
            checked={chosen === par}
            onChange={() => onChoose(par)}
          />
          <span className="par-choice__number">{par}</span>
        </label>
      ))}
    </fieldset>
  )
}
