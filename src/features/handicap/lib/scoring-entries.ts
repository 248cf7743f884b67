import { courseHandicap, roundHalfUp } from './handicap-index'

/**
 * What the handicap counts (issue 22): every 18-hole round as itself, and 9-hole rounds combined in
 * pairs, the WHS 2020 method (fully published, unlike 2024's "expected score"). In record order
 * each nine pairs with the next unpaired nine; the pair is one 18-hole entry at its later round's
 * position: the scores and the ratings added, the slope the mean of the two (nearest whole, ties
 * up), the pars added (null when either nine has none). A nine with no partner yet waits and does
 * not count.
 *
 * Ratings are added in whole tenths, so 35.1 + 35.2 is exactly 70.3, never 70.30000000000001.
 */
export interface ScoringRound {
  id: string
  holes: 9 | 18
  score: number
  courseRating: number
  slopeRating: number
  par: number | null
}

export interface EighteenHoleEntry {
  /** One id for an 18-hole round, two (earlier first) for a pair of nines. */
  roundIds: string[]
  score: number
  courseRating: number
  slopeRating: number
  par: number | null
}

/** The 18-hole entries of rounds given in record order, in record order. */
export function eighteenHoleEntries(rounds: readonly ScoringRound[]): EighteenHoleEntry[] {
  const pairing = new NinesPairing()
  const entries: EighteenHoleEntry[] = []
  for (const round of rounds) {
    const entry = pairing.add(round)
    if (entry) entries.push(entry)
  }
  return entries
}

/** The same, one round at a time (the record walk decides each round before adding it). */
export class NinesPairing {
  private waiting: ScoringRound | null = null

  /** The entry this round completes, or null when it is a nine left waiting for a partner. */
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
