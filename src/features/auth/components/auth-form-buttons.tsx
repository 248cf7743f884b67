import { useNavigate } from 'react-router-dom'

interface AuthFormButtonsProps {
  submitLabel: string
  /** Shown on the submit button while the form's request is under way. */
  busyLabel: string
  busy: boolean
  /** The button to the other way in (Log In ↔ Sign Up). */
  switchLabel: string
  switchTo: string
}

/** Log In's and Sign Up's buttons: the busy submit, then the way to the other screen. */
export function AuthFormButtons({
  submitLabel,
  busyLabel,
  busy,
  switchLabel,
  switchTo,
}: AuthFormButtonsProps) {
  const navigate = useNavigate()
  return (
    <>
      {/* aria-disabled, not disabled: the button keeps focus and still reads its busy label. */}
      <button
        type="submit"
        className="button button--primary button--wide"
        aria-disabled={busy || undefined}
      >
        {busy ? busyLabel : submitLabel}
      </button>
      <button
        type="button"
        className="button button--secondary button--wide"
        onClick={() => navigate(switchTo)}
      >
        {switchLabel}
      </button>
    </>
  )
}
