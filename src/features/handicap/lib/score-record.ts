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

/** Figures are computed over 18-hole entries (a round, or two nines paired in record order), so a
 * nine counts only once it has a partner. `score` stays the gross score. */
export interface RecordRound extends ScoringRound {
  playedOn: string
  /** When scored hole by hole. */
  holePars?: readonly number[] | null
  strokeIndexes?: readonly number[] | null
  holeScores?: readonly { strokes: number }[] | null
}

export interface RoundScore {
  /** A pair's on both of its nines; null while a nine waits. */
  differential: number | null
  counts: boolean
  countsForWhs: boolean
  pairedWith: string | null
  /** The adjusted gross score of a round scored hole by hole, else the score. */
  adjustedScore: number
  /** Null with no index then, or for a round entered as a total. */
  courseHandicap: number | null
  /** 1-based. */
  cappedHoles: number[]
}

export interface ScoredEntry {
  entry: EighteenHoleEntry
  /** The later round's. */
  playedOn: string
  differential: number
  indexAfter: number | null
  counts: boolean
  whs: WhsRoundResult
}

export interface ScoredRecord {
  index: number | null
  /** Its `rounds` are the entries, oldest first. */
  whs: WhsRecord
  entries: ScoredEntry[]
  byRound: Map<string, RoundScore>
}

type Adjustment = Pick<RoundScore, 'adjustedScore' | 'courseHandicap' | 'cappedHoles'>

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

/** One pass in record order, reading the chosen index off the state so far on each new day. The
 * starting index is in effect for net double bogey until the chosen one exists, never in either. */
export function scoreRecord(
  newestFirst: readonly RecordRound[],
  source: CourseHandicapSource = 'spec',
  startingIndex: number | null = null,
): ScoredRecord {
  const oldestFirst = [...newestFirst].reverse()
  const pairing = new NinesPairing()
  const walk = new WhsWalk()
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
  // countingRounds prefers the earlier of two tied entries: give it newest first.
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
