import { useId, type ComponentProps, type ReactNode } from 'react'

export interface FieldProps {
  label: string
  hint?: ReactNode
}

/** A labelled input; the label and the hint are tied to it by unique ids. */
export function TextField({ label, hint, ...input }: FieldProps & ComponentProps<'input'>) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
