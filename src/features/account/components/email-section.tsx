import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { AlertMessage } from '@/components/ui/alert-message'
import { TextField } from '@/components/ui/text-field'
import { changeEmail } from '../api/change-email'
import { confirmEmailChange } from '../api/confirm-email-change'
import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGED,
  EMAIL_NOT_CHANGED,
  emailChangeSent,
} from '../lib/account-messages'
import { AccountSection } from './account-section'

export function EmailSection({ email }: { email: string | null }) {
  const [status, setStatus] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { search, hash, pathname } = useLocation()
  const navigate = useNavigate()

  // Back from a confirmation link: Supabase Auth adds ?code= (PKCE), or a message when the other
  // address must confirm too, or an error when the link has expired or was used.
  useEffect(() => {
    const query = new URLSearchParams(search)
    const fragment = new URLSearchParams(hash.replace(/^#/, ''))
    const code = query.get('code')
    const failed = query.get('error_description') || fragment.get('error_description')
    const message = query.get('message') || fragment.get('message')
    if (!code && !failed && !message) return
    let current = true
    const done = (text: string, isAlert: boolean) => {
      if (!current) return
      if (isAlert) setAlert(text)
      else setStatus(text)
      navigate(pathname, { replace: true })
    }
    if (failed) done(EMAIL_CHANGE_LINK_INVALID, true)
    else if (message) done(message, false)
    else if (code)
      confirmEmailChange(code).then(
        () => done(EMAIL_CHANGED, false),
        () => done(EMAIL_CHANGE_LINK_INVALID, true),
      )
    return () => {
      current = false
    }
  }, [search, hash, pathname, navigate])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    const next = String(new FormData(form).get('email') ?? '').trim()
    setAlert(null)
    setStatus(null)
    setBusy(true)
    try {
      await changeEmail(next)
      form.reset()
      setStatus(emailChangeSent(next))
    } catch {
      setAlert(EMAIL_NOT_CHANGED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountSection id="account-email" title="Email">
      <p>
        Signed in as <strong data-testid="account-email">{email ?? 'no email'}</strong>
      </p>
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <TextField label="New email" name="email" type="email" autoComplete="email" required />
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          Change email
        </button>
      </form>
      <p role="status">{status}</p>
    </AccountSection>
  )
}
