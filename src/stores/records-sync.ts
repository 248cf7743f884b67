import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import type { FeedHealth, OwnRow, OwnTable, OwnTablesFeed } from '@/lib/realtime'
import { nextReloadToken } from '@/lib/records'
import { nextTask } from '@/lib/slices'
import type { RecordsStoreApi } from './records-store'

export interface SyncedTable<T extends OwnTable, R extends { id: string }> {
  table: T
  /** A device copy of another version is not shown (see README). */
  version: number
  upgradeRecord?(record: unknown, version: number): R | null
  store: RecordsStoreApi<R>
  fromRow(row: OwnRow<T>): R
  list(userId: string): Promise<R[]>
}

export type SubscribeToTables = (
  userId: string,
  tables: readonly OwnTable[],
  feed: OwnTablesFeed,
) => () => void

interface DeviceCopy<R> {
  version: number
  records: R[]
}

export interface DeviceCopies {
  of<R extends { id: string }>(table: SyncedTable<OwnTable, R>): readonly R[] | null
}

/** A burst of events is written to the device once. */
const DEVICE_COPY_DELAY_MS = 200

const reloads = new Map<string, () => void>()

export function reloadRecords(table: OwnTable): void {
  reloads.get(table)?.()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = SyncedTable<any, any>

/** Only a `live` after `interrupted` is a rejoin: the feed also says `live` when its change feed
 * subscribes and when a refreshed token is handed over. */
export function startRecordsSync(
  userId: string,
  tables: readonly AnyTable[],
  {
    subscribe,
    onLive,
    onAttestationsStale,
    beforeCopiesShown,
    beforeFirstAnswerShown,
  }: {
    subscribe: SubscribeToTables
    onLive(): void
    /** An attestation arrived, or the feed rejoined and may have missed one. */
    onAttestationsStale?(): void
    /** Told in a task of its own before the copies are shown (the handicap's first, cold scoring). */
    beforeCopiesShown?(copies: DeviceCopies): void
    /** The same for a table's first answer when no copy was shown before it. */
    beforeFirstAnswerShown?(answer: DeviceCopies): void
  },
): () => void {
  const followed = tables.map((table) => followOnDevice(userId, table, beforeFirstAnswerShown))
  // Shown together, so a store derived from several tables is made once; in a task after the
  // reads, since reading a large copy out of IndexedDB is work of its own.
  void Promise.all(followed.map((table) => table.copy)).then(async (copies) => {
    await nextTask()
    if (beforeCopiesShown && copies.some((copy) => copy)) {
      const byTable = new Map(tables.map((table, at) => [table, copies[at]?.records ?? null]))
      beforeCopiesShown({
        of: <R extends { id: string }>(table: SyncedTable<OwnTable, R>) =>
          (byTable.get(table) as readonly R[] | null | undefined) ?? null,
      })
      await nextTask()
    }
    for (const copy of copies) copy?.show()
  })
  const byName = new Map(tables.map((table) => [table.table as string, table]))
  /** What the feed may have missed: every list and the attestations are read again. */
  const reloadEverything = () => {
    for (const table of followed) table.reload()
    onAttestationsStale?.()
  }
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
      onAttested: () => onAttestationsStale?.(),
      onReplayFull: reloadEverything,
      onHealth: (next: Exclude<FeedHealth, 'connecting'>) => {
        const previous = health
        health = next
        for (const table of tables) table.store.getState().setLive(next)
        if (next !== 'live' || previous === 'live') return
        if (previous === 'interrupted') reloadEverything()
        else for (const table of followed) table.loadIfFailed()
        onLive()
      },
    },
  )
  return () => {
    unsubscribe()
    for (const table of followed) table.stop()
  }
}

function followOnDevice<R extends { id: string }>(
  userId: string,
  table: SyncedTable<OwnTable, R>,
  beforeFirstAnswerShown?: (answer: DeviceCopies) => void,
) {
  const store = table.store.getState
  const key = deviceKey(userId, `records:${table.table}`)
  let active = true
  let copyTimer: ReturnType<typeof setTimeout> | undefined
  let lastLoad: 'loading' | 'loaded' | 'failed' = 'loading'
  let showingCopy = false

  const reload = async () => {
    const token = nextReloadToken()
    lastLoad = 'loading'
    store().beginReload(token)
    try {
      const rows = await table.list(userId)
      if (beforeFirstAnswerShown && store().status !== 'ready') {
        // Its work apart from the response's task and from the render that shows it.
        await nextTask()
        beforeFirstAnswerShown({
          of: <S extends { id: string }>(other: SyncedTable<OwnTable, S>) =>
            (other === (table as SyncedTable<OwnTable, never>) ? rows : null) as
              readonly S[] | null,
        })
        await nextTask()
      }
      if (store().reload?.token === token) lastLoad = 'loaded'
      store().finishReload(token, rows)
    } catch {
      if (store().reload?.token === token) lastLoad = 'failed'
      store().failReload(token)
    }
  }
  const copy = readFromDevice<DeviceCopy<R> | R[]>(key).then(
    (found): { records: readonly R[]; show(): void } | null => {
      // A copy of another shape (an older app's) is not shown: the server's answer replaces it.
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
    if (state.status !== 'ready' || showingCopy) return
    // A first answer that changes nothing (an empty list) still replaces a copy of another shape.
    if (state.confirmed === previous.confirmed && previous.status === 'ready') return
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
  let asked = false
  const reloadNow = () => {
    asked = true
    void reload()
  }
  reloads.set(table.table, reloadNow)
  // Each table's first request in a task of its own: started in the task that drew the screen,
  // the requests made it one long task.
  void nextTask().then(() => {
    if (active && !asked) reloadNow()
  })
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
