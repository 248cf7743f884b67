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

/**
 * Scores the record the device's copies are about to show, in the task before they are shown (see
 * `startRecordsSync`): the load's first scoring of a long record runs cold (13-21 ms for 200
 * rounds on a fast machine, 3 ms warm), and would share one long task with the screens' render.
 * The store uses it only if showing the copies brings exactly these rounds and settings.
 */
export function scoreCopiesAhead(copies: DeviceCopies): void {
  const rounds = copies.of(roundsTable)
  if (!rounds || rounds.length === 0) return
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
