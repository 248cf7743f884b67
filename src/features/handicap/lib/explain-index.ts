import { differentialsUsed } from './handicap-index'

/**
 * How the index was made from this many rounds, in plain words: "Lowest differential minus 2.0",
 * "Average of your lowest 3 of 11 differentials". Null below 3 rounds.
 */
export function explainIndex(roundCount: number): string | null {
  const rule = differentialsUsed(roundCount)
  if (!rule) return null
  const minus = rule.adjustmentTenths ? ` minus ${(rule.adjustmentTenths / 10).toFixed(1)}` : ''
  if (rule.count === 1) return `Lowest differential${minus}`
  return `Average of your lowest ${rule.count} of ${roundCount} differentials${minus ? `,${minus}` : ''}`
}
