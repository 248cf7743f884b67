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
 *   `teeHandicaps` (each tee's course handicap now, by tee id; tees with a par only).
 * - Reads over a state, pure: `indexOn(state, day)` (the index in effect on a day: the chosen one
 *   over the entries completed before it, else the starting index), `courseHandicapOn(state, tee,
 *   day?)`, `cardScoring(state, card)` (a card's course handicap, strokes received and maximum per
 *   hole, adjusted gross), `recordFor(state, newestFirst)` (this record, or the same settings
 *   applied to rounds the store doesn't hold, e.g. the server's copy for an export).
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { adjustedGrossScore, holeMaximums, strokesReceived } from '../lib/adjusted-gross'
import { courseHandicap } from '../lib/handicap-index'
import { scoreRecord, type RecordRound, type ScoredRecord } from '../lib/score-record'
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
}

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

/**
 * The record of `newestFirst` under the golfer's settings: the store's own when it is the list the
 * store holds (the same rounds, or copies of them, in the same order), else scored now (rounds this
 * device has not loaded, e.g. the server's copy for an export).
 */
export function recordFor(
  state: Pick<HandicapState, 'rounds' | 'record' | 'source' | 'startingIndex'>,
  newestFirst: readonly RecordRound[],
): ScoredRecord {
  const held = state.rounds
  if (
    newestFirst === held ||
    (newestFirst.length === held.length &&
      newestFirst.every((round, at) => sameRound(round, held[at])))
  ) {
    return state.record
  }
  return scoreRecord(newestFirst, state.source, state.startingIndex)
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

function derive<R extends RecordRound, T extends HandicapTee>(
  rounds: readonly R[],
  tees: Readonly<Record<string, T>>,
  source: CourseHandicapSource,
  startingIndex: number | null,
): HandicapState<R, T> {
  const record = scoreRecord(rounds, source, startingIndex)
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
  }
}

/**
 * The store, following its inputs: it recomputes in the change that moved an input (so a screen
 * never draws new rounds beside old figures), and only when the rounds list, the tees or a setting
 * is another one than before; other changes of those stores (status, realtime) cost a comparison.
 */
export function createHandicapStore<R extends RecordRound, T extends HandicapTee>(inputs: {
  rounds: HandicapInput<readonly R[]>
  tees: HandicapInput<Readonly<Record<string, T>>>
}): HandicapStore<R, T> {
  const settings = () => {
    const state = useHandicapSettingsStore.getState()
    return { source: selectCourseHandicapSource(state), startingIndex: selectStartingIndex(state) }
  }
  const current = () => ({ rounds: inputs.rounds.read(), tees: inputs.tees.read(), ...settings() })
  const first = current()
  const store = createStore<HandicapState<R, T>>()(() =>
    derive(first.rounds, first.tees, first.source, first.startingIndex),
  )
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
      })
      return
    }
    store.setState(derive(next.rounds, next.tees, next.source, next.startingIndex), true)
  }
  const stops = [
    inputs.rounds.subscribe(follow),
    inputs.tees.subscribe(follow),
    useHandicapSettingsStore.subscribe(follow),
  ]
  return Object.assign(store, { stop: () => stops.forEach((stop) => stop()) })
}
