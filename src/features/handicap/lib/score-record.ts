import type { CourseHandicapSource } from '../types'
import { holeMaximums } from './adjusted-gross'
import {
  countingRounds,
  courseHandicap,
  differentialTenths,
  handicapHistory,
  indexOfLowest,
  keepIfLowest,
  MOST_AVERAGED,
  scoreDifferential,
} from './handicap-index'
import { NinesPairing, type EighteenHoleEntry, type ScoringRound } from './scoring-entries'
import { WhsWalk, type WhsRecord, type WhsRoundResult } from './whs-index'

/**
 * The spec's index over a golfer's record as the screens, the export and the courses screen show
 * it: every figure is computed over the 18-hole entries (an 18-hole round, or two nines paired in
 * record order), never over the rounds themselves, so a nine counts only once it has a partner.
 *
 * A round scored hole by hole counts with its adjusted gross score (net double bogey, issue 23):
 * its strokes received come from the course handicap, for the round's own copies of the tee, of
 * the golfer's chosen index in effect on the day played, the index over the entries of the days
 * before. `score` stays the gross score.
 */
export interface RecordRound extends ScoringRound {
  /** YYYY-MM-DD. */
  playedOn: string
  /** The round's holes, in hole order, when it was scored hole by hole (as on Round). */
  holePars?: readonly number[] | null
  strokeIndexes?: readonly number[] | null
  holeScores?: readonly { strokes: number }[] | null
}

/** What the record makes of one round. */
export interface RoundScore {
  /** The differential of the entry the round is in (a pair's on both of its nines), or null while
   * a nine waits for another nine. */
  differential: number | null
  /** Whether the index averages the round's entry. */
  counts: boolean
  /** Whether the WHS estimate is made from the round's entry. */
  countsForWhs: boolean
  /** The other nine of its pair, or null (an 18-hole round, or a nine still waiting). */
  pairedWith: string | null
  /** The score its differential is made from: the adjusted gross score of a round scored hole by
   * hole, the score of a round entered as a total. */
  adjustedScore: number
  /** The course handicap its net double bogey used; null with no index then, or for a total. */
  courseHandicap: number | null
  /** 1-based numbers of the holes whose strokes were over their net double bogey. */
  cappedHoles: number[]
}

export interface ScoredEntry {
  entry: EighteenHoleEntry
  /** The day of the entry's later round. */
  playedOn: string
  differential: number
  /** The index after this entry, or null before the third. */
  indexAfter: number | null
  counts: boolean
  /** The WHS estimate's figures for this entry. */
  whs: WhsRoundResult
}

export interface ScoredRecord {
  index: number | null
  /** The WHS estimate over the entries (its `rounds` are the entries, oldest first). */
  whs: WhsRecord
  /** Oldest first. */
  entries: ScoredEntry[]
  byRound: Map<string, RoundScore>
}

type Adjustment = Pick<RoundScore, 'adjustedScore' | 'courseHandicap' | 'cappedHoles'>

/** A round's net double bogey off `index`, the chosen index in effect on its day. */
function adjustRound(round: RecordRound, index: number | null): Adjustment {
  const { holeScores, holePars, strokeIndexes } = round
  if (
    !holeScores ||
    !holePars ||
    !strokeIndexes ||
    holeScores.length !== holePars.length ||
    strokeIndexes.length !== holePars.length
  ) {
    return { adjustedScore: round.score, courseHandicap: null, cappedHoles: [] }
  }
  const par = round.par ?? holePars.reduce((total, hole) => total + hole, 0)
  const handicap =
    index === null
      ? null
      : courseHandicap(index, {
          courseRating: round.courseRating,
          slopeRating: round.slopeRating,
          par,
          holes: round.holes,
        })
  const maximums = holeMaximums(
    holePars.map((holePar, at) => ({ par: holePar, strokeIndex: strokeIndexes[at] as number })),
    handicap,
  )
  let adjustedScore = 0
  const cappedHoles: number[] = []
  holeScores.forEach(({ strokes }, at) => {
    const most = maximums[at] as number
    if (strokes > most) cappedHoles.push(at + 1)
    adjustedScore += Math.min(strokes, most)
  })
  return { adjustedScore, courseHandicap: handicap, cappedHoles }
}

/**
 * The record scored, from its rounds newest first (the rounds list's order), with the golfer's
 * course handicap source. One pass in record order: on each new day the chosen index is read off
 * the state so far (the spec's from the lowest 8 differentials kept, the estimate from its walk),
 * so the whole record costs O(20 · rounds), never a re-run per day. Until the chosen index exists
 * the golfer's starting index (issue 32: their federation's) is the one in effect for net double
 * bogey; it never enters either index itself.
 */
export function scoreRecord(
  newestFirst: readonly RecordRound[],
  source: CourseHandicapSource = 'spec',
  startingIndex: number | null = null,
): ScoredRecord {
  const oldestFirst = [...newestFirst].reverse()
  const pairing = new NinesPairing()
  const walk = new WhsWalk()
  // The lowest differentials (tenths, ascending) of the entries so far: the spec's index.
  const lowest: number[] = []
  const entries: EighteenHoleEntry[] = []
  const days: string[] = []
  const adjustments = new Map<string, Adjustment>()
  let day = ''
  let inEffect: number | null = null
  for (const round of oldestFirst) {
    if (round.playedOn !== day) {
      day = round.playedOn
      inEffect =
        (source === 'whs' ? walk.index : indexOfLowest(lowest, entries.length)) ?? startingIndex
    }
    const adjustment = adjustRound(round, inEffect)
    adjustments.set(round.id, adjustment)
    const { id, holes, courseRating, slopeRating, par } = round
    const entry = pairing.add({
      id,
      holes,
      score: adjustment.adjustedScore,
      courseRating,
      slopeRating,
      par,
    })
    if (!entry) continue
    entries.push(entry)
    days.push(round.playedOn)
    walk.add({
      score: entry.score,
      courseRating: entry.courseRating,
      slopeRating: entry.slopeRating,
      playedOn: round.playedOn,
    })
    keepIfLowest(lowest, differentialTenths(entry), MOST_AVERAGED)
  }
  // countingRounds prefers the earlier of two tied entries in its input: give it newest first, so
  // the more recent one counts, as for rounds.
  const counts = countingRounds([...entries].reverse()).reverse()
  const history = handicapHistory(entries)
  const whs = walk.record()
  const scored = entries.map((entry, at) => ({
    entry,
    playedOn: days[at] as string,
    differential: scoreDifferential(entry),
    indexAfter: history[at] ?? null,
    counts: counts[at] === true,
    whs: whs.rounds[at] as WhsRoundResult,
  }))
  // Fresh objects, one per round, filled in by their entry below.
  const byRound = new Map<string, RoundScore>()
  for (const round of oldestFirst) {
    byRound.set(round.id, {
      differential: null,
      counts: false,
      countsForWhs: false,
      pairedWith: null,
      ...(adjustments.get(round.id) as Adjustment),
    })
  }
  for (const { entry, differential, counts: entryCounts, whs: result } of scored) {
    const [first, second] = entry.roundIds as [string, string | undefined]
    for (const [id, pairedWith] of [
      [first, second ?? null],
      [second, first],
    ] as const) {
      if (id === undefined) continue
      const score = byRound.get(id) as RoundScore
      score.differential = differential
      score.counts = entryCounts
      score.countsForWhs = result.counts
      score.pairedWith = pairedWith
    }
  }
  return { index: indexOfLowest(lowest, entries.length), whs, entries: scored, byRound }
}
