/**
 * The golfer's handicap, derived once per change of its inputs (the rounds, the tees, the handicap
 * settings) for every screen, the export and the import preview (issue 28 §1). Nothing else scores
 * the record: a screen reads this store and never recomputes it.
 *
 * API (stable: add to it, don't rename):
 * - `createHandicapStore({ rounds, tees })`: a zustand vanilla store that follows the given rounds
 *   (newest first) and tees, and this feature's settings store; `app/` composes it. `stop()` ends
 *   the following (tests).
 * - State (`HandicapState`), recomputed as one object when an input changes:
 *   `rounds`, `tees` (the inputs it was made from), `source` and `startingIndex` (the settings),
 *   `record` (the record scored for the chosen source: `entries` oldest first, `byRound`, `whs`),
 *   `index` (HCP, the spec's), `whsIndex` (the WHS estimate), `indexInEffect` (the index course
 *   handicaps use now: the chosen one, or the starting index until there is one),
 *   `teeHandicaps` (each tee's course handicap now, by tee id; tees with a par only),
 *   `teeTargets` (each tee's number to beat today, issue 32: worked out in slices that yield to
 *   the browser once a screen asks with `wantTeeTargets()`, the record's search first, then one
 *   tee per step; the figures before stay until the new ones are all made).
 * - Reads over a state, pure: `indexOn(state, day)` (the index in effect on a day: the chosen one
 *   over the entries completed before it, else the starting index), `courseHandicapOn(state, tee,
 *   day?)`, `cardScoring(state, card)` (a card's course handicap, strokes received and maximum per
 *   hole, adjusted gross), `recordFor(state, newestFirst)` (this record, or the same settings
 *   applied to rounds the store doesn't hold, e.g. the server's copy for an export),
 *   `teeTargetOf(state, tee)` (a tee's number to beat), `explainTeeTarget(target, formatDay)`
 *   (its "Why?" lines).
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { adjustedGrossScore, holeMaximums, strokesReceived } from '../lib/adjusted-gross'
import { courseHandicap } from '../lib/handicap-index'
import { scoreRecord, type RecordRound, type ScoredRecord } from '../lib/score-record'
import {
  explainTarget,
  targetOutlook,
  targetScoresFrom,
  targetSearch,
  targetState,
  type TargetOutlook,
  type TargetScores,
  type TargetSearch,
  type TargetTee,
} from '../lib/target-score'
import { browserScheduler, runInSlices, type SliceScheduler } from '@/lib/slices'
import type { CourseHandicapSource } from '../types'
import {
  selectCourseHandicapSource,
  selectStartingIndex,
  useHandicapSettingsStore,
} from './handicap-settings-store'

/** What a course handicap is made from: a tee (or a course's own rating), as the stores keep it. */
export interface HandicapTee {
  id: string
  rating: number
  slope: number
  /** Null when the golfer has not given it: then there is no course handicap. */
  par: number | null
  holes?: 9 | 18
}

/** A card being scored, as the scorecard keeps it (structurally: this feature does not import it). */
export interface CardToScore {
  /** YYYY-MM-DD. */
  playedOn: string
  /** The rating and slope of what is played (a nine's for a nine). */
  rating: number
  slope: number
  holePars: readonly number[]
  strokeIndexes: readonly number[]
}

/** The handicap's figures for one card: what the scorecard shows and caps with. */
export interface CardHandicap {
  /** Null while the golfer has no index in effect on the card's day. */
  courseHandicap: number | null
  /** Strokes received on each hole (negative: given back by a plus handicap). */
  received: readonly number[]
  /** Net double bogey on each hole. */
  maximums: readonly number[]
  /** The adjusted gross score of the entered card; a hole not entered counts its par. */
  adjustedGross(card: { scores: readonly ({ strokes: number } | null | undefined)[] }): number
}

export interface HandicapState<
  R extends RecordRound = RecordRound,
  T extends HandicapTee = HandicapTee,
> {
  /** The inputs the figures were made from: the rounds newest first, the tees by id. */
  rounds: readonly R[]
  tees: Readonly<Record<string, T>>
  source: CourseHandicapSource
  /** The index the golfer's federation gave them, used until HCPFast has one of its own. */
  startingIndex: number | null
  record: ScoredRecord
  /** HCP, the spec's index after every round; null before 3 entries. */
  index: number | null
  /** The WHS estimate after every round. */
  whsIndex: number | null
  /** The index course handicaps use now: the chosen one, or the starting index until there is one. */
  indexInEffect: number | null
  /** Each tee's course handicap now, by tee id (a tee without a par has none). */
  teeHandicaps: ReadonlyMap<string, number>
  /** Each tee's number to beat today; read with `teeTargetOf`. */
  teeTargets: TeeTargets
}

/** A tee's number to beat (issue 32), with what it was made from. */
export interface TeeTarget {
  /** The tee as the engines saw it; a tee whose values differ is worked out again. */
  tee: TargetTee
  scores: TargetScores
  outlook: TargetOutlook
  search: TargetSearch
}

/** The number to beat on the tees the store holds, for one day. */
export interface TeeTargets {
  /** The day the candidate round is played (YYYY-MM-DD), '' before a screen asks for them. */
  day: string
  /** The record's search for the day, or null while it is not made. */
  search: TargetSearch | null
  byTee: ReadonlyMap<string, TeeTarget>
  /** Whether they are made from the record and the settings now (the ones before stay shown
   * until the new ones are all made). */
  current: boolean
}

const NO_TARGETS: TeeTargets = { day: '', search: null, byTee: new Map(), current: false }

/** An input the store follows: its current value, and word of each change. */
export interface HandicapInput<V> {
  read(): V
  subscribe(listener: () => void): () => void
}

export type HandicapStore<R extends RecordRound, T extends HandicapTee> = StoreApi<
  HandicapState<R, T>
> & {
  /** Stops following the inputs. */
  stop(): void
  /** A screen shows numbers to beat: they are made from now on, after every change. */
  wantTeeTargets(): void
  /**
   * Scores a record the store is about to hold (the device's copy, a task before it is shown),
   * so the change that brings it finds it scored: the first scoring of a load runs cold, before
   * the JIT has seen the code, and would otherwise share one long task with the screens' render.
   * The next change uses it only if it brings the same rounds under the same settings; any other
   * change scores its own. Returns the record.
   */
  scoreAhead(
    newestFirst: readonly R[],
    source: CourseHandicapSource,
    startingIndex: number | null,
  ): ScoredRecord
}

/** The chosen index after each entry, oldest first, for `indexOn`'s search. */
function chosenAfter(record: ScoredRecord, source: CourseHandicapSource, at: number) {
  const entry = record.entries[at]
  if (!entry) return null
  return source === 'whs' ? entry.whs.indexAfter : entry.indexAfter
}

/**
 * The index in effect on `day` (YYYY-MM-DD): the chosen one over the entries completed on the days
 * before it (an entry is complete on its later nine's day), as the record walk caps each card; the
 * starting index while there is none.
 */
export function indexOn(
  state: Pick<HandicapState, 'record' | 'source' | 'startingIndex'>,
  day: string,
): number | null {
  const { entries } = state.record
  // Entries are in record order, so their days never decrease: the first on or after `day`.
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((entries[middle] as { playedOn: string }).playedOn < day) low = middle + 1
    else high = middle
  }
  return chosenAfter(state.record, state.source, low - 1) ?? state.startingIndex
}

/** The course handicap off an index for a tee, or null with no index or no par. */
function courseHandicapOf(index: number | null, tee: Omit<HandicapTee, 'id'>): number | null {
  if (index === null || tee.par === null) return null
  return courseHandicap(index, {
    courseRating: tee.rating,
    slopeRating: tee.slope,
    par: tee.par,
    holes: tee.holes,
  })
}

/** A tee's course handicap on `day`, or now (after every round) without one. */
export function courseHandicapOn(
  state: Pick<HandicapState, 'record' | 'source' | 'startingIndex' | 'indexInEffect'>,
  tee: Omit<HandicapTee, 'id'>,
  day?: string,
): number | null {
  return courseHandicapOf(day === undefined ? state.indexInEffect : indexOn(state, day), tee)
}

/** What the handicap makes of a card: off the chosen index in effect on the card's day. */
export function cardScoring(
  state: Pick<HandicapState, 'record' | 'source' | 'startingIndex'>,
  card: CardToScore,
): CardHandicap {
  const handicap = courseHandicapOf(indexOn(state, card.playedOn), {
    rating: card.rating,
    slope: card.slope,
    par: card.holePars.reduce((sum, par) => sum + par, 0),
    holes: card.holePars.length === 9 ? 9 : 18,
  })
  const holes = card.holePars.map((par, at) => ({
    par,
    strokeIndex: card.strokeIndexes[at] ?? at + 1,
  }))
  return {
    courseHandicap: handicap,
    received:
      handicap === null
        ? holes.map(() => 0)
        : strokesReceived(
            handicap,
            holes.map(({ strokeIndex }) => strokeIndex),
          ),
    maximums: holeMaximums(holes, handicap),
    adjustedGross: (entered) =>
      adjustedGrossScore(
        holes.map((hole, at) => ({ ...hole, strokes: entered.scores[at]?.strokes ?? hole.par })),
        handicap,
      ),
  }
}

/** Whether scoring reads the same from both: copies of a round (the export's) are the round. */
function sameRound(a: RecordRound, b: RecordRound | undefined): boolean {
  return (
    b !== undefined &&
    a.id === b.id &&
    a.playedOn === b.playedOn &&
    a.score === b.score &&
    a.holes === b.holes &&
    a.courseRating === b.courseRating &&
    a.slopeRating === b.slopeRating &&
    a.par === b.par &&
    (a.holePars ?? null) === (b.holePars ?? null) &&
    (a.strokeIndexes ?? null) === (b.strokeIndexes ?? null) &&
    (a.holeScores ?? null) === (b.holeScores ?? null)
  )
}

/** Whether two lists hold the same rounds (or copies of them) in the same order. */
function sameRounds(a: readonly RecordRound[], b: readonly RecordRound[]): boolean {
  return a === b || (a.length === b.length && a.every((round, at) => sameRound(round, b[at])))
}

/**
 * The record of `newestFirst` under the golfer's settings: the store's own when it is the list the
 * store holds (the same rounds, or copies of them, in the same order), else scored now (rounds this
 * device has not loaded, e.g. the server's copy for an export).
 */
export function recordFor(
  state: Pick<HandicapState, 'rounds' | 'record' | 'source' | 'startingIndex'>,
  newestFirst: readonly RecordRound[],
): ScoredRecord {
  if (sameRounds(newestFirst, state.rounds)) return state.record
  return scoreRecord(newestFirst, state.source, state.startingIndex)
}

/** A tee as the number to beat sees it: a tee without a par still has one (its par does not
 * enter a differential). */
function targetTeeOf(tee: Omit<HandicapTee, 'id'>): TargetTee {
  const holes = tee.holes ?? 18
  return {
    courseRating: tee.rating,
    slopeRating: tee.slope,
    par: tee.par ?? (holes === 9 ? 36 : 72),
    holes,
  }
}

function sameTee(a: TargetTee, b: TargetTee): boolean {
  return (
    a.courseRating === b.courseRating &&
    a.slopeRating === b.slopeRating &&
    a.par === b.par &&
    a.holes === b.holes
  )
}

/** A tee's number to beat from the record's search: a search of its differential alone. */
function teeTargetFrom(search: TargetSearch, tee: TargetTee): TeeTarget {
  const scores = targetScoresFrom(search, tee)
  return { tee, scores, outlook: targetOutlook(search.state, tee, scores), search }
}

/**
 * A tee's number to beat today, or null while the record's search is not made: the store's own
 * for a tee it holds with these values, else worked out from the search (a tee the store does not
 * hold yet, e.g. a course's first tee before the tees list has it), which costs microseconds.
 */
export function teeTargetOf(
  state: Pick<HandicapState, 'teeTargets'>,
  tee: HandicapTee,
): TeeTarget | null {
  const { search, byTee } = state.teeTargets
  const wanted = targetTeeOf(tee)
  const held = byTee.get(tee.id)
  if (held && sameTee(held.tee, wanted)) return held
  return search ? teeTargetFrom(search, wanted) : null
}

/** The "Why?" lines of a tee's number to beat; `formatDay` shows a day as the screens do. */
export function explainTeeTarget(target: TeeTarget, formatDay: (day: string) => string): string[] {
  return explainTarget(target.search.state, target.tee, target.scores, target.search.day, formatDay)
}

function teeHandicapsOf(
  index: number | null,
  tees: Readonly<Record<string, HandicapTee>>,
): ReadonlyMap<string, number> {
  const byTee = new Map<string, number>()
  for (const tee of Object.values(tees)) {
    const handicap = courseHandicapOf(index, tee)
    if (handicap !== null) byTee.set(tee.id, handicap)
  }
  return byTee
}

/** A record scored ahead of the change that brings its rounds (`HandicapStore.scoreAhead`). */
interface ScoredAhead {
  newestFirst: readonly RecordRound[]
  source: CourseHandicapSource
  startingIndex: number | null
  record: ScoredRecord
}

function derive<R extends RecordRound, T extends HandicapTee>(
  rounds: readonly R[],
  tees: Readonly<Record<string, T>>,
  source: CourseHandicapSource,
  startingIndex: number | null,
  teeTargets: TeeTargets,
  ahead: ScoredAhead | null = null,
): HandicapState<R, T> {
  const record =
    ahead &&
    ahead.source === source &&
    ahead.startingIndex === startingIndex &&
    sameRounds(rounds, ahead.newestFirst)
      ? ahead.record
      : scoreRecord(rounds, source, startingIndex)
  const chosen = source === 'whs' ? record.whs.index : record.index
  const indexInEffect = chosen ?? startingIndex
  return {
    rounds,
    tees,
    source,
    startingIndex,
    record,
    index: record.index,
    whsIndex: record.whs.index,
    indexInEffect,
    teeHandicaps: teeHandicapsOf(indexInEffect, tees),
    // The figures before stay until the new ones are made: a line never blinks out.
    teeTargets: { ...teeTargets, current: false },
  }
}

/** The local calendar day, YYYY-MM-DD. */
function localDay(): string {
  const now = new Date()
  const month = String(now.getMonth() + 1).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${String(now.getDate()).padStart(2, '0')}`
}

/**
 * The steps of one making of the numbers to beat: the record's state and search (once; kept when
 * only the tees changed), then each tee; `made` holds them as they come.
 */
function* targetSteps(
  state: HandicapState,
  day: string,
  made: { search: TargetSearch | null; byTee: Map<string, TeeTarget> },
): Generator<void> {
  if (!made.search) {
    made.search = targetSearch(
      targetState(state.rounds, state.record, state.source, state.startingIndex),
      day,
    )
    yield
  }
  const search = made.search
  for (const tee of Object.values(state.tees)) {
    made.byTee.set(tee.id, teeTargetFrom(search, targetTeeOf(tee)))
    yield
  }
}

/** The User Timing name of each slice of the numbers to beat (bench/target-score-bench.ts). */
export const TEE_TARGETS_MEASURE = 'hcpfast: numbers to beat'

/**
 * The store, following its inputs: it recomputes in the change that moved an input (so a screen
 * never draws new rounds beside old figures), and only when the rounds list, the tees or a setting
 * is another one than before; other changes of those stores (status, realtime) cost a comparison.
 */
export function createHandicapStore<R extends RecordRound, T extends HandicapTee>(inputs: {
  rounds: HandicapInput<readonly R[]>
  tees: HandicapInput<Readonly<Record<string, T>>>
  /** Where the numbers to beat are made, slice by slice (tests drive their own). */
  scheduler?: SliceScheduler
  /** Today, the day a candidate round is played (the golfer's local day by default). */
  today?: () => string
}): HandicapStore<R, T> {
  const scheduler = inputs.scheduler ?? browserScheduler
  const today = inputs.today ?? localDay
  const settings = () => {
    const state = useHandicapSettingsStore.getState()
    return { source: selectCourseHandicapSource(state), startingIndex: selectStartingIndex(state) }
  }
  const current = () => ({ rounds: inputs.rounds.read(), tees: inputs.tees.read(), ...settings() })
  const first = current()
  const store = createStore<HandicapState<R, T>>()(() =>
    derive(first.rounds, first.tees, first.source, first.startingIndex, NO_TARGETS),
  )
  let wanted = false
  let ahead: ScoredAhead | null = null
  let cancelTargets = () => {}
  /** Makes the numbers to beat for the state now, in slices; a change starts them again. */
  const makeTargets = (kept: TeeTargets | null) => {
    cancelTargets()
    if (!wanted) return
    const state = store.getState()
    const day = today()
    const made = {
      // The record's search stands when only the tees changed, if it was made for this record.
      search: kept?.current && kept.day === day ? kept.search : null,
      byTee: new Map<string, TeeTarget>(),
    }
    cancelTargets = runInSlices(
      targetSteps(state, day, made),
      scheduler,
      (done) => {
        if (!done) return
        store.setState({
          teeTargets: { day, search: made.search, byTee: made.byTee, current: true },
        })
      },
      { name: TEE_TARGETS_MEASURE },
    )
  }
  const follow = () => {
    const next = current()
    const held = store.getState()
    if (
      next.rounds === held.rounds &&
      next.tees === held.tees &&
      next.source === held.source &&
      next.startingIndex === held.startingIndex
    ) {
      return
    }
    // Only the tees changed: the record stands, the course handicaps are made again.
    if (
      next.rounds === held.rounds &&
      next.source === held.source &&
      next.startingIndex === held.startingIndex
    ) {
      store.setState({
        tees: next.tees,
        teeHandicaps: teeHandicapsOf(held.indexInEffect, next.tees),
        teeTargets: { ...held.teeTargets, current: false },
      })
      makeTargets(held.teeTargets)
      return
    }
    // A record scored ahead waits for the change that brings other rounds (a setting shown
    // before them changes nothing of it), and serves that one, or none.
    const scoredAhead = ahead
    if (next.rounds !== held.rounds) ahead = null
    store.setState(
      derive(next.rounds, next.tees, next.source, next.startingIndex, held.teeTargets, scoredAhead),
      true,
    )
    makeTargets(null)
  }
  // A screen left open past midnight (a phone asleep overnight) shows today's numbers once it is
  // seen again: a candidate round is played on the day it is looked at.
  const onVisible = () => {
    if (document.visibilityState === 'hidden') return
    if (store.getState().teeTargets.day !== today()) makeTargets(null)
  }
  const stops = [
    inputs.rounds.subscribe(follow),
    inputs.tees.subscribe(follow),
    useHandicapSettingsStore.subscribe(follow),
    () => globalThis.document?.removeEventListener('visibilitychange', onVisible),
  ]
  return Object.assign(store, {
    stop: () => {
      ahead = null
      cancelTargets()
      stops.forEach((stop) => stop())
    },
    scoreAhead: (
      newestFirst: readonly R[],
      source: CourseHandicapSource,
      startingIndex: number | null,
    ) => {
      const record = scoreRecord(newestFirst, source, startingIndex)
      ahead = { newestFirst, source, startingIndex, record }
      return record
    },
    wantTeeTargets: () => {
      if (wanted) return
      wanted = true
      globalThis.document?.addEventListener('visibilitychange', onVisible)
      makeTargets(null)
    },
  })
}
