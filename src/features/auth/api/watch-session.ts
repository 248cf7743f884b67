import type { AuthChangeEvent } from '@supabase/supabase-js'
import { AUTH_STORAGE_KEY, supabase } from '@/lib/supabase'

export interface SessionUser {
  id: string
  email: string | null
}

/** Opened offline after the token expired, supabase-js reports no session yet keeps the stored one
 * (a failed fetch is not a refusal) and renews it when the network is back. */
export function keptSessionUser(): SessionUser | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      refresh_token?: unknown
      user?: { id?: unknown; email?: unknown }
    } | null
    if (typeof kept?.refresh_token !== 'string' || typeof kept.user?.id !== 'string') return null
    return {
      id: kept.user.id,
      email: typeof kept.user.email === 'string' ? kept.user.email : null,
    }
  } catch {
    return null
  }
}

/** A golfer who opens the app offline stays signed in on the session kept on the device. */
export function watchSession(
  onChange: (user: SessionUser | null, event: AuthChangeEvent) => void,
): () => void {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    if (session) {
      onChange({ id: session.user.id, email: session.user.email ?? null }, event)
    } else {
      onChange(event === 'INITIAL_SESSION' ? keptSessionUser() : null, event)
    }
  })
  return () => data.subscription.unsubscribe()
}
