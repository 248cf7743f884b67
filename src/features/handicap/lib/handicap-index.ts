// Product-spec §9 in whole tenths: in floats (10.1 + 10.2) / 2 rounds the wrong way.
import { LARGEST_INPUT, ratingTenths, roundHalfUp } from '@/lib/handicap-arithmetic'

export { courseHandicap, roundHalfUp, unroundedCourseHandicap1130 } from '@/lib/handicap-arithmetic'

export interface ScoredRound {
  score: number
  courseRating: number
  slopeRating: number
}

/** The product spec's table; below 3 rounds there is no index. */
export function differentialsUsed(
  roundCount: number,
): { count: number; adjustmentTenths: number } | null {
  if (roundCount < 3) return null
  if (roundCount === 3) return { count: 1, adjustmentTenths: 20 }
  if (roundCount === 4) return { count: 1, adjustmentTenths: 10 }
  if (roundCount === 5) return { count: 1, adjustmentTenths: 0 }
  if (roundCount === 6) return { count: 2, adjustmentTenths: 10 }
  if (roundCount <= 8) return { count: 2, adjustmentTenths: 0 }
  if (roundCount <= 11) return { count: 3, adjustmentTenths: 0 }
  if (roundCount <= 14) return { count: 4, adjustmentTenths: 0 }
  if (roundCount <= 16) return { count: 5, adjustmentTenths: 0 }
  if (roundCount <= 18) return { count: 6, adjustmentTenths: 0 }
  if (roundCount === 19) return { count: 7, adjustmentTenths: 0 }
  return { count: 8, adjustmentTenths: 0 }
}

/** WHS Rule 5.1, exact. */
export function differentialTenths({ score, courseRating, slopeRating }: ScoredRound): number {
  if (!Number.isInteger(score) || Math.abs(score) > LARGEST_INPUT) {
    throw new RangeError(`score must be a whole number, got ${score}`)
  }
  if (!Number.isInteger(slopeRating) || slopeRating <= 0 || slopeRating > LARGEST_INPUT) {
    throw new RangeError(`slope rating must be a positive whole number, got ${slopeRating}`)
  }
  return roundHalfUp(113 * (10 * score - ratingTenths(courseRating)), slopeRating)
}

/** WHS Rule 5.1: to the nearest tenth, ties toward +∞. */
export function scoreDifferential(round: ScoredRound): number {
  return differentialTenths(round) / 10
}

/** At most 8 kept, so an insertion into a tiny sorted list keeps this linear in rounds. */
export function keepIfLowest(kept: number[], value: number, count: number): void {
  if (kept.length === count && value >= (kept[count - 1] as number)) return
  let at = Math.min(kept.length, count - 1)
  while (at > 0 && (kept[at - 1] as number) > value) {
    kept[at] = kept[at - 1] as number
    at -= 1
  }
  kept[at] = value
}

/** All rounds count (the spec's index, not the WHS estimate's latest 20). */
export function handicapIndex(rounds: readonly ScoredRound[]): number | null {
  const rule = differentialsUsed(rounds.length)
  if (!rule) return null
  const lowest: number[] = []
  for (const round of rounds) keepIfLowest(lowest, differentialTenths(round), rule.count)
  return indexOfLowest(lowest, rounds.length)
}

export const MOST_AVERAGED = 8

/** `lowest` holds at least the table's count of the lowest differentials, in tenths, ascending. */
export function indexOfLowest(lowest: readonly number[], roundCount: number): number | null {
  const rule = differentialsUsed(roundCount)
  if (!rule) return null
  let sumTenths = 0
  for (let at = 0; at < rule.count; at++) sumTenths += lowest[at] as number
  return (roundHalfUp(sumTenths, rule.count) - rule.adjustmentTenths) / 10
}

export function formatHandicapIndex(index: number): string {
  if (!Number.isFinite(index)) throw new RangeError(`not a handicap index: ${index}`)
  const tenths = Math.round(index * 10)
  if (tenths < 0) return `+${(-tenths / 10).toFixed(1)}`
  return (tenths / 10).toFixed(1)
}

/** On a tie at the cut-off the round earlier in the input counts; the app passes newest first. */
export function countingRounds(rounds: readonly ScoredRound[]): boolean[] {
  const counts = rounds.map(() => false)
  const rule = differentialsUsed(rounds.length)
  if (!rule) return counts
  const order = rounds
    .map((round, position) => ({ tenths: differentialTenths(round), position }))
    .sort((a, b) => a.tenths - b.tenths || a.position - b.position)
  for (const { position } of order.slice(0, rule.count)) counts[position] = true
  return counts
}

export function handicapHistory(rounds: readonly ScoredRound[]): (number | null)[] {
  const sorted: number[] = []
  return rounds.map((round) => {
    const tenths = differentialTenths(round)
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((sorted[middle] as number) <= tenths) low = middle + 1
      else high = middle
    }
    sorted.splice(low, 0, tenths)
    return indexOfLowest(sorted, sorted.length)
  })
}

export function formatCourseHandicap(handicap: number): string {
  return handicap < 0 ? `+${-handicap}` : String(handicap)
}
