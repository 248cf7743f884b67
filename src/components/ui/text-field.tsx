import { useId, type ComponentProps, type ReactNode } from 'react'

export interface FieldProps {
  label: string
  hint?: ReactNode
  error?: string | null | undefined
}

export function TextField({ label, hint, error, ...input }: FieldProps & ComponentProps<'input'>) {
  const made = useId()
  const id = input.id ?? made
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described = [hint ? hintId : '', error ? errorId : ''].join(' ').trim()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="field__input"
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        {...input}
        id={id}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
