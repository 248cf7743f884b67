import type { ReactNode } from 'react'
import { TextField } from '@/components/ui/text-field'

export function GameToggle({
  label,
  on,
  onChange,
  invalid,
  children,
}: {
  label: string
  on: boolean
  onChange(on: boolean): void
  invalid: boolean
  children: ReactNode
}) {
  return (
    <div className="side-games__game" data-on={on}>
      <label className="side-games__check side-games__toggle">
        <input
          type="checkbox"
          checked={on}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {on ? <div className="side-games__settings">{children}</div> : null}
    </div>
  )
}

export function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string
  name: string
  value: V
  options: readonly (readonly [V, string])[]
  onChange(value: V): void
}) {
  return (
    <fieldset className="side-games__choice">
      <legend className="field__label">{legend}</legend>
      <div className="side-games__choices">
        {options.map(([option, text]) => (
          <label key={option} className="first-tee__format">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function StakeField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  error: string | undefined
  onChange(value: string): void
}) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
