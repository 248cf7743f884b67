import { useState, type FormEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { CurrentPasswordField, NewPasswordFields } from '@/components/ui/password-fields'
import { changePassword } from '../api/change-password'
import { verifyPassword } from '../api/verify-password'
import {
  CURRENT_PASSWORD_WRONG,
  PASSWORD_CHANGED,
  PASSWORD_NOT_CHANGED,
} from '../lib/account-messages'
import { AccountSection } from './account-section'

interface PasswordSectionProps {
  email: string | null
  /** The sign-up form's checks (the spec's two alerts); null when the new password may be used. */
  checkNewPassword(password: string, confirmation: string): string | null
}

export function PasswordSection({ email, checkNewPassword }: PasswordSectionProps) {
  const [status, setStatus] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !email) return
    const form = event.currentTarget
    const data = new FormData(form)
    const password = String(data.get('new-password') ?? '')
    const problem = checkNewPassword(password, String(data.get('confirm-password') ?? ''))
    setStatus(null)
    if (problem) {
      setAlert(problem)
      return
    }
    setAlert(null)
    setBusy(true)
    try {
      try {
        await verifyPassword(email, String(data.get('current-password') ?? ''))
      } catch {
        setAlert(CURRENT_PASSWORD_WRONG)
        return
      }
      try {
        await changePassword(password)
      } catch {
        setAlert(PASSWORD_NOT_CHANGED)
        return
      }
      form.reset()
      setStatus(PASSWORD_CHANGED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AccountSection id="account-password" title="Password">
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <CurrentPasswordField label="Current password" name="current-password" />
        <NewPasswordFields name="new-password" confirmName="confirm-password" />
        <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
        <button type="submit" className="button button--secondary" disabled={busy || !email}>
          Change password
        </button>
      </form>
      <p role="status">{status}</p>
    </AccountSection>
  )
}
