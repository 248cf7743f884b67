import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import type { FeedHealth, OwnRow, OwnTable, OwnTablesFeed } from '@/lib/realtime'
import { nextReloadToken } from '@/lib/records'
import { nextTask } from '@/lib/slices'
import type { RecordsStoreApi } from './records-store'

/** What the sync needs of a table's descriptor. */
export interface SyncedTable<T extends OwnTable, R extends { id: string }> {
  table: T
  /** The record's shape version: a device copy of another version is not shown (see README). */
  version: number
  /** A record of a device copy of an older `version` in this version's shape, or null when it
   * cannot be; without it such a copy is not shown. */
  upgradeRecord?(record: unknown, version: number): R | null
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

/** The device's copies about to be shown, by table: `of(table)` is its records, or null when it
 * has none to show. */
export interface DeviceCopies {
  of<R extends { id: string }>(table: SyncedTable<OwnTable, R>): readonly R[] | null
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
 * from the last visit at once (online or not), loads every list from the server once, follows
 * realtime changes of all the tables on one channel, and loads every list again on each rejoin —
 * a change made while the connection was down is never delivered, only found by reloading.
 * `onLive` is told of each (re)join once (the outbox sends then). Every confirmed change is
 * copied back to the device. The returned stop leaves the channel and resets the stores.
 *
 * Each list is asked for once per load and once per rejoin. The feed says `live` more often than
 * the channel (re)joins: once when the channel is joined, again on a recovery message about its
 * feed, and again whenever a refreshed token is handed to the channel; only a `live` after
 * `interrupted` is a rejoin. The first join reloads nothing the load at start has (or is) loading:
 * only a list whose load failed (the app opened offline) is loaded then. What another device
 * changes between that load and the first join (well under a second) comes with the next rejoin.
 */
export function startRecordsSync(
  userId: string,
  tables: readonly AnyTable[],
  {
    subscribe,
    onLive,
    beforeCopiesShown,
  }: {
    subscribe: SubscribeToTables
    onLive(): void
    /** Told of the device's copies in a task of its own before they are shown, to work out
     * ahead what showing them will need (the handicap's first, cold scoring). */
    beforeCopiesShown?(copies: DeviceCopies): void
  },
): () => void {
  const followed = tables.map((table) => followOnDevice(userId, table))
  // The device's copies are shown together, in the order of `tables`: a store derived from several
  // tables (the handicap from the rounds and the settings) is made once from all of them, not once
  // per copy as each read came back (twice over a 200-round record on every open). In a task
  // after the reads: taking a 200-round copy out of IndexedDB is work of its own (5-10 ms and a
  // garbage collection on a fast machine), which would otherwise add to the record's scoring in
  // the longest task of a screen's load.
  void Promise.all(followed.map((table) => table.copy)).then(async (copies) => {
    await nextTask()
    if (beforeCopiesShown && copies.some((copy) => copy)) {
      const byTable = new Map(tables.map((table, at) => [table, copies[at]?.records ?? null]))
      beforeCopiesShown({
        // Each table's copy holds its own records: the descriptor's R is theirs.
        of: <R extends { id: string }>(table: SyncedTable<OwnTable, R>) =>
          (byTable.get(table) as readonly R[] | null | undefined) ?? null,
      })
      await nextTask()
    }
    for (const copy of copies) copy?.show()
  })
  const byName = new Map(tables.map((table) => [table.table as string, table]))
  let health: FeedHealth = 'connecting'
  const unsubscribe = subscribe(
    userId,
    tables.map((table) => table.table),
    {
      onUpsert: (table, row) => {
        const synced = byName.get(table)
        synced?.store.getState().upsert(synced.fromRow(row))
      },
      onRemove: (table, id) => byName.get(table)?.store.getState().remove(id),
      onHealth: (next: Exclude<FeedHealth, 'connecting'>) => {
        const previous = health
        health = next
        for (const table of tables) table.store.getState().setLive(next)
        if (next !== 'live' || previous === 'live') return
        for (const table of followed) {
          if (previous === 'interrupted') table.reload()
          else table.loadIfFailed()
        }
        onLive()
      },
    },
  )
  return () => {
    unsubscribe()
    for (const table of followed) table.stop()
  }
}

/** One table's device copy and loads: its reload, and the stop. */
function followOnDevice<R extends { id: string }>(userId: string, table: SyncedTable<OwnTable, R>) {
  const store = table.store.getState
  const key = deviceKey(userId, `records:${table.table}`)
  let active = true
  let copyTimer: ReturnType<typeof setTimeout> | undefined
  /** The last load's outcome, while it is the last one. */
  let lastLoad: 'loading' | 'loaded' | 'failed' = 'loading'
  /** While the device's copy is being shown. */
  let showingCopy = false

  const reload = async () => {
    const token = nextReloadToken()
    lastLoad = 'loading'
    store().beginReload(token)
    try {
      const rows = await table.list(userId)
      if (store().reload?.token === token) lastLoad = 'loaded'
      store().finishReload(token, rows)
    } catch {
      if (store().reload?.token === token) lastLoad = 'failed'
      store().failReload(token)
    }
  }
  /** The device's copy once read, and what showing it does (null: nothing to show). */
  const copy = readFromDevice<DeviceCopy<R> | R[]>(key).then(
    (found): { records: readonly R[]; show(): void } | null => {
      // A copy of another shape (an older app's, or a bare list from before versions) is not
      // shown: the server's answer replaces it.
      if (!found || Array.isArray(found)) return null
      let records: readonly (R | null | undefined)[] | null = null
      if (found.version === table.version) records = found.records
      else if (table.upgradeRecord && found.version < table.version) {
        records = found.records.map((record) => table.upgradeRecord?.(record, found.version))
      }
      if (!records || !records.every((record) => record)) return null
      const current = found.version === table.version
      const shown = records as R[]
      return {
        records: shown,
        show: () => {
          if (!active) return
          // What the device holds already is not written back to it (an upgraded copy is).
          showingCopy = current
          try {
            store().hydrate(shown)
          } finally {
            showingCopy = false
          }
        },
      }
    },
    () => null,
  )
  const stopCopying = table.store.subscribe((state, previous) => {
    if (state.confirmed === previous.confirmed || state.status !== 'ready' || showingCopy) return
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
  return {
    copy,
    reload: reloadNow,
    loadIfFailed: () => {
      if (lastLoad === 'failed') reloadNow()
    },
    stop: () => {
      active = false
      clearTimeout(copyTimer)
      stopCopying()
      if (reloads.get(table.table) === reloadNow) reloads.delete(table.table)
      store().reset()
    },
  }
}
