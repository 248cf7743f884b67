import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { AlertMessage } from '@/components/ui/alert-message'
import { APP_TAGLINE } from '@/components/ui/page-heading'
import { CurrentPasswordField } from '@/components/ui/password-fields'
import { TextField } from '@/components/ui/text-field'
import { SERVER_UNREACHABLE, ServerUnreachableError } from '@/lib/server-unreachable'
import { getGoogleSignInUrl } from '../api/get-google-sign-in-url'
import { signInWithPassword } from '../api/sign-in-with-password'
import { GOOGLE_SIGN_IN_FAILED, SIGN_IN_FAILED } from '../lib/auth-messages'
import { onGooglePopupFailure, startGoogleSignIn } from '../lib/google-popup'
import { AuthFormButtons } from './auth-form-buttons'
import { AuthPage } from './auth-page'
import { GoogleIcon } from './google-icon'

/** Set by /auth/callback when a full-page Google sign-in came back with a failure. */
export interface LoginLocationState {
  googleSignInFailed?: boolean
}

export const EMAIL_HINT = "We'll never share your email with anyone else."

export function LoginScreen() {
  const navigate = useNavigate()
  const location = useLocation()
  const returnedFromFailedGoogle =
    (location.state as LoginLocationState | null)?.googleSignInFailed === true
  const [alert, setAlert] = useState<string | null>(
    returnedFromFailedGoogle ? GOOGLE_SIGN_IN_FAILED : null,
  )
  const [busy, setBusy] = useState(false)
  // Read at once, before React re-renders: a second press in the same frame must not sign in twice.
  const working = useRef(false)

  useEffect(() => onGooglePopupFailure(() => setAlert(GOOGLE_SIGN_IN_FAILED)), [])

  useEffect(() => {
    // Shown once: a reload of the login page should not repeat an old failure.
    if (returnedFromFailedGoogle) navigate(location.pathname, { replace: true, state: null })
  }, [returnedFromFailedGoogle, navigate, location.pathname])

  async function logIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (working.current) return
    working.current = true
    const form = new FormData(event.currentTarget)
    setAlert(null)
    setBusy(true)
    try {
      await signInWithPassword(
        String(form.get('email') ?? '').trim(),
        String(form.get('password') ?? ''),
      )
      navigate('/courses', { replace: true })
    } catch (error) {
      // The spec's alert is for an answer from the server; no answer is not the golfer's mistake.
      setAlert(error instanceof ServerUnreachableError ? SERVER_UNREACHABLE : SIGN_IN_FAILED)
    } finally {
      working.current = false
      setBusy(false)
    }
  }

  function signInWithGoogle() {
    setAlert(null)
    // Not awaited before anything else: the popup has to open within this click.
    startGoogleSignIn(getGoogleSignInUrl).catch(() => setAlert(GOOGLE_SIGN_IN_FAILED))
  }

  return (
    <AuthPage title="Log In" tagline={APP_TAGLINE}>
      <form className="form" onSubmit={logIn} aria-busy={busy}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          hint={EMAIL_HINT}
        />
        <CurrentPasswordField label="Password" name="password" />
        <Link className="form__link" to="/forgot-password">
          Forgot password?
        </Link>
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        <AuthFormButtons
          submitLabel="Log In"
          busyLabel="Signing in…"
          busy={busy}
          switchLabel="Sign up"
          switchTo="/signup"
        />
      </form>
      <p className="divider">
        <span>or</span>
      </p>
      <button
        type="button"
        className="button button--google button--wide"
        onClick={signInWithGoogle}
      >
        <GoogleIcon />
        Sign in with Google
      </button>
    </AuthPage>
  )
}
