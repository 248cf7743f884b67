import { useState } from 'react'
import { NavLink } from 'react-router-dom'
import { ConfirmActions, Dialog } from '@/components/ui/dialog'
import { FlagIcon } from '@/components/ui/flag-icon'
import { GaugeIcon, LogoutIcon } from '@/components/ui/icons'
import { signOut } from '@/features/auth/api/sign-out'
import { SIGN_OUT_FAILED } from '@/features/auth/lib/auth-messages'
import { readCard } from '@/features/scorecard/lib/card'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import { showNotice } from '@/stores/notices-store'
import { forgetDevice, outboxSettled, useOutboxStore, waitingSummary } from '@/stores/outbox'
import { prefetchLinkedScreen } from '../lazy-screens'
import { OUTBOX_NOUNS } from './records'

const LOGOUT_SYNC_WAIT_MS = 10_000

export function BottomToolbar() {
  const userId = useSessionStore(selectUserId)
  const [signingOut, setSigningOut] = useState(false)
  const [confirming, setConfirming] = useState<string | null>(null)

  async function logOut({ askFirst }: { askFirst: boolean }) {
    if (signingOut) return
    setConfirming(null)
    setSigningOut(true)
    if (askFirst) {
      // A change on its way gets the moment it needs; only what cannot reach HCPFast now would be lost.
      await outboxSettled(LOGOUT_SYNC_WAIT_MS)
      const waiting = waitingSummary(useOutboxStore.getState().entries, OUTBOX_NOUNS)
      // A scorecard in play lives on this device only, and logout deletes it with the rest.
      const card = userId ? readCard(userId) : null
      const inPlay = card ? `the round being scored at ${card.courseName}` : null
      const lost = [waiting, inPlay].filter((part) => part !== null).join(' and ')
      if (lost) {
        setSigningOut(false)
        setConfirming(lost.charAt(0).toUpperCase() + lost.slice(1))
        return
      }
    }
    try {
      // Signed out, the session guard shows the login screen at once; no navigation of ours
      // after this, so one the golfer makes meanwhile (Forgot password?) stays.
      await signOut()
      // The next golfer on this browser sees none of it.
      if (userId) await forgetDevice(userId)
    } catch {
      showNotice(SIGN_OUT_FAILED)
      setSigningOut(false)
    }
  }

  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'toolbar__item toolbar__item--current' : 'toolbar__item'

  return (
    <nav
      id="main-navigation"
      tabIndex={-1}
      className="toolbar"
      aria-label="Main"
      onPointerDown={prefetchLinkedScreen}
      onFocus={prefetchLinkedScreen}
    >
      <NavLink to="/hcp" className={tabClass}>
        <GaugeIcon />
        <span>HCP</span>
      </NavLink>
      <NavLink to="/courses" className={tabClass}>
        <FlagIcon />
        <span>My Courses</span>
      </NavLink>
      <button
        type="button"
        className="toolbar__item toolbar__logout"
        onClick={() => void logOut({ askFirst: true })}
        aria-disabled={signingOut || undefined}
      >
        <LogoutIcon />
        <span>{signingOut ? 'Signing out…' : 'Logout'}</span>
      </button>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null)
        }}
        title="Log out and lose changes?"
        description={`${confirming ?? ''}. They have not reached HCPFast yet and will be lost if you log out now.`}
      >
        <ConfirmActions
          cancelLabel="Stay signed in"
          confirmLabel="Log out anyway"
          onConfirm={() => void logOut({ askFirst: false })}
        />
      </Dialog>
    </nav>
  )
}
