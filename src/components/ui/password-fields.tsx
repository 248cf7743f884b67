import { TextField } from './text-field'

/** The password the golfer has now, which password managers fill in. */
export function CurrentPasswordField({ label, name }: { label: string; name: string }) {
  return (
    <TextField label={label} name={name} type="password" autoComplete="current-password" required />
  )
}

interface NewPasswordFieldsProps {
  /** The form names of the new password and of its confirmation. */
  name: string
  confirmName: string
}

/** A new password typed twice, both required, that password managers offer to generate. */
export function NewPasswordFields({ name, confirmName }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        label="Confirm new password"
        name={confirmName}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  )
}
