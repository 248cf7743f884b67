import { formatHandicapIndex } from './handicap-index'
import type { WhsRecord } from './whs-index'

/** One line for each rule that applies to this record; none below 3 rounds. */
export function explainWhs(
  rounds: readonly { playedOn: string }[],
  record: WhsRecord,
  formatDay: (day: string) => string,
): string[] {
  if (record.index === null) return []
  const lines: string[] = []
  const count = record.rounds.length
  const latest = Math.max(0, count - 20)
  if (latest > 0) lines.push(`Uses your latest 20 of ${count} rounds`)
  // Only an exceptional round among the latest 20 still covers a differential the estimate uses.
  for (let at = latest; at < count; at++) {
    const reduction = record.rounds[at]?.exceptionalReduction ?? 0
    if (reduction === 0) continue
    const day = formatDay(rounds[at]?.playedOn ?? '')
    const covered = Math.min(at + 1, 20)
    lines.push(`An exceptional round on ${day} took ${reduction}.0 off ${covered} differentials`)
  }
  if (record.cap !== 'none' && record.lowIndex !== null) {
    const low = formatHandicapIndex(record.lowIndex)
    const rule =
      record.cap === 'soft' ? 'the rise above 3.0 is halved' : 'it rises at most 5.0 above it'
    lines.push(`Capped: your lowest index in the past year was ${low}, so ${rule}`)
  }
  if (record.index === 54) lines.push('54.0 is the highest estimate there is')
  lines.push('Playing conditions are not known here')
  return lines
}
