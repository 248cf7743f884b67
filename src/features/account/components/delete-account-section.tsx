import { useState, type FormEvent } from 'react'
import { AlertMessage } from '@/components/ui/alert-message'
import { CurrentPasswordField } from '@/components/ui/password-fields'
import { deleteAccount } from '../api/delete-account'
import { verifyPassword } from '../api/verify-password'
import { CURRENT_PASSWORD_WRONG, DELETE_FAILED } from '../lib/account-messages'
import { AccountSection } from './account-section'

interface DeleteAccountSectionProps {
  email: string | null
  onDeleted(): void
}

export function DeleteAccountSection({ email, onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !email) return
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    setAlert(null)
    setBusy(true)
    try {
      await verifyPassword(email, password)
    } catch {
      setAlert(CURRENT_PASSWORD_WRONG)
      setBusy(false)
      return
    }
    try {
      await deleteAccount()
      onDeleted()
    } catch {
      setAlert(DELETE_FAILED)
      setBusy(false)
    }
  }

  return (
    <AccountSection id="account-delete" title="Delete account" danger>
      <p>
        Deletes your account, all your courses and rounds, and signs you out everywhere. This cannot
        be undone: export your data first if you may want it.
      </p>
      {open ? (
        <form className="form" onSubmit={submit} aria-busy={busy}>
          <CurrentPasswordField label="Your password" name="password" />
          <AlertMessage message={alert} onDismiss={() => setAlert(null)} />
          <div className="account-actions">
            <button type="submit" className="button button--danger" disabled={busy || !email}>
              Delete my account forever
            </button>
            <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          Delete account…
        </button>
      )}
    </AccountSection>
  )
}
