/**
 * The exact arithmetic of the World Handicap System that more than one feature needs: rounding a
 * ratio of integers half up, course handicaps (Rule 6.1) and the strokes each hole receives
 * (Appendix E). The handicap feature's engine and the scorecard's formats both build on it; the
 * handicap feature re-exports it, so its callers import from there.
 */

/** ⌊numerator / denominator⌋ for safe integers, denominator > 0. `%` is exact on integers, so the
 * division below is of an exact multiple: nothing is rounded, and a zero result is +0, never −0. */
function floorDivide(numerator: number, denominator: number): number {
  let remainder = numerator % denominator
  if (remainder < 0) remainder += denominator
  return (numerator - remainder) / denominator
}

/** numerator / denominator to the nearest integer, exact halves toward +∞. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return floorDivide(2 * numerator + denominator, 2 * denominator)
}

/** Far beyond any real round, and small enough that every intermediate below is a safe integer. */
export const LARGEST_INPUT = 1_000_000

/** The rating as whole tenths; only a number that is exactly some n / 10 (the double nearest to a
 * one-decimal rating, as a parsed "72.1" is) is accepted, because anything else has no exact
 * differential. */
export function ratingTenths(courseRating: number): number {
  const tenths = Math.round(courseRating * 10)
  if (Math.abs(courseRating) > LARGEST_INPUT || tenths / 10 !== courseRating) {
    throw new RangeError(`course rating must be a number with one decimal, got ${courseRating}`)
  }
  return tenths
}

/** The index as whole tenths; only a number that is exactly some n / 10 is one. */
function indexTenths(index: number): number {
  const tenths = Math.round(index * 10)
  if (!Number.isFinite(index) || Math.abs(index) > LARGEST_INPUT || tenths / 10 !== index) {
    throw new RangeError(`handicap index must be a number with one decimal, got ${index}`)
  }
  return tenths
}

/**
 * Course handicap (WHS Rule 6.1): index × slope / 113 + (course rating − par), to the nearest
 * whole number, exact halves toward +∞ (−2.5 → −2). In tenths I of the index and R of the rating
 * that is (I × slope + 113 × (R − 10 × par)) / 1130, a ratio of integers. A negative result is a
 * plus handicap. On a 9-hole tee the index is first halved to the nearest tenth, ties toward +∞
 * (8.7 → 4.4), and the tee's 9-hole rating and par are used (USGA local guidance to Rule 6).
 */
export function courseHandicap(
  index: number,
  tee: { courseRating: number; slopeRating: number; par: number; holes?: 9 | 18 },
): number {
  return roundHalfUp(unroundedCourseHandicap1130(index, tee), 1130)
}

/**
 * The course handicap before rounding, × 1130: an exact integer, for a playing handicap that
 * applies its allowance to the unrounded figure (Rule 6.2) without float error. Same arguments
 * and refusals as `courseHandicap`.
 */
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

/**
 * The strokes received on each hole, in hole order (negative: given back by a plus handicap), by
 * the rank of each hole's stroke index on the card: with a course handicap C ≥ 0 on H holes every
 * hole receives ⌊C / H⌋ and the C mod H holes of lowest index one more; a plus handicap (C < 0)
 * gives strokes back from the highest index down (Appendix E). private.strokes_received in
 * supabase/schemas/40_handicap.sql is the same rule.
 */
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
    // The hole's rank: the holes before it in the order, hardest first for strokes received,
    // easiest first for strokes given back; a repeated index (never on a valid card) goes by hole
    // order, as the SQL's does. Counting, not sorting: 18 × 18 comparisons allocate nothing, and
    // the record walk does this for every card.
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
