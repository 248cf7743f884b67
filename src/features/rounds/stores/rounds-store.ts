import { createRecordsStore, type RecordsStore } from '@/stores/create-records-store'
import type { Round } from '../types'

export const useRoundsStore = createRecordsStore<Round>()

/** Newest first; ids are ULIDs, which sort by the time they were made. */
export function selectRoundsNewestFirst(state: Pick<RecordsStore<Round>, 'byId'>): Round[] {
  return Object.values(state.byId).sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}
