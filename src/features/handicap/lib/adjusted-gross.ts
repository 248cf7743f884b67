/**
 * Net double bogey (WHS Rule 3.1, issue 23 §4): the adjusted gross score a hole-by-hole round is
 * posted with. Each hole counts at most par + 2 + the strokes the golfer receives on it; a golfer
 * with no index yet counts at most par + 5 on every hole.
 *
 * Strokes follow the rank of each hole's stroke index on the card, not the index itself, so a
 * 9-hole card numbered 1, 3, …, 17 or 2, 4, …, 18 allocates exactly as one numbered 1 … 9. With a
 * course handicap C ≥ 0 on H holes every hole receives ⌊C / H⌋ and the C mod H holes of lowest
 * index one more; a plus handicap (C < 0) gives strokes back from the highest index down, the same
 * way (Appendix E). private.strokes_received in supabase/schemas/40_handicap.sql is the same rule.
 */
import { strokesReceived } from '@/lib/handicap-arithmetic'

export { strokesReceived }

interface CardHole {
  par: number
  strokeIndex: number
}

/** Each hole's most that counts: par + 2 + strokes received, or par + 5 with no index. */
export function holeMaximums(holes: readonly CardHole[], courseHandicap: number | null): number[] {
  if (courseHandicap === null) return holes.map(({ par }) => par + 5)
  const received = strokesReceived(
    courseHandicap,
    holes.map(({ strokeIndex }) => strokeIndex),
  )
  return holes.map(({ par }, at) => par + 2 + (received[at] as number))
}

/** The gross score with every hole held to its net double bogey. */
export function adjustedGrossScore(
  holes: readonly (CardHole & { strokes: number })[],
  courseHandicap: number | null,
): number {
  const maximums = holeMaximums(holes, courseHandicap)
  return holes.reduce(
    (total, { strokes }, at) => total + Math.min(strokes, maximums[at] as number),
    0,
  )
}
