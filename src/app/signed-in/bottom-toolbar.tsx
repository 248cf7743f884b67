import { useState } from 'react'
import { NavLink, useNavigate } from 'react-router-dom'
import { FlagIcon, GaugeIcon, LogoutIcon } from '@/components/ui/icons'
import { signOut } from '@/features/auth/api/sign-out'
import { SIGN_OUT_FAILED } from '@/features/auth/lib/auth-messages'
import { showNotice } from '@/stores/notices-store'

/** Fixed at the bottom: the two tabs (the current one marked with aria-current) and Logout. */
export function BottomToolbar() {
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)

  async function logOut() {
    if (signingOut) return
    setSigningOut(true)
    try {
      await signOut()
      navigate('/', { replace: true })
    } catch {
      showNotice(SIGN_OUT_FAILED)
      setSigningOut(false)
    }
  }

  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'toolbar__item toolbar__item--current' : 'toolbar__item'

  return (
    <nav id="main-navigation" tabIndex={-1} className="toolbar" aria-label="Main">
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
        onClick={logOut}
        aria-disabled={signingOut || undefined}
      >
        <LogoutIcon />
        <span>{signingOut ? 'Signing out…' : 'Logout'}</span>
      </button>
    </nav>
  )
}
