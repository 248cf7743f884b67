/** Exact for safe integers, denominator > 0; a zero result is +0, never −0. */
function floorDivide(numerator: number, denominator: number): number {
  let remainder = numerator % denominator
  if (remainder < 0) remainder += denominator
  return (numerator - remainder) / denominator
}

/** Exact halves toward +∞. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return floorDivide(2 * numerator + denominator, 2 * denominator)
}

/** Small enough that every intermediate below is a safe integer. */
export const LARGEST_INPUT = 1_000_000

/** Only a number that is exactly some n / 10 is accepted: anything else has no exact differential. */
export function ratingTenths(courseRating: number): number {
  const tenths = Math.round(courseRating * 10)
  if (Math.abs(courseRating) > LARGEST_INPUT || tenths / 10 !== courseRating) {
    throw new RangeError(`course rating must be a number with one decimal, got ${courseRating}`)
  }
  return tenths
}

function indexTenths(index: number): number {
  const tenths = Math.round(index * 10)
  if (!Number.isFinite(index) || Math.abs(index) > LARGEST_INPUT || tenths / 10 !== index) {
    throw new RangeError(`handicap index must be a number with one decimal, got ${index}`)
  }
  return tenths
}

/** WHS Rule 6.1, exact halves toward +∞ (−2.5 → −2). On a 9-hole tee the index is first halved to a
 * tenth (USGA local guidance to Rule 6). */
export function courseHandicap(
  index: number,
  tee: { courseRating: number; slopeRating: number; par: number; holes?: 9 | 18 },
): number {
  return roundHalfUp(unroundedCourseHandicap1130(index, tee), 1130)
}

/** × 1130, an exact integer, so a playing handicap's allowance (Rule 6.2) has no float error. */
export function unroundedCourseHandicap1130(
  index: number,
  tee: { courseRating: number; slopeRating: number; par: number; holes?: 9 | 18 },
): number {
  const { slopeRating, par } = tee
  if (!Number.isInteger(slopeRating) || slopeRating <= 0 || slopeRating > LARGEST_INPUT) {
    throw new RangeError(`slope rating must be a positive whole number, got ${slopeRating}`)
  }
  if (!Number.isInteger(par) || Math.abs(par) > LARGEST_INPUT) {
    throw new RangeError(`par must be a whole number, got ${par}`)
  }
  const fullTenths = indexTenths(index)
  const playedTenths = tee.holes === 9 ? roundHalfUp(fullTenths, 2) : fullTenths
  return playedTenths * slopeRating + 113 * (ratingTenths(tee.courseRating) - 10 * par)
}

/** Appendix E; the same rule as private.strokes_received in supabase/schemas/40_handicap_rules.sql. */
export function strokesReceived(
  courseHandicap: number,
  strokeIndexes: readonly number[],
): number[] {
  const holes = strokeIndexes.length
  const given = Math.abs(courseHandicap)
  const sign = courseHandicap < 0 ? -1 : 1
  const every = holes === 0 ? 0 : Math.floor(given / holes)
  const extra = holes === 0 ? 0 : given % holes
  const received = new Array<number>(holes)
  for (let hole = 0; hole < holes; hole++) {
    // A repeated index (never on a valid card) goes by hole order, as the SQL's does.
    const index = (strokeIndexes[hole] as number) * sign
    let rank = 0
    for (let other = 0; other < holes; other++) {
      const otherIndex = (strokeIndexes[other] as number) * sign
      if (otherIndex < index || (otherIndex === index && other * sign < hole * sign)) rank++
    }
    // + 0 turns the −0 of a plus handicap's untouched holes into 0.
    received[hole] = sign * (every + (rank < extra ? 1 : 0)) + 0
  }
  return received
}
