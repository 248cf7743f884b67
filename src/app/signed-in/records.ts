import { coursesTable } from '@/features/courses/stores/courses-table'
import { teesTable } from '@/features/courses/stores/tees-table'
import { handicapSettingsTable } from '@/features/handicap/stores/handicap-settings-sync'
import { roundsTable } from '@/features/rounds/stores/rounds-table'
import { subscribeToOwnTables } from '@/lib/realtime'
import { sendOutboxNow, startOutbox } from '@/stores/outbox'
import { reloadRecords, startRecordsSync } from '@/stores/records-sync'
import { scoreCopiesAhead } from '../handicap'

/**
 * The golfer's tables, each described by its feature. The outbox sends changes in the order the
 * golfer made them, so a round added offline on a course added offline goes after its course, and
 * a round on a tee added offline after its tee.
 */
export const TABLES = [coursesTable, teesTable, roundsTable]

/** For "1 course and 2 rounds waiting to sync". */
export const OUTBOX_NOUNS = TABLES.map(
  ({ table, noun: [one, many] }) => [table, one, many] as const,
)

/**
 * Everything that keeps the golfer's records while signed in: the outbox, the device's copy and
 * one realtime channel for every table; each (re)join sends what waits in the outbox, once.
 * Returns the stop.
 */
export function startRecords(userId: string): () => void {
  const stopOutbox = startOutbox(
    userId,
    Object.fromEntries(TABLES.map((table) => [table.table, table])),
  )
  // The settings row is synced like the rest but has no outbox kind (see its table). It comes
  // first: the device's copies are shown in this order, and the handicap is then scored once,
  // with the rounds, under the golfer's chosen source.
  const stopSync = startRecordsSync(userId, [handicapSettingsTable, ...TABLES], {
    subscribe: subscribeToOwnTables,
    onLive: sendOutboxNow,
    beforeCopiesShown: scoreCopiesAhead,
  })
  return () => {
    stopSync()
    stopOutbox()
  }
}

/** Loads every table again: after an import, which realtime may tell of later than the golfer
 * looks (a whole file's settings too). */
export function reloadAllRecords(): void {
  for (const { table } of [...TABLES, handicapSettingsTable]) reloadRecords(table)
}
