import type { RecordsStore } from '@/stores/records-store'
import type { Round } from '../types'
import { roundsTable } from './rounds-table'

export const useRoundsStore = roundsTable.store

/** ULIDs sort by the time they were made. */
export function compareNewestFirst(a: Round, b: Round): number {
  if (a.playedOn !== b.playedOn) return a.playedOn < b.playedOn ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

const newestFirst = new WeakMap<Record<string, Round>, readonly Round[]>()

/** Sorted once per change of the rows, not by every subscriber on every store change. */
export function selectRoundsNewestFirst(
  state: Pick<RecordsStore<Round>, 'byId'>,
): readonly Round[] {
  let sorted = newestFirst.get(state.byId)
  if (!sorted) {
    sorted = Object.values(state.byId).sort(compareNewestFirst)
    newestFirst.set(state.byId, sorted)
  }
  return sorted
}

export function selectLastUsedCourseId(state: Pick<RecordsStore<Round>, 'byId'>): string | null {
  let last: Round | undefined
  for (const round of Object.values(state.byId)) if (!last || round.id > last.id) last = round
  return last?.courseId ?? null
}
