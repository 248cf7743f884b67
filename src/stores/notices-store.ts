import { create } from 'zustand'
import { registerReset } from './resets'

/**
 * The one message the signed-in screens show when something the golfer started in the background
 * (an optimistic save or delete, a sign-out) failed. It outlives the screen that started it.
 */
interface NoticesState {
  notice: string | null
  showNotice(message: string): void
  dismissNotice(): void
  reset(): void
}

export const useNoticesStore = create<NoticesState>()((set) => ({
  notice: null,
  showNotice: (message) => set({ notice: message }),
  dismissNotice: () => set({ notice: null }),
  reset: () => set({ notice: null }),
}))
registerReset(() => useNoticesStore.getState().reset())

export const showNotice = (message: string) => useNoticesStore.getState().showNotice(message)
