/**
 * The World Handicap System arithmetic of product-spec §9, exact.
 *
 * Everything is done in whole tenths with safe integers: a course rating has one decimal, so
 * 10 × (score − rating) is an integer and the differential in tenths is a ratio of integers, rounded
 * half up (toward +∞) with an exact integer floor division. Binary floating point would get ties
 * wrong — (10.1 + 10.2) / 2 is 10.149999… in float, which rounds to 10.1 instead of 10.2.
 */
import { LARGEST_INPUT, ratingTenths, roundHalfUp } from '@/lib/handicap-arithmetic'

export { courseHandicap, roundHalfUp, unroundedCourseHandicap1130 } from '@/lib/handicap-arithmetic'

export interface ScoredRound {
  score: number
  courseRating: number
  slopeRating: number
}

/** Rounds of the product spec's table: with n rounds, the lowest `count` differentials are
 * averaged and `adjustmentTenths` subtracted. Below 3 rounds there is no index. */
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

/** The differential in whole tenths (WHS Rule 5.1), exact: what the estimate's engine adds up. */
export function differentialTenths({ score, courseRating, slopeRating }: ScoredRound): number {
  if (!Number.isInteger(score) || Math.abs(score) > LARGEST_INPUT) {
    throw new RangeError(`score must be a whole number, got ${score}`)
  }
  if (!Number.isInteger(slopeRating) || slopeRating <= 0 || slopeRating > LARGEST_INPUT) {
    throw new RangeError(`slope rating must be a positive whole number, got ${slopeRating}`)
  }
  return roundHalfUp(113 * (10 * score - ratingTenths(courseRating)), slopeRating)
}

/** 113 / slope × (score − course rating), to the nearest tenth, ties toward +∞ (WHS Rule 5.1). */
export function scoreDifferential(round: ScoredRound): number {
  return differentialTenths(round) / 10
}

/** Keeps `kept` the `count` smallest values seen, ascending: at most 8, so one pass with an
 * insertion into a tiny sorted list is linear in the number of rounds. */
export function keepIfLowest(kept: number[], value: number, count: number): void {
  if (kept.length === count && value >= (kept[count - 1] as number)) return
  let at = Math.min(kept.length, count - 1)
  while (at > 0 && (kept[at - 1] as number) > value) {
    kept[at] = kept[at - 1] as number
    at -= 1
  }
  kept[at] = value
}

/** The handicap index for a golfer's rounds (all of them count), or null below 3 rounds. */
export function handicapIndex(rounds: readonly ScoredRound[]): number | null {
  const rule = differentialsUsed(rounds.length)
  if (!rule) return null
  const lowest: number[] = []
  for (const round of rounds) keepIfLowest(lowest, differentialTenths(round), rule.count)
  return indexOfLowest(lowest, rounds.length)
}

/** The most differentials (in tenths) the index ever averages: keep this many lowest. */
export const MOST_AVERAGED = 8

/**
 * The index of `roundCount` rounds whose lowest differentials, in tenths and ascending, start
 * `lowest` (it holds at least the table's count of them), or null below 3 rounds.
 */
export function indexOfLowest(lowest: readonly number[], roundCount: number): number | null {
  const rule = differentialsUsed(roundCount)
  if (!rule) return null
  let sumTenths = 0
  for (let at = 0; at < rule.count; at++) sumTenths += lowest[at] as number
  return (roundHalfUp(sumTenths, rule.count) - rule.adjustmentTenths) / 10
}

/** One decimal; a plus handicap (negative index) shows as "+" and its absolute value. */
export function formatHandicapIndex(index: number): string {
  if (!Number.isFinite(index)) throw new RangeError(`not a handicap index: ${index}`)
  const tenths = Math.round(index * 10)
  if (tenths < 0) return `+${(-tenths / 10).toFixed(1)}`
  return (tenths / 10).toFixed(1)
}

/**
 * Whether each round is one the index averages: the lowest `count` differentials of the spec's
 * table for this many rounds, all false below 3. On a tie at the cut-off the round earlier in the
 * input counts; the app passes rounds newest first, so the more recent one does.
 */
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

/**
 * The index as it stood after each round: rounds oldest first, element i is the index of rounds
 * 0..i. The differentials seen so far are kept sorted (binary search, one insertion per round),
 * so each step only sums the lowest 8 at most.
 */
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

/** A course handicap as a golfer reads it: a plus handicap (negative) shows as "+2". */
export function formatCourseHandicap(handicap: number): string {
  return handicap < 0 ? `+${-handicap}` : String(handicap)
}
