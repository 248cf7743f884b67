import { useStore } from 'zustand'
import { useTeesStore } from '@/features/courses/stores/tees-table'
import { handicapSettingsTable } from '@/features/handicap/stores/handicap-settings-sync'
import {
  selectCourseHandicapSource,
  selectStartingIndex,
  useHandicapSettingsStore,
} from '@/features/handicap/stores/handicap-settings-store'
import { createHandicapStore, type HandicapState } from '@/features/handicap/stores/handicap-store'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { roundsTable } from '@/features/rounds/stores/rounds-table'
import type { Round } from '@/features/rounds/types'
import { recordsById } from '@/lib/records'
import type { Tee } from '@/lib/tables/tees'
import type { DeviceCopies } from '@/stores/records-sync'

/** Composed here because a feature does not import another's stores. */
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

export function useHandicap<U>(selector: (state: HandicapState<Round, Tee>) => U): U {
  return useStore(handicapStore, selector)
}

/** The first, cold scoring goes in the task before the copies are shown, not in the render's. */
export function scoreCopiesAhead(copies: DeviceCopies): void {
  const rounds = copies.of(roundsTable)
  // Records shown already (the server's answer before the copy) are scored already.
  if (!rounds || rounds.length === 0 || useRoundsStore.getState().status === 'ready') return
  const settingsCopy = copies.of(handicapSettingsTable)
  const settings = settingsCopy
    ? { byId: recordsById(settingsCopy) }
    : useHandicapSettingsStore.getState()
  handicapStore.scoreAhead(
    selectRoundsNewestFirst({ byId: recordsById(rounds) }),
    selectCourseHandicapSource(settings),
    selectStartingIndex(settings),
  )
}
