import type { ExportRound } from '@/features/account/lib/export-files'
import { whsRecord } from '@/features/handicap/lib/whs-index'

/**
 * The exported rounds with the WHS estimate's columns: the estimate reads them in record order
 * (by day played, then entry order, the id being a ULID), whatever order the file is written in.
 */
export function withWhsColumns(rounds: ExportRound[]): ExportRound[] {
  const ordered = [...rounds].sort((a, b) =>
    a.playedOn !== b.playedOn ? (a.playedOn < b.playedOn ? -1 : 1) : a.id < b.id ? -1 : 1,
  )
  const record = whsRecord(ordered)
  return ordered.map((round, at) => {
    const result = record.rounds[at]
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
