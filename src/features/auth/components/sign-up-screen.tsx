import { useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { AlertMessage } from '@/components/ui/alert-message'
import { TextField } from '@/components/ui/text-field'
import { SERVER_UNREACHABLE, ServerUnreachableError } from '@/lib/server-unreachable'
import { signUp } from '../api/sign-up'
import { REGISTRATION_FAILED } from '../lib/sign-up-messages'
import { checkNewPassword } from '../lib/sign-up-checks'
import { AuthFormButtons } from './auth-form-buttons'
import { AuthPage } from './auth-page'

/** Only for projects with email confirmations on; the local stack signs golfers in at once. */
export const CONFIRM_EMAIL_MESSAGE =
  'Almost there: open the link in the email we just sent you, then log in.'

export function SignUpScreen() {
  const navigate = useNavigate()
  const [alert, setAlert] = useState<string | null>(null)
  const [confirmationSent, setConfirmationSent] = useState(false)
  const [busy, setBusy] = useState(false)
  // Read at once, before React re-renders: a second press in the same frame must not register twice.
  const working = useRef(false)

  async function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (working.current) return
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    const password = String(form.get('password') ?? '')
    setAlert(null)
    const problem = checkNewPassword(password, String(form.get('confirmation') ?? ''))
    if (problem) {
      setAlert(problem)
      return
    }
    working.current = true
    setBusy(true)
    try {
      const { signedIn } = await signUp(email, password)
      if (signedIn) navigate('/courses', { replace: true })
      else setConfirmationSent(true)
    } catch (error) {
      // The spec's alert is for an answer from the server; no answer is not the golfer's mistake.
      setAlert(error instanceof ServerUnreachableError ? SERVER_UNREACHABLE : REGISTRATION_FAILED)
    } finally {
      working.current = false
      setBusy(false)
    }
  }

  return (
    <AuthPage title="Sign Up" tagline="Create your account.">
      <form className="form" onSubmit={register} aria-busy={busy}>
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" />
        <TextField
          label="Confirm Password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
        />
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        {confirmationSent ? (
          <p className="form__note" role="status">
            {CONFIRM_EMAIL_MESSAGE}
          </p>
        ) : null}
        <AuthFormButtons
          submitLabel="Sign Up"
          busyLabel="Signing up…"
          busy={busy}
          switchLabel="Log In"
          switchTo="/"
        />
      </form>
    </AuthPage>
  )
}
