import { coursesTable } from '@/features/courses/stores/courses-table'
import { teesTable } from '@/features/courses/stores/tees-table'
import { handicapSettingsTable } from '@/features/handicap/stores/handicap-settings-sync'
import { refreshShownAttestations } from '@/features/rounds/stores/attestations-store'
import { roundsTable } from '@/features/rounds/stores/rounds-table'
import { CARD_ENTRIES_KIND, cardEntriesKind } from '@/features/shared-card/stores/shared-card-store'
import { subscribeToOwnTables } from '@/lib/realtime'
import { sendOutboxNow, startOutbox } from '@/stores/outbox'
import { reloadRecords, startRecordsSync } from '@/stores/records-sync'
import { scoreCopiesAhead } from '../handicap'

/** In the order the outbox sends them: a round added offline goes after its course and tee. */
export const TABLES = [coursesTable, teesTable, roundsTable]

/** For "1 course and 2 rounds waiting to sync". */
export const OUTBOX_NOUNS = [
  ...TABLES.map(({ table, noun: [one, many] }) => [table, one, many] as const),
  [CARD_ENTRIES_KIND, ...cardEntriesKind.noun] as const,
]

/** Each (re)join sends what waits in the outbox, once. Returns the stop. */
export function startRecords(userId: string): () => void {
  const stopOutbox = startOutbox(userId, {
    ...Object.fromEntries(TABLES.map((table) => [table.table, table])),
    [CARD_ENTRIES_KIND]: cardEntriesKind,
  })
  // The settings come first so the handicap is scored once, under the golfer's chosen source.
  const stopSync = startRecordsSync(userId, [handicapSettingsTable, ...TABLES], {
    subscribe: subscribeToOwnTables,
    onLive: sendOutboxNow,
    onAttestationsStale: refreshShownAttestations,
    beforeCopiesShown: scoreCopiesAhead,
    beforeFirstAnswerShown: scoreCopiesAhead,
  })
  return () => {
    stopSync()
    stopOutbox()
  }
}

/** After an import, which realtime may tell of later than the golfer looks. */
export function reloadAllRecords(): void {
  for (const { table } of [...TABLES, handicapSettingsTable]) reloadRecords(table)
}
