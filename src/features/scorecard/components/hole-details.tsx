import { memo } from 'react'
import type { HoleScore } from '@/lib/tables/rounds'
import { PENALTY_BOUNDS, PUTT_BOUNDS, unenteredHole } from '../lib/card'
import { useCardStore } from '../stores/card-store'
import { Stepper } from './stepper'

/**
 * The golfer's putts, penalties, fairway and green on the hole: memoised on the hole's score, so a
 * partner's tap (which leaves it as it was) does not draw them again.
 */
export const HoleDetails = memo(function HoleDetails({
  at,
  par,
  entered,
  group,
}: {
  at: number
  par: number
  entered: HoleScore | null
  group: boolean
}) {
  const shown = entered ?? unenteredHole(par)
  const change = (next: Partial<HoleScore>) =>
    useCardStore.getState().enter(at, { ...shown, ...next })
  return (
    <div
      className="scorecard__details"
      aria-label={group ? 'Your hole' : undefined}
      role={group ? 'group' : undefined}
    >
      <Stepper
        label="Putts"
        value={shown.putts}
        bounds={{ min: PUTT_BOUNDS.min, max: Math.min(PUTT_BOUNDS.max, shown.strokes) }}
        onChange={(putts) => change({ putts })}
      />
      <Stepper
        label="Penalty strokes"
        value={shown.penalties}
        bounds={{
          min: PENALTY_BOUNDS.min,
          max: Math.min(PENALTY_BOUNDS.max, shown.strokes - 1),
        }}
        onChange={(penalties) => change({ penalties })}
      />
      {par >= 4 ? (
        <YesNo
          label="Fairway hit"
          value={shown.fairwayHit}
          onChange={(fairwayHit) => change({ fairwayHit })}
        />
      ) : null}
      <YesNo
        label="Green in regulation"
        value={shown.greenInRegulation}
        onChange={(greenInRegulation) => change({ greenInRegulation })}
      />
    </div>
  )
})

/** Yes / No, and a second tap on the chosen one takes it back to not recorded. */
function YesNo({
  label,
  value,
  onChange,
}: {
  label: string
  value: boolean | null
  onChange(value: boolean | null): void
}) {
  return (
    <fieldset className="yes-no">
      <legend className="stepper__label">{label}</legend>
      {([true, false] as const).map((option) => (
        <button
          key={String(option)}
          type="button"
          className="yes-no__button"
          aria-pressed={value === option}
          onClick={() => onChange(value === option ? null : option)}
        >
          {option ? 'Yes' : 'No'}
        </button>
      ))}
    </fieldset>
  )
}
