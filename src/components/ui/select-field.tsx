import { useId, type ComponentProps } from 'react'
import type { FieldProps } from './text-field'

/** Native: the platform's own picker, best on phones. */
export function SelectField({ label, children, ...select }: FieldProps & ComponentProps<'select'>) {
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input field__select" {...select}>
        {children}
      </select>
    </div>
  )
}
