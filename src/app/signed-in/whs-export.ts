import type { ExportRound } from '@/features/account/lib/export-files'
import { recordFor } from '@/features/handicap/stores/handicap-store'
import { handicapStore } from '../handicap'

/** The estimate reads the rounds in record order (day, then the ULID id), whatever order the file
 * is written in. */
export function withWhsColumns(rounds: ExportRound[]): ExportRound[] {
  const ordered = [...rounds].sort((a, b) =>
    a.playedOn !== b.playedOn ? (a.playedOn < b.playedOn ? -1 : 1) : a.id < b.id ? -1 : 1,
  )
  // Else the server's copy, before this device has loaded the record.
  const record = recordFor(handicapStore.getState(), [...ordered].reverse())
  const byRound = new Map<string, (typeof record.entries)[number]['whs']>()
  for (const { entry, whs } of record.entries) {
    for (const id of entry.roundIds) byRound.set(id, whs)
  }
  return ordered.map((round) => {
    const result = byRound.get(round.id)
    return result
      ? {
          ...round,
          whs: {
            adjustedDifferential: result.adjustedDifferential,
            exceptionalReduction: result.exceptionalReduction,
            counts: result.counts,
          },
        }
      : round
  })
}
