import { watchSession } from '../api/watch-session'
import { useSessionStore } from './session-store'

/** Keeps the session store in step with supabase-js for the page's lifetime. */
export function syncSession(): () => void {
  return watchSession((user) => {
    const session = useSessionStore.getState()
    if (user) session.signIn(user)
    else session.signOut()
  })
}
