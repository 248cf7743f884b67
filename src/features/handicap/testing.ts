import type { RecordRound } from './lib/score-record'

/** An 18-hole tee of par-4 holes, rating 72.0, slope 113, stroke index = hole number: a course
 * handicap equals the index rounded, and it gives strokes on holes 1 to C. */
export const PLAIN_TEE = {
  rating: 72,
  slope: 113,
  par: 72,
  holes: 18 as const,
  holePars: Array.from({ length: 18 }, () => 4),
  strokeIndexes: Array.from({ length: 18 }, (_, at) => at + 1),
}

/**
 * For tests, a record (oldest first, one round a day from 2026-11-01) whose WHS estimate and HCP
 * part ways, with a card between: 92, 92, 92 (differentials 20.0), 80 on the 4th (8.0: exceptional
 * against the 18.0 in effect, so the estimate takes 2.0 off it and the rounds before), a card on
 * the 5th of par on every hole but 9 on holes 6 and 7 (gross 82), then 92 on the 6th.
 *
 * Worked by hand, on the plain tee (course handicap = index):
 * - index in effect on the 5th: WHS estimate 5.0 (6.0 − 1.0 with 4 rounds), HCP 7.0 (8.0 − 1.0).
 * - a WHS golfer's card: course handicap 5, holes 6 and 7 held at 6, adjusted gross 76 (4.0);
 *   then HCP 5.0 ((4.0 + 8.0) / 2 − 1.0) and WHS 4.0 ((4.0 + 6.0) / 2 − 1.0).
 * - the HCP golfer's card: course handicap 7, held at 7, adjusted gross 78 (6.0); then HCP 6.0
 *   ((6.0 + 8.0) / 2 − 1.0) and WHS 5.0 ((6.0 + 6.0) / 2 − 1.0).
 */
export function partingRecord(nextId: () => string): RecordRound[] {
  const total = (day: number, score: number): RecordRound => ({
    id: nextId(),
    playedOn: `2026-11-0${day}`,
    holes: 18,
    score,
    courseRating: PLAIN_TEE.rating,
    slopeRating: PLAIN_TEE.slope,
    par: PLAIN_TEE.par,
    holePars: null,
    strokeIndexes: null,
    holeScores: null,
  })
  const strokes = PLAIN_TEE.holePars.map((par, at) => (at === 5 || at === 6 ? 9 : par))
  return [
    total(1, 92),
    total(2, 92),
    total(3, 92),
    total(4, 80),
    {
      ...total(5, 82),
      holePars: PLAIN_TEE.holePars,
      strokeIndexes: PLAIN_TEE.strokeIndexes,
      holeScores: strokes.map((count) => ({ strokes: count })),
    },
    total(6, 92),
  ]
}
