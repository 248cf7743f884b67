import type { CourseHandicapSource } from '../types'
import {
  differentialTenths,
  differentialsUsed,
  indexOfLowest,
  keepIfLowest,
  MOST_AVERAGED,
} from './handicap-index'
import { scoreRecord, type RecordRound, type ScoredRecord } from './score-record'
import { NinesPairing, type EighteenHoleEntry, type ScoringRound } from './scoring-entries'
import { WhsWalk } from './whs-index'

/** The number to beat is found by adding a candidate round to the engines themselves and searching
 * over gross (the new index never falls as gross rises): nothing is inverted from a formula. */
export interface TargetTee {
  courseRating: number
  slopeRating: number
  par: number
  holes: 9 | 18
}

export interface TargetScores {
  index: number | null
  lower: number | null
  hold: number | null
}

interface KnownEntry {
  playedOn: string
  differentialTenths: number
  /** The WHS estimate's differential less its exceptional reductions (Rule 5.9); the spec's as is. */
  usedTenths: number
}

export interface TargetState {
  source: CourseHandicapSource
  indexTenths: number | null
  startingTenths: number | null
  fromStartingIndex: boolean
  entries: readonly KnownEntry[]
  lowest: readonly number[]
  walk: WhsWalk
  waiting: ScoringRound | null
  lastDay: string
  counts: readonly boolean[]
}

const CANDIDATE_ID = 'target-score-candidate'
const LATEST = 20

export function scoreRange(holes: 9 | 18): { least: number; most: number } {
  return holes === 9 ? { least: 9, most: 100 } : { least: 18, most: 200 }
}

function tenthsOf(index: number | null): number | null {
  return index === null ? null : Math.round(index * 10)
}

/** Takes the record already scored by the derived store, so nothing is scored twice. */
export function targetState(
  newestFirst: readonly RecordRound[],
  scored: ScoredRecord,
  source: CourseHandicapSource,
  startingIndex: number | null = null,
): TargetState {
  const walk = new WhsWalk()
  const lowest: number[] = []
  const entries: KnownEntry[] = []
  for (const { entry, playedOn, whs } of scored.entries) {
    const tenths = differentialTenths(entry)
    walk.add({
      score: entry.score,
      courseRating: entry.courseRating,
      slopeRating: entry.slopeRating,
      playedOn,
    })
    keepIfLowest(lowest, tenths, MOST_AVERAGED)
    entries.push({
      playedOn,
      differentialTenths: tenths,
      usedTenths: source === 'whs' ? Math.round(whs.adjustedDifferential * 10) : tenths,
    })
  }
  const pairing = new NinesPairing()
  let waiting: ScoringRound | null = null
  for (let at = newestFirst.length - 1; at >= 0; at--) {
    const round = newestFirst[at] as RecordRound
    if (round.holes !== 9) continue
    const adjusted: ScoringRound = {
      ...round,
      score: scored.byRound.get(round.id)?.adjustedScore ?? round.score,
    }
    waiting = pairing.add(adjusted) ? null : adjusted
  }
  const index = source === 'whs' ? walk.index : scored.index
  const startingTenths = tenthsOf(startingIndex)
  const counts =
    source === 'whs'
      ? scored.entries.map((entry) => entry.whs.counts)
      : scored.entries.map((entry) => entry.counts)
  return {
    source,
    indexTenths: index === null ? startingTenths : Math.round(index * 10),
    startingTenths,
    fromStartingIndex: index === null && startingTenths !== null,
    entries,
    lowest,
    walk,
    waiting,
    lastDay: newestFirst[0]?.playedOn ?? '',
    counts,
  }
}

function candidateEntry(
  state: TargetState,
  tee: TargetTee,
  score: number,
): EighteenHoleEntry | null {
  const round: ScoringRound = {
    id: CANDIDATE_ID,
    holes: tee.holes,
    score,
    courseRating: tee.courseRating,
    slopeRating: tee.slopeRating,
    par: tee.par,
  }
  const pairing = new NinesPairing()
  if (tee.holes === 9 && state.waiting) pairing.add(state.waiting)
  return pairing.add(round)
}

/** The record's last day if later than today (a round dated tomorrow in another time zone), since
 * rounds are added in order. */
function candidateDay(state: TargetState, playedOn: string): string {
  return playedOn < state.lastDay ? state.lastDay : playedOn
}

function indexAfterEntry(state: TargetState, differential: number, day: string): number | null {
  if (state.source === 'whs') {
    return state.walk.indexIfAdded(differential, day) ?? state.startingTenths
  }
  const lowest = state.lowest.slice()
  keepIfLowest(lowest, differential, MOST_AVERAGED)
  const index = indexOfLowest(lowest, state.entries.length + 1)
  return index === null ? state.startingTenths : Math.round(index * 10)
}

/** Assumes `holds` holds for every lower G. */
function highestWhere(
  least: number,
  most: number,
  holds: (score: number) => boolean,
): number | null {
  if (!holds(least)) return null
  let low = least
  let high = most
  while (low < high) {
    // Differentials can be negative: no unsigned shift.
    const middle = Math.floor((low + high + 1) / 2)
    if (holds(middle)) low = middle
    else high = middle - 1
  }
  return low
}

/** Every valid tee gives differentials well inside this; one outside is worked out directly. */
const SEARCHED = { least: -5000, most: 5000 }

/** The new index depends on the candidate only through its differential, so one search per record
 * and day answers every tee. */
export interface TargetSearch {
  state: TargetState
  day: string
  lowers: number | null
  holds: number | null
  /** Not a calendar day: the engines refuse a round on it. */
  refused: boolean
}

export function targetSearch(state: TargetState, playedOn: string): TargetSearch {
  const day = candidateDay(state, playedOn)
  const today = state.indexTenths
  if (today === null) return { state, day, lowers: null, holds: null, refused: false }
  try {
    const after = (tenths: number) => indexAfterEntry(state, tenths, day) ?? Infinity
    return {
      state,
      day,
      lowers: highestWhere(SEARCHED.least, SEARCHED.most, (tenths) => after(tenths) < today),
      holds: highestWhere(SEARCHED.least, SEARCHED.most, (tenths) => after(tenths) <= today),
      refused: false,
    }
  } catch {
    return { state, day, lowers: null, holds: null, refused: true }
  }
}

function moves(search: TargetSearch, differential: number, orHolds: boolean): boolean {
  const threshold = orHolds ? search.holds : search.lowers
  if (differential >= SEARCHED.least && differential <= SEARCHED.most) {
    return threshold !== null && differential <= threshold
  }
  const after = indexAfterEntry(search.state, differential, search.day) ?? Infinity
  const today = search.state.indexTenths as number
  return orHolds ? after <= today : after < today
}

export function targetScoresFrom(search: TargetSearch, tee: TargetTee): TargetScores {
  const today = search.state.indexTenths
  const index = today === null ? null : today / 10
  if (today === null) return { index: null, lower: null, hold: null }
  try {
    const { least, most } = scoreRange(tee.holes)
    // A nine with no nine waiting waits itself: the index stays where it is, whatever G is.
    if (!candidateEntry(search.state, tee, least)) return { index, lower: null, hold: most }
    if (search.refused) return { index, lower: null, hold: null }
    const differential = (score: number) =>
      differentialTenths(candidateEntry(search.state, tee, score) as EighteenHoleEntry)
    return {
      index,
      lower: highestWhere(least, most, (score) => moves(search, differential(score), false)),
      hold: highestWhere(least, most, (score) => moves(search, differential(score), true)),
    }
  } catch {
    return { index, lower: null, hold: null }
  }
}

const searches = new WeakMap<readonly RecordRound[], Map<string, TargetSearch>>()

function searchOf(
  newestFirst: readonly RecordRound[],
  source: CourseHandicapSource,
  playedOn: string,
  startingIndex: number | null,
): TargetSearch {
  let known = searches.get(newestFirst)
  if (!known) {
    known = new Map()
    searches.set(newestFirst, known)
  }
  const key = `${source} ${playedOn} ${startingIndex}`
  let search = known.get(key)
  if (!search) {
    const state =
      [...known.values()].find(
        (held) =>
          held.state.source === source && held.state.startingTenths === tenthsOf(startingIndex),
      )?.state ??
      targetState(
        newestFirst,
        scoreRecord(newestFirst, source, startingIndex),
        source,
        startingIndex,
      )
    search = targetSearch(state, playedOn)
    known.set(key, search)
  }
  return search
}

export function targetScores(
  newestFirst: readonly RecordRound[],
  tee: TargetTee,
  source: 'spec' | 'whs',
  playedOn: string,
  startingIndex: number | null = null,
): TargetScores {
  try {
    return targetScoresFrom(searchOf(newestFirst, source, playedOn, startingIndex), tee)
  } catch {
    return { index: null, lower: null, hold: null }
  }
}

export type TargetOutlook =
  | { kind: 'first-index'; counts: boolean }
  | { kind: 'starting-index-holds'; index: number; counts: boolean }
  | { kind: 'any-score-lowers'; index: number }
  | { kind: 'nine-waits'; index: number }
  | { kind: 'lower'; index: number; lower: number; hold: number }
  | { kind: 'any-score-holds'; index: number; lower: number | null }
  | { kind: 'none-lowers'; index: number; hold: number | null; leavingCounts: boolean }

function leavingEntry(state: TargetState): { at: number; entry: KnownEntry } | null {
  if (state.source !== 'whs' || state.entries.length < LATEST) return null
  const at = state.entries.length - LATEST
  return { at, entry: state.entries[at] as KnownEntry }
}

export function targetOutlook(
  state: TargetState,
  tee: TargetTee,
  scores: TargetScores,
): TargetOutlook {
  const completes = tee.holes === 18 || state.waiting !== null
  if (scores.index === null) return { kind: 'first-index', counts: completes }
  const entriesAfter = state.entries.length + (completes ? 1 : 0)
  if (state.fromStartingIndex && differentialsUsed(entriesAfter) === null) {
    return { kind: 'starting-index-holds', index: scores.index, counts: completes }
  }
  if (!completes) return { kind: 'nine-waits', index: scores.index }
  const { most } = scoreRange(tee.holes)
  if (scores.lower === most) return { kind: 'any-score-lowers', index: scores.index }
  if (scores.hold === most)
    return { kind: 'any-score-holds', index: scores.index, lower: scores.lower }
  if (scores.lower === null) {
    const leaving = leavingEntry(state)
    return {
      kind: 'none-lowers',
      index: scores.index,
      hold: scores.hold,
      leavingCounts: leaving !== null && state.counts[leaving.at] === true,
    }
  }
  return {
    kind: 'lower',
    index: scores.index,
    lower: scores.lower,
    hold: scores.hold ?? scores.lower,
  }
}

function formatTenths(tenths: number): string {
  return tenths < 0 ? `+${(-tenths / 10).toFixed(1)}` : (tenths / 10).toFixed(1)
}

function formatUsed(entry: KnownEntry): string {
  const { usedTenths, differentialTenths: played } = entry
  if (usedTenths === played) return formatTenths(played)
  return `${formatTenths(usedTenths)} (${formatTenths(played)} less ${formatTenths(played - usedTenths)} for exceptional scores)`
}

function countsAfter(state: TargetState, entry: EighteenHoleEntry, playedOn: string): boolean[] {
  if (state.source === 'whs') {
    const walk = state.walk.copy()
    walk.add({ ...entry, playedOn: candidateDay(state, playedOn) })
    return walk.record().rounds.map((round) => round.counts)
  }
  // On a tie the more recent counts, as in scoreRecord.
  const tenths = [
    ...state.entries.map((known) => known.differentialTenths),
    differentialTenths(entry),
  ]
  const rule = differentialsUsed(tenths.length)
  const counts = tenths.map(() => false)
  const order = tenths
    .map((_, at) => at)
    .sort((a, b) => (tenths[a] as number) - (tenths[b] as number) || b - a)
  for (const at of order.slice(0, rule?.count ?? 0)) counts[at] = true
  return counts
}

/** "Why?" beside the number to beat; no lines while there is no index. */
export function explainTarget(
  state: TargetState,
  tee: TargetTee,
  scores: TargetScores,
  playedOn: string,
  formatDay: (day: string) => string,
): string[] {
  const outlook = targetOutlook(state, tee, scores)
  const name = state.source === 'whs' ? 'WHS estimate' : 'HCP'
  if (outlook.kind === 'first-index' || outlook.kind === 'starting-index-holds') {
    const lines = outlook.counts
      ? [`Your first ${name} comes from 3 rounds; you have ${state.entries.length}.`]
      : ['A lone nine waits for another nine before it counts.']
    if (outlook.kind === 'starting-index-holds') {
      lines.push(
        `Until then your starting index (${formatTenths(state.startingTenths as number)}) is the one in effect, whatever you score.`,
      )
    }
    return lines
  }
  if (outlook.kind === 'nine-waits') {
    return [
      'A lone nine waits for another nine before it counts, so it cannot move the number today.',
    ]
  }
  const lines: string[] = []
  const leaving = leavingEntry(state)
  if (leaving) {
    const counted = state.counts[leaving.at] ? 'one of your best 8' : 'not one of your best 8'
    lines.push(
      `Your estimate uses your latest 20 rounds: a new one pushes out the oldest, from ${formatDay(leaving.entry.playedOn)}, differential ${formatUsed(leaving.entry)}, ${counted}.`,
    )
  } else if (state.fromStartingIndex) {
    lines.push(
      `This round would make your first ${name}, from ${state.entries.length + 1} rounds: it is measured against your starting index (${formatTenths(state.startingTenths as number)}).`,
    )
  } else if (state.source === 'spec') {
    lines.push(`Your HCP uses every round: the new one joins your ${state.entries.length}.`)
  }
  if (scores.lower !== null) {
    const entry = candidateEntry(state, tee, scores.lower) as EighteenHoleEntry
    const after = countsAfter(state, entry, playedOn)
    const replaced = state.entries.findIndex(
      (_, at) => state.counts[at] === true && after[at] !== true && at !== leaving?.at,
    )
    // The counting round leaving the latest 20 is named by the first line already.
    const leavingCounts = leaving !== null && state.counts[leaving.at] === true
    if (outlook.kind === 'any-score-lowers') {
      // The sentence below says it all.
    } else if (replaced >= 0) {
      const out = state.entries[replaced] as KnownEntry
      lines.push(
        `It would take the place of a counting round: ${formatDay(out.playedOn)}, differential ${formatUsed(out)}.`,
      )
    } else if (leavingCounts) {
      lines.push('It would count in the place of that oldest round.')
    } else {
      lines.push('It would join the rounds that count.')
    }
    const nine = tee.holes === 9 ? ' with your waiting nine' : ''
    if (outlook.kind === 'any-score-lowers') {
      const made = formatTenths(differentialTenths(entry))
      lines.push(
        `Any score here lowers it: even ${scores.lower} gives a differential of ${made}${nine}.`,
      )
    } else {
      // The engine's threshold: the largest differential that still lowers the index.
      const threshold = targetSearch(state, playedOn).lowers
      const needed = formatTenths(threshold ?? differentialTenths(entry))
      lines.push(
        `It needs a differential of ${needed} or lower${nine}: a score of ${scores.lower} or better here.`,
      )
    }
  } else {
    lines.push(`No score here gives a differential low enough to lower your ${name} today.`)
  }
  return lines
}
