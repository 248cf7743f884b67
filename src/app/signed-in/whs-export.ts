import type { ExportRound } from '@/features/account/lib/export-files'
import { recordFor } from '@/features/handicap/stores/handicap-store'
import { handicapStore } from '../handicap'

/**
 * The exported rounds with the WHS estimate's columns: the estimate reads them in record order
 * (by day played, then entry order, the id being a ULID), whatever order the file is written in,
 * over 18-hole entries: a paired nine has its pair's columns, a nine still waiting has none.
 */
export function withWhsColumns(rounds: ExportRound[]): ExportRound[] {
  const ordered = [...rounds].sort((a, b) =>
    a.playedOn !== b.playedOn ? (a.playedOn < b.playedOn ? -1 : 1) : a.id < b.id ? -1 : 1,
  )
  // The handicap store's record when these are the rounds it holds; else (the server's copy, before
  // this device has loaded the record) the same settings applied to them.
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
