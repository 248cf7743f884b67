import { create } from 'zustand'
import type { FeedHealth } from '@/lib/realtime'
import {
  beginReload,
  clearPending,
  emptyRecords,
  failReload,
  finishReload,
  markPending,
  removeRecord,
  upsertRecord,
  type PendingChange,
  type RecordsState,
} from '@/lib/records'
import type { Round } from '../types'

interface RoundsState extends RecordsState<Round> {
  live: FeedHealth
  /** Bumped by reset, so work started for a previous session does not write into the next. */
  epoch: number
  upsertRound(round: Round): void
  removeRound(id: string): void
  markRoundPending(id: string, change: PendingChange): void
  clearRoundPending(id: string): void
  beginReload(token: number): void
  finishReload(token: number, rounds: readonly Round[]): void
  failReload(token: number): void
  setLive(live: FeedHealth): void
  reset(): void
}

export const useRoundsStore = create<RoundsState>()((set) => ({
  ...emptyRecords<Round>(),
  live: 'connecting',
  epoch: 0,
  upsertRound: (round) => set((state) => upsertRecord(state, round)),
  removeRound: (id) => set((state) => removeRecord(state, id)),
  markRoundPending: (id, change) => set((state) => markPending(state, id, change)),
  clearRoundPending: (id) => set((state) => clearPending(state, id)),
  beginReload: (token) => set((state) => beginReload(state, token)),
  finishReload: (token, rounds) => set((state) => finishReload(state, token, rounds)),
  failReload: (token) => set((state) => failReload(state, token)),
  setLive: (live) => set({ live }),
  reset: () =>
    set((state) => ({ ...emptyRecords<Round>(), live: 'connecting', epoch: state.epoch + 1 })),
}))

/** Newest first; ids are ULIDs, which sort by the time they were made. */
export function selectRoundsNewestFirst(state: Pick<RoundsState, 'byId'>): Round[] {
  return Object.values(state.byId).sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}
