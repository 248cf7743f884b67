import type { ReactNode } from 'react'
import type { AccountRecordRows } from '../api/load-account-record'
import type { ExportRound, ExportSettings } from '../lib/export-files'
import { DeleteAccountSection } from './delete-account-section'
import { EmailSection } from './email-section'
import { ExportSection } from './export-section'
import { ImportSection } from './import-section'
import { PasswordSection } from './password-section'
import { AccountSection } from './account-section'

interface AccountScreenProps {
  userId: string
  email: string | null
  checkNewPassword(password: string, confirmation: string): string | null
  onDeleted(): void
  /** The golfer's record as this device holds it, or null while it is not loaded. */
  recordOnDevice(): AccountRecordRows | null
  onImported(): void
  withEstimate?: (rounds: ExportRound[]) => ExportRound[]
  /** The golfer's handicap settings (the app composes the handicap feature's form). */
  handicapSettings?: ReactNode
  settings?: () => ExportSettings
}

/** /account: the golfer's email, password, their data in and out, and deleting it all. */
export function AccountScreen({
  userId,
  email,
  checkNewPassword,
  onDeleted,
  recordOnDevice,
  onImported,
  withEstimate,
  handicapSettings,
  settings,
}: AccountScreenProps) {
  return (
    <>
      <header className="screen__header">
        <h1 className="screen__title">Account</h1>
      </header>
      <EmailSection email={email} />
      <PasswordSection email={email} checkNewPassword={checkNewPassword} />
      {handicapSettings ? (
        <AccountSection id="account-handicap" title="Starting index">
          <p>
            The index your federation gave you. Until HCPFast has 3 rounds it gives your course
            handicaps, the strokes on your card and the number to beat.
          </p>
          {handicapSettings}
        </AccountSection>
      ) : null}
      <ExportSection
        userId={userId}
        email={email}
        recordOnDevice={recordOnDevice}
        withEstimate={withEstimate}
        settings={settings}
      />
      <ImportSection userId={userId} recordOnDevice={recordOnDevice} onImported={onImported} />
      <DeleteAccountSection email={email} onDeleted={onDeleted} />
    </>
  )
}
