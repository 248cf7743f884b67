import { courseHandicap, roundHalfUp } from './handicap-index'

/** Nines pair in record order, the WHS 2020 method (2024's "expected score" is not published): scores
 * and ratings added (in tenths, so exact), the slope the mean, ties up. */
export interface ScoringRound {
  id: string
  holes: 9 | 18
  score: number
  courseRating: number
  slopeRating: number
  par: number | null
}

export interface EighteenHoleEntry {
  roundIds: string[]
  score: number
  courseRating: number
  slopeRating: number
  par: number | null
}

export function eighteenHoleEntries(rounds: readonly ScoringRound[]): EighteenHoleEntry[] {
  const pairing = new NinesPairing()
  const entries: EighteenHoleEntry[] = []
  for (const round of rounds) {
    const entry = pairing.add(round)
    if (entry) entries.push(entry)
  }
  return entries
}

/** One round at a time: the record walk decides each round before adding it. */
export class NinesPairing {
  private waiting: ScoringRound | null = null

  /** Null when it is a nine left waiting. */
  add(round: ScoringRound): EighteenHoleEntry | null {
    if (round.holes !== 9) {
      const { id, score, courseRating, slopeRating, par } = round
      return { roundIds: [id], score, courseRating, slopeRating, par }
    }
    if (this.waiting === null) {
      this.waiting = round
      return null
    }
    const entry = pairOfNines(this.waiting, round)
    this.waiting = null
    return entry
  }
}

function pairOfNines(first: ScoringRound, second: ScoringRound): EighteenHoleEntry {
  const ratingTenths = Math.round(first.courseRating * 10) + Math.round(second.courseRating * 10)
  return {
    roundIds: [first.id, second.id],
    score: first.score + second.score,
    courseRating: ratingTenths / 10,
    slopeRating: roundHalfUp(first.slopeRating + second.slopeRating, 2),
    par: first.par === null || second.par === null ? null : first.par + second.par,
  }
}

export { courseHandicap }
