import { ulid } from 'ulid'
import type { DataError } from '@/lib/data-error'
import type { OwnRow, OwnTable } from '@/lib/realtime'
import {
  enqueue,
  takeBackDelete,
  type OutboxAction,
  type OutboxKind,
  type StoredEntry,
} from './outbox'
import { createRecordsStore } from './records-store'
import type { SyncedTable } from './records-sync'
import { offerUndo } from './undo-store'

/** Every call must be safe to repeat: the outbox may send a change again after its answer was lost. */
export interface RecordsApi<R, I> {
  list(userId: string): Promise<R[]>
  add(id: string, input: I): Promise<R | null>
  edit(id: string, input: I): Promise<R>
  remove(id: string): Promise<void>
  restore(id: string): Promise<void>
}

export interface TableDescriptor<T extends OwnTable, R extends { id: string }, I> {
  table: T
  /** The shape of the record and the input, on the device and in the outbox. */
  version: number
  noun: readonly [singular: string, plural: string]
  fromRow(row: OwnRow<T>): R
  api: RecordsApi<R, I>
  refusalMessage(action: OutboxAction, error: DataError): string
  describe(record: R): string
  upgradeInput(entry: StoredEntry): I | null
  /** Kept as it was when not given. */
  upgradeRecord?(record: unknown): R
}

export type RecordsTable<T extends OwnTable, R extends { id: string }, I> = TableDescriptor<
  T,
  R,
  I
> &
  SyncedTable<T, R> &
  OutboxKind<R> & {
    store: ReturnType<typeof createRecordsStore<R>>
    add(input: I, record: (id: string) => R): Promise<void>
    /** A scorecard's round keeps its card's id, so a card finished twice is one round. */
    addWithId(id: string, input: I, record: R): Promise<boolean>
    edit(id: string, input: I, record: R): Promise<void>
    remove(id: string, deleted: string): Promise<void>
  }

export function defineRecordsTable<T extends OwnTable, R extends { id: string }, I>(
  descriptor: TableDescriptor<T, R, I>,
): RecordsTable<T, R, I> {
  const { table: kind, api } = descriptor
  const store = createRecordsStore<R>()

  async function undoDelete(record: R): Promise<void> {
    if (await takeBackDelete(kind, record.id)) return
    await enqueue({ kind, action: 'restore', id: record.id, record, input: null })
  }

  return {
    ...descriptor,
    store,
    list: api.list,
    upgrade: (older) => ({
      version: descriptor.version,
      key: older.key,
      kind,
      action: older.action,
      id: older.id,
      record:
        older.record && descriptor.upgradeRecord
          ? descriptor.upgradeRecord(older.record)
          : older.record,
      input: descriptor.upgradeInput(older),
    }),
    send(entry) {
      switch (entry.action) {
        case 'add':
          return api.add(entry.id, entry.input as I)
        case 'edit':
          return api.edit(entry.id, entry.input as I)
        case 'delete':
          return api.remove(entry.id).then(() => null)
        case 'restore':
          return api.restore(entry.id).then(() => null)
      }
    },
    refusal(entry, error) {
      const typed = entry.record && (entry.action === 'add' || entry.action === 'edit')
      return {
        message: descriptor.refusalMessage(entry.action, error),
        typed: typed ? descriptor.describe(entry.record as R) : null,
      }
    },
    async add(input, record) {
      const id = ulid()
      await enqueue({ kind, action: 'add', id, record: record(id), input })
    },
    addWithId(id, input, record) {
      return enqueue({ kind, action: 'add', id, record, input })
    },
    async edit(id, input, record) {
      await enqueue({ kind, action: 'edit', id, record, input })
    },
    async remove(id, deleted) {
      const record = store.getState().byId[id]
      if (!record) return
      await enqueue({ kind, action: 'delete', id, record: null, input: null })
      offerUndo({ message: deleted, undo: () => void undoDelete(record) })
    },
  }
}
