import { create } from 'zustand'
import { registerReset } from './resets'

/** It outlives the screen that started the failed background work. */
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
