import type { AuthChangeEvent } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'

export interface SessionUser {
  id: string
  email: string | null
}

/**
 * Reports the signed-in user (or null) on every auth event, starting with INITIAL_SESSION once the
 * stored session has been read, and including events from the app's other windows.
 */
export function watchSession(
  onChange: (user: SessionUser | null, event: AuthChangeEvent) => void,
): () => void {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    onChange(session ? { id: session.user.id, email: session.user.email ?? null } : null, event)
  })
  return () => data.subscription.unsubscribe()
}
