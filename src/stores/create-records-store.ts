import { create } from 'zustand'
import type { FeedHealth } from '@/lib/realtime'
import {
  beginReload,
  clearPending,
  emptyRecords,
  failReload,
  finishReload,
  markPending,
  nextReloadToken,
  removeRecord,
  upsertRecord,
  type PendingChange,
  type RecordsState,
} from '@/lib/records'

export interface RecordsStore<R extends { id: string }> extends RecordsState<R> {
  live: FeedHealth
  /** Bumped by reset, so work started for a previous session does not write into the next. */
  epoch: number
  upsert(record: R): void
  remove(id: string): void
  markPending(id: string, change: PendingChange): void
  clearPending(id: string): void
  beginReload(token: number): void
  finishReload(token: number, records: readonly R[]): void
  failReload(token: number): void
  setLive(live: FeedHealth): void
  reset(): void
}

/** One golfer's rows of one table, as the screens show them (courses and rounds alike). */
export function createRecordsStore<R extends { id: string }>() {
  return create<RecordsStore<R>>()((set) => ({
    ...emptyRecords<R>(),
    live: 'connecting',
    epoch: 0,
    upsert: (record) => set((state) => upsertRecord(state, record)),
    remove: (id) => set((state) => removeRecord(state, id)),
    markPending: (id, change) => set((state) => markPending(state, id, change)),
    clearPending: (id) => set((state) => clearPending(state, id)),
    beginReload: (token) => set((state) => beginReload(state, token)),
    finishReload: (token, records) => set((state) => finishReload(state, token, records)),
    failReload: (token) => set((state) => failReload(state, token)),
    setLive: (live) => set({ live }),
    reset: () =>
      set((state) => ({ ...emptyRecords<R>(), live: 'connecting', epoch: state.epoch + 1 })),
  }))
}

export interface RecordsSource<R> {
  list(userId: string): Promise<R[]>
  subscribe(
    userId: string,
    feed: {
      onUpsert(record: R): void
      onRemove(id: string): void
      onHealth(health: Exclude<FeedHealth, 'connecting'>): void
    },
  ): () => void
}

/**
 * Keeps a records store equal to the golfer's rows while signed in: follows realtime changes, and
 * loads the whole list now and again on every (re)join — a change made while the connection was
 * down is never delivered, only found by reloading. `stop` leaves and resets; `reload` is the
 * "Try again" after a failed load.
 */
export function createRecordsSync<R extends { id: string }>(
  useStore: { getState(): RecordsStore<R> },
  source: RecordsSource<R>,
): { start(userId: string): () => void; reload(): void } {
  const store = useStore.getState
  let reloadActive: (() => Promise<void>) | null = null

  return {
    start(userId) {
      const reload = async () => {
        const token = nextReloadToken()
        store().beginReload(token)
        try {
          store().finishReload(token, await source.list(userId))
        } catch {
          store().failReload(token)
        }
      }
      const unsubscribe = source.subscribe(userId, {
        onUpsert: (record) => store().upsert(record),
        onRemove: (id) => store().remove(id),
        onHealth: (live) => {
          store().setLive(live)
          if (live === 'live') void reload()
        },
      })
      reloadActive = reload
      void reload()
      return () => {
        if (reloadActive === reload) reloadActive = null
        unsubscribe()
        store().reset()
      }
    },
    reload() {
      void reloadActive?.()
    },
  }
}
