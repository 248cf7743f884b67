/** The golfer's handicap, derived once per change of the rounds, tees or settings: screens read it
 * and never recompute it. */
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

export interface HandicapTee {
  id: string
  rating: number
  slope: number
  par: number | null
  holes?: 9 | 18
}

/** A card being scored, typed structurally: this feature does not import the scorecard. */
export interface CardToScore {
  playedOn: string
  /** A nine's rating and slope for a nine. */
  rating: number
  slope: number
  holePars: readonly number[]
  strokeIndexes: readonly number[]
}

export interface CardHandicap {
  courseHandicap: number | null
  /** Negative: a stroke given back by a plus handicap. */
  received: readonly number[]
  maximums: readonly number[]
  /** A hole not entered counts its par. */
  adjustedGross(card: { scores: readonly ({ strokes: number } | null | undefined)[] }): number
}

export interface HandicapState<
  R extends RecordRound = RecordRound,
  T extends HandicapTee = HandicapTee,
> {
  rounds: readonly R[]
  tees: Readonly<Record<string, T>>
  source: CourseHandicapSource
  startingIndex: number | null
  record: ScoredRecord
  index: number | null
  whsIndex: number | null
  indexInEffect: number | null
  teeHandicaps: ReadonlyMap<string, number>
  teeTargets: TeeTargets
}

export interface TeeTarget {
  /** A tee whose values differ is worked out again. */
  tee: TargetTee
  scores: TargetScores
  outlook: TargetOutlook
  search: TargetSearch
}

export interface TeeTargets {
  day: string
  search: TargetSearch | null
  byTee: ReadonlyMap<string, TeeTarget>
  /** False while the new ones are made: the ones before stay shown. */
  current: boolean
}

const NO_TARGETS: TeeTargets = { day: '', search: null, byTee: new Map(), current: false }

export interface HandicapInput<V> {
  read(): V
  subscribe(listener: () => void): () => void
}

export type HandicapStore<R extends RecordRound, T extends HandicapTee> = StoreApi<
  HandicapState<R, T>
> & {
  stop(): void
  wantTeeTargets(): void
  /** So the first, cold scoring does not share one long task with the screens' render. */
  scoreAhead(
    newestFirst: readonly R[],
    source: CourseHandicapSource,
    startingIndex: number | null,
  ): ScoredRecord
}

function chosenAfter(record: ScoredRecord, source: CourseHandicapSource, at: number) {
  const entry = record.entries[at]
  if (!entry) return null
  return source === 'whs' ? entry.whs.indexAfter : entry.indexAfter
}

/** An entry is complete on its later nine's day, as the record walk caps each card. */
export function indexOn(
  state: Pick<HandicapState, 'record' | 'source' | 'startingIndex'>,
  day: string,
): number | null {
  const { entries } = state.record
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((entries[middle] as { playedOn: string }).playedOn < day) low = middle + 1
    else high = middle
  }
  return chosenAfter(state.record, state.source, low - 1) ?? state.startingIndex
}

function courseHandicapOf(index: number | null, tee: Omit<HandicapTee, 'id'>): number | null {
  if (index === null || tee.par === null) return null
  return courseHandicap(index, {
    courseRating: tee.rating,
    slopeRating: tee.slope,
    par: tee.par,
    holes: tee.holes,
  })
}

export function courseHandicapOn(
  state: Pick<HandicapState, 'record' | 'source' | 'startingIndex' | 'indexInEffect'>,
  tee: Omit<HandicapTee, 'id'>,
  day?: string,
): number | null {
  return courseHandicapOf(day === undefined ? state.indexInEffect : indexOn(state, day), tee)
}

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

/** Copies of a round (the export's) score as the round. */
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
    sameNumbers(a.holePars, b.holePars) &&
    sameNumbers(a.strokeIndexes, b.strokeIndexes) &&
    sameNumbers(a.holeScores?.map(strokesOf), b.holeScores?.map(strokesOf))
  )
}

const strokesOf = (hole: { strokes: number }) => hole.strokes

/** By value: the server's answer builds every card's holes afresh. */
function sameNumbers(
  a: readonly number[] | null | undefined,
  b: readonly number[] | null | undefined,
): boolean {
  if (a === b || (a ?? null) === (b ?? null)) return true
  if (!a || !b || a.length !== b.length) return false
  return a.every((value, at) => value === b[at])
}

function sameRounds(a: readonly RecordRound[], b: readonly RecordRound[]): boolean {
  return a === b || (a.length === b.length && a.every((round, at) => sameRound(round, b[at])))
}

export function recordFor(
  state: Pick<HandicapState, 'rounds' | 'record' | 'source' | 'startingIndex'>,
  newestFirst: readonly RecordRound[],
): ScoredRecord {
  if (sameRounds(newestFirst, state.rounds)) return state.record
  return scoreRecord(newestFirst, state.source, state.startingIndex)
}

/** A tee without a par still has a number to beat: par does not enter a differential. */
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

function teeTargetFrom(search: TargetSearch, tee: TargetTee): TeeTarget {
  const scores = targetScoresFrom(search, tee)
  return { tee, scores, outlook: targetOutlook(search.state, tee, scores), search }
}

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
  scored: readonly ScoredAhead[] = [],
): HandicapState<R, T> {
  // The same rounds already scored (the device's copy, or before a reload) are not scored again.
  const reused = scored.find(
    (held) =>
      held.source === source &&
      held.startingIndex === startingIndex &&
      sameRounds(rounds, held.newestFirst),
  )
  const record = reused ? reused.record : scoreRecord(rounds, source, startingIndex)
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
    teeTargets: { ...teeTargets, current: false },
  }
}

function localDay(): string {
  const now = new Date()
  const month = String(now.getMonth() + 1).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${String(now.getDate()).padStart(2, '0')}`
}

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

/** Read by bench/target-score-bench.ts. */
export const TEE_TARGETS_MEASURE = 'hcpfast: numbers to beat'

/** Recomputes in the change that moved an input: never new rounds beside old figures. */
export function createHandicapStore<R extends RecordRound, T extends HandicapTee>(inputs: {
  rounds: HandicapInput<readonly R[]>
  tees: HandicapInput<Readonly<Record<string, T>>>
  scheduler?: SliceScheduler
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
  const makeTargets = (kept: TeeTargets | null) => {
    cancelTargets()
    if (!wanted) return
    const state = store.getState()
    const day = today()
    const made = {
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
    // A setting shown before the rounds changes nothing of a record scored ahead.
    const scoredAhead = ahead
    if (next.rounds !== held.rounds) ahead = null
    const scored = [{ ...held, newestFirst: held.rounds }, ...(scoredAhead ? [scoredAhead] : [])]
    store.setState(
      derive(next.rounds, next.tees, next.source, next.startingIndex, held.teeTargets, scored),
      true,
    )
    makeTargets(null)
  }
  // A screen left open past midnight shows today's numbers once it is seen again.
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
