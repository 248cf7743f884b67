export interface StepperProps {
  label: string
  id?: string
  /** The label is read, not shown (a row that names the player above it). */
  labelHidden?: boolean
  /** Null: not recorded. */
  value: number | null
  bounds: { min: number; max: number }
  large?: boolean
  note?: string | null
  /** The value is shown until changed, not entered (drawn muted). */
  unset?: boolean
  shown?: string
  /** What a first + records on a value not recorded (1 unless given: a picked-up hole's par). */
  first?: number
  onChange(value: number): void
}

export function Stepper({
  label,
  id,
  labelHidden = false,
  value,
  bounds,
  large = false,
  note = null,
  unset = false,
  shown,
  first = Math.max(bounds.min, 1),
  onChange,
}: StepperProps) {
  const labelId = `${id ?? label.replace(/\W+/g, '-').toLowerCase()}-label`
  return (
    <div
      className={large ? 'stepper stepper--large' : 'stepper'}
      role="group"
      aria-labelledby={labelId}
    >
      <span id={labelId} className={labelHidden ? 'visually-hidden' : 'stepper__label'}>
        {label}
      </span>
      <button
        type="button"
        className="stepper__button"
        aria-label={`${label}: one fewer`}
        disabled={value === null || value <= bounds.min}
        onClick={() => value !== null && onChange(value - 1)}
      >
        −
      </button>
      <output
        className={unset ? 'stepper__value stepper__value--unset' : 'stepper__value'}
        aria-live="polite"
        data-testid={`${labelId}-value`}
      >
        {shown ?? value ?? '–'}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={`${label}: one more`}
        disabled={(value ?? 0) >= bounds.max}
        onClick={() => onChange(value === null ? first : value + 1)}
      >
        +
      </button>
      {note ? <span className="stepper__note">{note}</span> : null}
    </div>
  )
}
