/**
 * The World Handicap System arithmetic of product-spec §9, exact.
 *
 * Everything is done in whole tenths with integers: a course rating has one decimal, so
 * 10 × (score − rating) is an integer and the differential in tenths is a ratio of integers, rounded
 * half up (toward +∞). Binary floating point would get ties wrong — (10.1 + 10.2) / 2 is
 * 10.149999… in float, which rounds to 10.1 instead of 10.2.
 */
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

/** ⌊numerator / denominator + ½⌋ for integers with a positive denominator: half up, toward +∞. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

function differentialTenths({ score, courseRating, slopeRating }: ScoredRound): number {
  const overRatingTenths = 10 * score - Math.round(courseRating * 10)
  return roundHalfUp(113 * overRatingTenths, slopeRating)
}

/** 113 / slope × (score − course rating), to the nearest tenth, ties toward +∞ (WHS Rule 5.1). */
export function scoreDifferential(round: ScoredRound): number {
  return differentialTenths(round) / 10
}

/** The handicap index for a golfer's rounds (all of them count), or null below 3 rounds. */
export function handicapIndex(rounds: readonly ScoredRound[]): number | null {
  const rule = differentialsUsed(rounds.length)
  if (!rule) return null
  const lowest = rounds
    .map(differentialTenths)
    .sort((a, b) => a - b)
    .slice(0, rule.count)
  const sumTenths = lowest.reduce((sum, tenths) => sum + tenths, 0)
  const indexTenths = roundHalfUp(sumTenths, rule.count) - rule.adjustmentTenths
  // `+ 0` turns a −0 into 0, so an index of zero never shows as "+0.0".
  return indexTenths / 10 + 0
}

/** One decimal; a plus handicap (negative index) shows as "+" and its absolute value. */
export function formatHandicapIndex(index: number): string {
  const tenths = Math.round(index * 10)
  if (tenths < 0) return `+${(-tenths / 10).toFixed(1)}`
  return (tenths / 10).toFixed(1)
}
