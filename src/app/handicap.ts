import { useStore } from 'zustand'
import { useTeesStore } from '@/features/courses/stores/tees-table'
import { createHandicapStore, type HandicapState } from '@/features/handicap/stores/handicap-store'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'
import type { Round } from '@/features/rounds/types'
import type { Tee } from '@/lib/tables/tees'

/**
 * The golfer's handicap, composed here from the stores it follows (a feature does not import
 * another's): the rounds newest first, the tees, and the handicap feature's own settings. Every
 * screen, the export and the import preview read it (src/features/handicap/stores/handicap-store.ts).
 */
export const handicapStore = createHandicapStore<Round, Tee>({
  rounds: {
    read: () => selectRoundsNewestFirst(useRoundsStore.getState()),
    subscribe: (listener) => useRoundsStore.subscribe(listener),
  },
  tees: {
    read: () => useTeesStore.getState().byId,
    subscribe: (listener) => useTeesStore.subscribe(listener),
  },
})

/** The handicap store in a component: `useHandicap((state) => state.index)`. */
export function useHandicap<U>(selector: (state: HandicapState<Round, Tee>) => U): U {
  return useStore(handicapStore, selector)
}
