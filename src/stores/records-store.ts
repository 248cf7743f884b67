import { create } from 'zustand'
import type { FeedHealth } from '@/lib/realtime'
import {
  beginReload,
  emptyRecords,
  failReload,
  finishReload,
  hydrateRecords,
  removeRecord,
  setQueued,
  upsertRecord,
  type QueuedChange,
  type RecordsState,
} from '@/lib/records'
import { registerReset } from './resets'

export interface RecordsStore<R extends { id: string }> extends RecordsState<R> {
  live: FeedHealth
  /** Bumped by reset, so work started for a previous session does not write into the next. */
  epoch: number
  upsert(record: R): void
  remove(id: string): void
  setQueued(queued: readonly QueuedChange<R>[]): void
  hydrate(records: readonly R[]): void
  beginReload(token: number): void
  finishReload(token: number, records: readonly R[]): void
  failReload(token: number): void
  setLive(live: FeedHealth): void
  reset(): void
}

export interface RecordsStoreApi<R extends { id: string }> {
  getState(): RecordsStore<R>
  subscribe(listener: (state: RecordsStore<R>, previous: RecordsStore<R>) => void): () => void
}

export function createRecordsStore<R extends { id: string }>() {
  const store = create<RecordsStore<R>>()((set) => ({
    ...emptyRecords<R>(),
    live: 'connecting',
    epoch: 0,
    upsert: (record) => set((state) => upsertRecord(state, record)),
    remove: (id) => set((state) => removeRecord(state, id)),
    setQueued: (queued) => set((state) => setQueued(state, queued)),
    hydrate: (records) => set((state) => hydrateRecords(state, records)),
    beginReload: (token) => set((state) => beginReload(state, token)),
    finishReload: (token, records) => set((state) => finishReload(state, token, records)),
    failReload: (token) => set((state) => failReload(state, token)),
    setLive: (live) => set({ live }),
    reset: () =>
      set((state) => ({ ...emptyRecords<R>(), live: 'connecting', epoch: state.epoch + 1 })),
  }))
  registerReset(() => store.getState().reset())
  return store
}
