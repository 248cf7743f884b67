import { create } from 'zustand'
import type { SessionUser } from '../api/watch-session'
import { registerReset } from '@/stores/resets'

/** `checking` until supabase-js has read the stored session (INITIAL_SESSION). */
export type SessionStatus = 'checking' | 'signed-in' | 'signed-out'

interface SessionState {
  status: SessionStatus
  user: SessionUser | null
  signIn(user: SessionUser): void
  signOut(): void
  reset(): void
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'checking',
  user: null,
  signIn: (user) => {
    const current = get().user
    // Token refreshes repeat the same user; keep the object so nothing re-renders for them.
    if (get().status === 'signed-in' && current?.id === user.id && current.email === user.email) {
      return
    }
    set({ status: 'signed-in', user })
  },
  signOut: () => set({ status: 'signed-out', user: null }),
  reset: () => set({ status: 'checking', user: null }),
}))
registerReset(() => useSessionStore.getState().reset(), 'page')

export const selectUserId = (state: SessionState) => state.user?.id ?? null
