import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Loading } from '@/components/ui/loading'
import { exchangeOAuthCode } from '../api/exchange-oauth-code'
import { readOAuthCallbackParams } from '../lib/callback-params'
import { announceGooglePopupFailure, googleSignInModeOfThisPage } from '../lib/google-callback'
import { AuthPage } from './auth-page'
import type { LoginLocationState } from './login-screen'

type Outcome = 'working' | 'signed-in' | 'failed'

/** The only place the OAuth code is exchanged; see google-popup.ts. */
export function AuthCallbackScreen() {
  const navigate = useNavigate()
  const { search, hash } = useLocation()
  const mode = googleSignInModeOfThisPage()
  const [outcome, setOutcome] = useState<Outcome>('working')

  useEffect(() => {
    let current = true
    const { code, error } = readOAuthCallbackParams({ search, hash })
    const signedIn =
      error || !code
        ? Promise.resolve(false)
        : exchangeOAuthCode(code).then(
            () => true,
            () => false,
          )
    void signedIn.then((ok) => {
      if (!current) return
      if (mode === 'redirect') {
        if (ok) navigate('/courses', { replace: true })
        else
          navigate('/', {
            replace: true,
            state: { googleSignInFailed: true } satisfies LoginLocationState,
          })
        return
      }
      if (!ok) announceGooglePopupFailure()
      setOutcome(ok ? 'signed-in' : 'failed')
      window.close()
    })
    return () => {
      current = false
    }
  }, [search, hash, mode, navigate])

  return (
    <AuthPage title="Google sign-in" tagline="Google sign-in">
      {outcome === 'working' ? (
        <Loading label="Signing you in…" />
      ) : (
        // Seen only if the browser keeps the popup open after window.close().
        <div className="form">
          <p className="form__note" role="status">
            {outcome === 'signed-in'
              ? 'You are signed in. You can close this window.'
              : 'Google sign-in did not finish. You can close this window.'}
          </p>
          <Link
            className="button button--secondary button--wide"
            to={outcome === 'signed-in' ? '/courses' : '/'}
          >
            Continue to HCPFast
          </Link>
        </div>
      )}
    </AuthPage>
  )
}
