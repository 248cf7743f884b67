import { create } from 'zustand'
import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import type { FeedHealth } from '@/lib/realtime'
import {
  beginReload,
  emptyRecords,
  failReload,
  finishReload,
  hydrateRecords,
  nextReloadToken,
  removeRecord,
  setQueued,
  upsertRecord,
  type QueuedChange,
  type RecordsState,
} from '@/lib/records'
import { sendOutboxNow } from './outbox'

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

/** One golfer's rows of one table, as the screens show them (courses and rounds alike). */
export function createRecordsStore<R extends { id: string }>() {
  return create<RecordsStore<R>>()((set) => ({
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
}

export interface RecordsSource<R> {
  /** The table's name: the key of the device's copy. */
  table: string
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

/** How long the device's copy may lag the screen: a burst of events is written once. */
const DEVICE_COPY_DELAY_MS = 200

/**
 * Keeps a records store equal to the golfer's rows while signed in: shows the device's copy from
 * the last visit at once (online or not), follows realtime changes, and loads the whole list now
 * and again on every (re)join — a change made while the connection was down is never delivered,
 * only found by reloading. Every confirmed change is copied back to the device. `stop` leaves and
 * resets; `reload` is the "Try again" after a failed load.
 */
export function createRecordsSync<R extends { id: string }>(
  useStore: {
    getState(): RecordsStore<R>
    subscribe(listener: (state: RecordsStore<R>, previous: RecordsStore<R>) => void): () => void
  },
  source: RecordsSource<R>,
): { start(userId: string): () => void; reload(): void } {
  const store = useStore.getState
  let reloadActive: (() => Promise<void>) | null = null

  return {
    start(userId) {
      const key = deviceKey(userId, `records:${source.table}`)
      let active = true
      let copyTimer: ReturnType<typeof setTimeout> | undefined

      const reload = async () => {
        const token = nextReloadToken()
        store().beginReload(token)
        try {
          store().finishReload(token, await source.list(userId))
        } catch {
          store().failReload(token)
        }
      }
      void readFromDevice<R[]>(key).then(
        (records) => {
          if (active && records) store().hydrate(records)
        },
        () => undefined,
      )
      const stopCopying = useStore.subscribe((state, previous) => {
        if (state.confirmed === previous.confirmed || state.status !== 'ready') return
        clearTimeout(copyTimer)
        copyTimer = setTimeout(() => {
          if (active)
            void writeToDevice(key, Object.values(store().confirmed)).catch(() => undefined)
        }, DEVICE_COPY_DELAY_MS)
      })
      const unsubscribe = source.subscribe(userId, {
        onUpsert: (record) => store().upsert(record),
        onRemove: (id) => store().remove(id),
        onHealth: (live) => {
          store().setLive(live)
          if (live !== 'live') return
          void reload()
          sendOutboxNow()
        },
      })
      reloadActive = reload
      void reload()
      return () => {
        active = false
        clearTimeout(copyTimer)
        stopCopying()
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
