import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import type { FeedHealth, OwnRow, OwnTable, OwnTablesFeed } from '@/lib/realtime'
import { nextReloadToken } from '@/lib/records'
import type { RecordsStoreApi } from './records-store'

/** What the sync needs of a table's descriptor. */
export interface SyncedTable<T extends OwnTable, R extends { id: string }> {
  table: T
  /** The record's shape version: a device copy of another version is not shown (see README). */
  version: number
  store: RecordsStoreApi<R>
  fromRow(row: OwnRow<T>): R
  list(userId: string): Promise<R[]>
}

/** Opens the one realtime channel of the golfer's tables (lib/realtime in the app). */
export type SubscribeToTables = (
  userId: string,
  tables: readonly OwnTable[],
  feed: OwnTablesFeed,
) => () => void

/** The device's copy of one table: the records and the version of their shape. */
interface DeviceCopy<R> {
  version: number
  records: R[]
}

/** How long the device's copy may lag the screen: a burst of events is written once. */
const DEVICE_COPY_DELAY_MS = 200

/** The running syncs' reloads, by table: the "Try again" after a failed load. */
const reloads = new Map<string, () => void>()

/** "Try again" after a failed load of this table. */
export function reloadRecords(table: OwnTable): void {
  reloads.get(table)?.()
}

// The descriptors differ in their record type; the sync treats each one alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = SyncedTable<any, any>

/**
 * Keeps each table's store equal to the golfer's rows while signed in: shows the device's copy
 * from the last visit at once (online or not), follows realtime changes of all the tables on one
 * channel, and loads every list now and again on each (re)join — a change made while the
 * connection was down is never delivered, only found by reloading. `onLive` is told of each
 * (re)join once (the outbox sends then). Every confirmed change is copied back to the device.
 * The returned stop leaves the channel and resets the stores.
 */
export function startRecordsSync(
  userId: string,
  tables: readonly AnyTable[],
  { subscribe, onLive }: { subscribe: SubscribeToTables; onLive(): void },
): () => void {
  const stops = tables.map((table) => followOnDevice(userId, table))
  const byName = new Map(tables.map((table) => [table.table as string, table]))
  const unsubscribe = subscribe(
    userId,
    tables.map((table) => table.table),
    {
      onUpsert: (table, row) => {
        const synced = byName.get(table)
        synced?.store.getState().upsert(synced.fromRow(row))
      },
      onRemove: (table, id) => byName.get(table)?.store.getState().remove(id),
      onHealth: (live: Exclude<FeedHealth, 'connecting'>) => {
        for (const table of tables) table.store.getState().setLive(live)
        if (live !== 'live') return
        for (const table of tables) reloads.get(table.table)?.()
        onLive()
      },
    },
  )
  return () => {
    unsubscribe()
    for (const stop of stops) stop()
  }
}

/** One table's device copy and reloads; returns the stop. */
function followOnDevice<R extends { id: string }>(userId: string, table: SyncedTable<OwnTable, R>) {
  const store = table.store.getState
  const key = deviceKey(userId, `records:${table.table}`)
  let active = true
  let copyTimer: ReturnType<typeof setTimeout> | undefined

  const reload = async () => {
    const token = nextReloadToken()
    store().beginReload(token)
    try {
      store().finishReload(token, await table.list(userId))
    } catch {
      store().failReload(token)
    }
  }
  void readFromDevice<DeviceCopy<R> | R[]>(key).then(
    (copy) => {
      // A copy of another shape (an older app's, or a bare list from before versions) is not
      // shown: the server's answer replaces it.
      if (active && copy && !Array.isArray(copy) && copy.version === table.version) {
        store().hydrate(copy.records)
      }
    },
    () => undefined,
  )
  const stopCopying = table.store.subscribe((state, previous) => {
    if (state.confirmed === previous.confirmed || state.status !== 'ready') return
    clearTimeout(copyTimer)
    copyTimer = setTimeout(() => {
      if (!active) return
      const copy: DeviceCopy<R> = {
        version: table.version,
        records: Object.values(store().confirmed),
      }
      void writeToDevice(key, copy).catch(() => undefined)
    }, DEVICE_COPY_DELAY_MS)
  })
  const reloadNow = () => void reload()
  reloads.set(table.table, reloadNow)
  reloadNow()
  return () => {
    active = false
    clearTimeout(copyTimer)
    stopCopying()
    if (reloads.get(table.table) === reloadNow) reloads.delete(table.table)
    store().reset()
  }
}
