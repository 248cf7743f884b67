import { keptSessionUser, watchSession } from '../api/watch-session'
import { useSessionStore } from './session-store'

export function syncSession(): () => void {
  // Offline, supabase-js keeps trying to renew an expired token for up to 30 s before it reports
  // the stored session; the golfer's data is on the device, so show it at once.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const kept = keptSessionUser()
    if (kept) useSessionStore.getState().signIn(kept)
  }
  return watchSession((user) => {
    const session = useSessionStore.getState()
    if (user) session.signIn(user)
    else session.signOut()
  })
}
