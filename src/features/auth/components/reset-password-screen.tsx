import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { AlertMessage } from '@/components/ui/alert-message'
import { Loading } from '@/components/ui/loading'
import { NewPasswordFields } from '@/components/ui/password-fields'
import { changePassword } from '../api/change-password'
import { exchangeOAuthCode } from '../api/exchange-oauth-code'
import { readOAuthCallbackParams } from '../lib/callback-params'
import { PASSWORD_CHANGE_FAILED, RESET_LINK_INVALID } from '../lib/recovery-messages'
import { checkNewPassword } from '../lib/sign-up-checks'
import { useSessionStore } from '../stores/session-store'
import { AuthPage } from './auth-page'

type Stage = 'checking' | 'ready' | 'invalid'

/** Kept in the history entry once the code is spent, so a reload still shows the form. */
interface ResetLocationState {
  recovering?: boolean
}

export function ResetPasswordScreen() {
  const navigate = useNavigate()
  const { search, hash, pathname, state } = useLocation()
  const sessionStatus = useSessionStore((session) => session.status)
  const recovering = (state as ResetLocationState | null)?.recovering === true
  const [failedCode, setFailedCode] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { code, error } = readOAuthCallbackParams({ search, hash })

  let stage: Stage
  if (error) stage = 'invalid'
  else if (code) stage = failedCode === code ? 'invalid' : 'checking'
  // After the exchange (or a reload) the code is gone; the session it made decides.
  else if (!recovering) stage = 'invalid'
  else if (sessionStatus === 'checking') stage = 'checking'
  else stage = sessionStatus === 'signed-in' ? 'ready' : 'invalid'

  useEffect(() => {
    if (!code || error) return
    let current = true
    exchangeOAuthCode(code).then(
      // The code is spent: take it out of the address bar and the history.
      () =>
        current &&
        navigate(pathname, {
          replace: true,
          state: { recovering: true } satisfies ResetLocationState,
        }),
      () => current && setFailedCode(code),
    )
    return () => {
      current = false
    }
  }, [code, error, pathname, navigate])

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    const password = String(form.get('password') ?? '')
    const problem = checkNewPassword(password, String(form.get('confirm') ?? ''))
    if (problem) {
      setAlert(problem)
      return
    }
    setAlert(null)
    setBusy(true)
    try {
      await changePassword(password)
      navigate('/courses', { replace: true })
    } catch {
      setAlert(PASSWORD_CHANGE_FAILED)
      setBusy(false)
    }
  }

  return (
    <AuthPage tagline="Set a new password">
      {stage === 'checking' ? <Loading label="Checking your link…" /> : null}
      {stage === 'invalid' ? (
        <div className="form">
          <p className="form__note" role="alert">
            {RESET_LINK_INVALID}
          </p>
          <Link className="button button--primary button--wide" to="/forgot-password">
            Send me a new link
          </Link>
          <Link className="button button--quiet button--wide" to="/">
            Back to Log In
          </Link>
        </div>
      ) : null}
      {stage === 'ready' ? (
        <form className="form" onSubmit={save} aria-busy={busy}>
          <h2 className="section-title">Set a new password</h2>
          <NewPasswordFields name="password" confirmName="confirm" />
          <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
          <button type="submit" className="button button--primary button--wide" disabled={busy}>
            Save password
          </button>
        </form>
      ) : null}
    </AuthPage>
  )
}
