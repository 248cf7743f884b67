/** Net double bogey (WHS Rule 3.1): each hole counts at most par + 2 + strokes received, or par + 5
 * with no index yet. Strokes follow the rank of each stroke index on the card (Appendix E). */
import { strokesReceived } from '@/lib/handicap-arithmetic'

export { strokesReceived }

interface CardHole {
  par: number
  strokeIndex: number
}

export function holeMaximums(holes: readonly CardHole[], courseHandicap: number | null): number[] {
  if (courseHandicap === null) return holes.map(({ par }) => par + 5)
  const received = strokesReceived(
    courseHandicap,
    holes.map(({ strokeIndex }) => strokeIndex),
  )
  return holes.map(({ par }, at) => par + 2 + (received[at] as number))
}

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
