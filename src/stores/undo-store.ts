import { create } from 'zustand'
import { registerReset } from './resets'

export const UNDO_SECONDS = 8

export interface UndoOffer {
  message: string
  undo(): void
}

interface UndoState {
  offer: UndoOffer | null
  /** Bumped with each offer, so an older offer's timer does not take a newer one away. */
  serial: number
  offerUndo(offer: UndoOffer): void
  dismissUndo(): void
  reset(): void
}

let expiry: ReturnType<typeof setTimeout> | undefined

export const useUndoStore = create<UndoState>()((set, get) => ({
  offer: null,
  serial: 0,
  offerUndo: (offer) => {
    clearTimeout(expiry)
    const serial = get().serial + 1
    set({ offer, serial })
    expiry = setTimeout(() => {
      if (get().serial === serial) set({ offer: null })
    }, UNDO_SECONDS * 1000)
  },
  dismissUndo: () => {
    clearTimeout(expiry)
    set({ offer: null })
  },
  reset: () => {
    clearTimeout(expiry)
    set({ offer: null })
  },
}))
registerReset(() => useUndoStore.getState().reset())

export const offerUndo = (offer: UndoOffer) => useUndoStore.getState().offerUndo(offer)
