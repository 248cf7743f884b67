import { differentialsUsed } from './handicap-index'

/** Null below 3 rounds. */
export function explainIndex(roundCount: number): string | null {
  const rule = differentialsUsed(roundCount)
  if (!rule) return null
  const minus = rule.adjustmentTenths ? ` minus ${(rule.adjustmentTenths / 10).toFixed(1)}` : ''
  if (rule.count === 1) return `Lowest differential${minus}`
  return `Average of your lowest ${rule.count} of ${roundCount} differentials${minus ? `,${minus}` : ''}`
}
