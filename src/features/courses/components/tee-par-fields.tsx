import { TextField } from '@/components/ui/text-field'
import { teeParHint } from '../lib/parse-tee-form'

/** Typed for a tee without its holes; with them, their pars added up and not typed. */
export function TeeParField({
  holes,
  holesPar,
  typedPar,
}: {
  holes: 9 | 18
  /** Null while the holes' grid is off. */
  holesPar: number | null
  typedPar: number | null
}) {
  if (holesPar === null) {
    return (
      <TextField
        key="typed"
        label="Par"
        name="par"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={typedPar ?? ''}
        hint={`${teeParHint(holes)}, for your course handicap`}
      />
    )
  }
  return (
    <TextField
      key="holes"
      label="Par"
      name="par"
      readOnly
      value={holesPar}
      hint="The holes' pars added up"
    />
  )
}

/** Whether the tee is given each hole's par and stroke index. */
export function HoleDataToggle({
  shown,
  onChange,
}: {
  shown: boolean
  onChange(shown: boolean): void
}) {
  return (
    <div className="field">
      <label className="check-field">
        <input
          type="checkbox"
          checked={shown}
          onChange={(event) => onChange(event.target.checked)}
        />
        Each hole&apos;s par and stroke index
      </label>
      <p className="field__hint">
        {shown
          ? 'A tee with every hole’s par and stroke index can be scored hole by hole.'
          : 'Add them to score rounds from this tee hole by hole.'}
      </p>
    </div>
  )
}
