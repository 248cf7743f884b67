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

/**
 * A table's data provider: the calls that make each change on the server. The outbox may send a
 * change again after its answer was lost: a delete or an Undo already done is done again without
 * an error, and an add of an id already stored is refused by its primary key, which the outbox
 * counts as stored.
 */
export interface RecordsApi<R, I> {
  list(userId: string): Promise<R[]>
  add(id: string, input: I): Promise<R | null>
  edit(id: string, input: I): Promise<R>
  remove(id: string): Promise<void>
  /** Undo of a delete that reached the server: the same row back, on every device. */
  restore(id: string): Promise<void>
}

/**
 * Everything the shared records code needs to know of one table, given by its feature. From it
 * come the table's store, its part of the realtime channel and of the device copy, and its kind
 * in the outbox.
 */
export interface TableDescriptor<T extends OwnTable, R extends { id: string }, I> {
  table: T
  /** The shape of the record and the input, on the device and in the outbox (README). */
  version: number
  /** "round", "rounds": for "2 rounds waiting to sync". */
  noun: readonly [singular: string, plural: string]
  fromRow(row: OwnRow<T>): R
  api: RecordsApi<R, I>
  /** The alert when the server refuses a change. */
  refusalMessage(action: OutboxAction, error: DataError): string
  /** What the golfer typed, in words, kept in the Not saved list after a refusal. */
  describe(record: R): string
  /** The input of an outbox entry an older version of the app wrote, in this version's shape. */
  upgradeInput(entry: StoredEntry): I | null
  /** The record of such an entry (what the screens show until it is sent), in this version's
   * shape; kept as it was when not given. */
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
    /** Keeps the change on the device, shows it at once, and sends it now or when it can. */
    add(input: I, record: (id: string) => R): Promise<void>
    /**
     * An add with the id given (a scorecard's round keeps the id its card was made with, so a
     * card finished twice is one round). True once the change is in the outbox on the device.
     */
    addWithId(id: string, input: I, record: R): Promise<boolean>
    edit(id: string, input: I, record: R): Promise<void>
    /**
     * Hides the record at once and deletes it when it can. An Undo is offered for a few
     * seconds: it takes the delete back if it has not been sent, or restores the record exactly
     * (same id) on every device if it has.
     */
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
