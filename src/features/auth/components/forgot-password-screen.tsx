import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { AlertMessage } from '@/components/ui/alert-message'
import { TextField } from '@/components/ui/text-field'
import { requestPasswordReset } from '../api/request-password-reset'
import { RESET_LINK_SENT, RESET_REQUEST_FAILED } from '../lib/recovery-messages'
import { AuthPage } from './auth-page'

export function ForgotPasswordScreen() {
  const [sent, setSent] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    setAlert(null)
    setBusy(true)
    try {
      await requestPasswordReset(email)
      setSent(true)
    } catch {
      setAlert(RESET_REQUEST_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthPage tagline="Reset your password">
      {sent ? (
        <div className="form">
          <p className="form__note" role="status">
            {RESET_LINK_SENT}
          </p>
          <button
            type="button"
            className="button button--secondary button--wide"
            onClick={() => setSent(false)}
          >
            Send another link
          </button>
          <Link className="button button--quiet button--wide" to="/">
            Back to Log In
          </Link>
        </div>
      ) : (
        <form className="form" onSubmit={send} aria-busy={busy}>
          <p className="form__note">
            Enter your email and we will send you a link to set a new password.
          </p>
          <TextField label="Email" name="email" type="email" autoComplete="username" required />
          <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
          <button type="submit" className="button button--primary button--wide" disabled={busy}>
            Send link
          </button>
          <Link className="button button--quiet button--wide" to="/">
            Back to Log In
          </Link>
        </form>
      )}
    </AuthPage>
  )
}
