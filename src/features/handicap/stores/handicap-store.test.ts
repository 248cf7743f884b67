import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { nextId } from '@/testing/fixtures'
import type { SliceScheduler } from '@/lib/slices'
import { scoreRecord, type RecordRound } from '../lib/score-record'
import { targetScores } from '../lib/target-score'
import { partingRecord, PLAIN_TEE } from '../testing'
import type { CourseHandicapSource } from '../types'
import { useHandicapSettingsStore } from './handicap-settings-store'
import {
  cardScoring,
  courseHandicapOn,
  createHandicapStore,
  explainTeeTarget,
  teeTargetOf,
  indexOn,
  recordFor,
  type HandicapStore,
  type HandicapTee,
} from './handicap-store'

interface Inputs {
  rounds: readonly RecordRound[]
  tees: Readonly<Record<string, HandicapTee>>
  status: string
}

let inputs: StoreApi<Inputs>
let handicap: HandicapStore<RecordRound, HandicapTee>

function follow() {
  handicap = createHandicapStore({
    rounds: { read: () => inputs.getState().rounds, subscribe: inputs.subscribe },
    tees: { read: () => inputs.getState().tees, subscribe: inputs.subscribe },
  })
}

const newestFirst = (oldestFirst: readonly RecordRound[]) => [...oldestFirst].reverse()

function choose(source: CourseHandicapSource) {
  useHandicapSettingsStore
    .getState()
    .upsert({ id: 'golfer', courseHandicapSource: source, startingIndex: null })
}

beforeEach(() => {
  inputs = createStore<Inputs>()(() => ({ rounds: [], tees: {}, status: 'idle' }))
  follow()
})
afterEach(() => handicap.stop())

const tee = (id: string, fields: Partial<HandicapTee> = {}): HandicapTee => ({
  id,
  rating: PLAIN_TEE.rating,
  slope: PLAIN_TEE.slope,
  par: PLAIN_TEE.par,
  holes: 18,
  ...fields,
})

describe('the handicap store', () => {
  it('caps a WHS golfer’s card off the estimate in effect on its day, and gives both indexes', () => {
    choose('whs')
    const record = partingRecord(nextId)
    inputs.setState({ rounds: newestFirst(record) })
    const state = handicap.getState()
    const card = state.record.byRound.get((record[4] as RecordRound).id)
    expect(card).toMatchObject({ courseHandicap: 5, adjustedScore: 76, cappedHoles: [6, 7] })
    expect(card?.differential).toBe(4)
    expect(state.index).toBe(5)
    expect(state.whsIndex).toBe(4)
    expect(state.indexInEffect).toBe(4)
  })

  it('caps an HCP golfer’s card off HCP, and uses HCP for course handicaps', () => {
    const record = partingRecord(nextId)
    inputs.setState({ rounds: newestFirst(record) })
    const state = handicap.getState()
    expect(state.record.byRound.get((record[4] as RecordRound).id)).toMatchObject({
      courseHandicap: 7,
      adjustedScore: 78,
      cappedHoles: [6, 7],
    })
    expect(state.index).toBe(6)
    expect(state.whsIndex).toBe(5)
    expect(state.indexInEffect).toBe(6)
  })

  it('follows a change of the golfer’s choice', () => {
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)) })
    expect(handicap.getState().indexInEffect).toBe(6)
    choose('whs')
    expect(handicap.getState()).toMatchObject({ source: 'whs', index: 5, whsIndex: 4 })
    expect(handicap.getState().indexInEffect).toBe(4)
  })

  it('gives the index in effect on a day: the chosen one over the days before it', () => {
    choose('whs')
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)) })
    const state = handicap.getState()
    expect(indexOn(state, '2026-10-31')).toBeNull()
    // Two rounds before the 3rd: no index yet.
    expect(indexOn(state, '2026-11-03')).toBeNull()
    expect(indexOn(state, '2026-11-04')).toBe(18)
    expect(indexOn(state, '2026-11-05')).toBe(5)
    // After the card: 18.0, 18.0, 18.0, 6.0, 4.0, five rounds: the lowest.
    expect(indexOn(state, '2026-11-06')).toBe(4)
    expect(indexOn(state, '2026-11-07')).toBe(4)
    expect(indexOn(state, '2030-01-01')).toBe(4)
  })

  it('gives a tee’s course handicap now and on a day, halving the index on a 9-hole tee', () => {
    choose('whs')
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)) })
    const state = handicap.getState()
    expect(courseHandicapOn(state, tee('a'))).toBe(4)
    // 4.0 × 130 / 113 + (73.1 − 72) = 5.70…
    expect(courseHandicapOn(state, tee('b', { rating: 73.1, slope: 130 }))).toBe(6)
    // Half of 4.0 on a nine of rating 36.0 and par 36.
    expect(courseHandicapOn(state, tee('c', { rating: 36, par: 36, holes: 9 }))).toBe(2)
    expect(courseHandicapOn(state, tee('a'), '2026-11-05')).toBe(5)
    expect(courseHandicapOn(state, tee('a'), '2026-11-02')).toBeNull()
    expect(courseHandicapOn(state, tee('d', { par: null }))).toBeNull()
  })

  it('keeps each tee’s course handicap, and makes only those again when only the tees change', () => {
    choose('whs')
    inputs.setState({
      rounds: newestFirst(partingRecord(nextId)),
      tees: { a: tee('a'), b: tee('b', { rating: 73.1, slope: 130 }), d: tee('d', { par: null }) },
    })
    const before = handicap.getState()
    expect(Object.fromEntries(before.teeHandicaps)).toEqual({ a: 4, b: 6 })
    inputs.setState({ tees: { a: tee('a', { rating: 74, slope: 113 }) } })
    const after = handicap.getState()
    // 4.0 + (74.0 − 72)
    expect(Object.fromEntries(after.teeHandicaps)).toEqual({ a: 6 })
    expect(after.record).toBe(before.record)
  })

  it('recomputes once per change of its inputs, and not for other changes of their stores', () => {
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)) })
    const listener = vi.fn()
    const unsubscribe = handicap.subscribe(listener)
    const before = handicap.getState()
    inputs.setState({ status: 'ready' })
    useHandicapSettingsStore.getState().setLive('live')
    expect(handicap.getState()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)).slice(1) })
    expect(listener).toHaveBeenCalledTimes(1)
    // Without the last round (92 on the 6th): 20.0, 20.0, 20.0, 8.0, 6.0 → the lowest.
    expect(handicap.getState().index).toBe(6)
    unsubscribe()
  })

  it('uses a record scored ahead for the change that brings its rounds, and for no other', () => {
    choose('whs')
    const rounds = newestFirst(partingRecord(nextId))
    const ahead = handicap.scoreAhead(rounds, 'whs', null)
    // A change that brings no other rounds (a setting shown first) leaves it waiting.
    choose('spec')
    choose('whs')
    // The device's copy: the same rounds, as other objects.
    inputs.setState({ rounds: rounds.map((round) => ({ ...round })) })
    expect(handicap.getState().record).toBe(ahead)
    expect(handicap.getState().whsIndex).toBe(ahead.whs.index)

    // Scored under other settings, or for other rounds, it is not used: the change scores its own.
    const fewer = rounds.slice(1)
    const underSpec = handicap.scoreAhead(fewer, 'spec', null)
    inputs.setState({ rounds: fewer })
    expect(handicap.getState().record).not.toBe(underSpec)
    expect(handicap.getState().record).toEqual(scoreRecord(fewer, 'whs', null))
    const forOthers = handicap.scoreAhead(rounds.slice(2), 'whs', null)
    inputs.setState({ rounds })
    expect(handicap.getState().record).not.toBe(forOthers)
    expect(handicap.getState().record).toEqual(scoreRecord(rounds, 'whs', null))
  })

  it('scores a card off the chosen index in effect on its day', () => {
    choose('whs')
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)) })
    const scoring = cardScoring(handicap.getState(), { ...PLAIN_TEE, playedOn: '2026-11-07' })
    expect(scoring.courseHandicap).toBe(4)
    expect(scoring.received).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(scoring.maximums).toEqual([7, 7, 7, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    // 9 on hole 5 counts 6, 9 on hole 2 counts 7, every other hole its par: 64 + 6 + 7.
    const scores = PLAIN_TEE.holePars.map((par, at) => ({
      strokes: at === 4 || at === 1 ? 9 : par,
    }))
    expect(scoring.adjustedGross({ scores })).toBe(77)
    // Holes not entered count their par.
    expect(scoring.adjustedGross({ scores: [] })).toBe(72)
  })

  it('scores a card with no index in effect at par + 5 and no strokes', () => {
    const scoring = cardScoring(handicap.getState(), { ...PLAIN_TEE, playedOn: '2026-11-07' })
    expect(scoring.courseHandicap).toBeNull()
    expect(new Set(scoring.received)).toEqual(new Set([0]))
    expect(new Set(scoring.maximums)).toEqual(new Set([9]))
  })

  it('gives its own record for the rounds it holds, and scores others with the same settings', () => {
    choose('whs')
    const record = partingRecord(nextId)
    inputs.setState({ rounds: newestFirst(record) })
    const state = handicap.getState()
    expect(recordFor(state, state.rounds)).toBe(state.record)
    expect(recordFor(state, newestFirst(record))).toBe(state.record)
    // The export's copies of the same rounds.
    expect(
      recordFor(
        state,
        state.rounds.map((round) => ({ ...round })),
      ),
    ).toBe(state.record)
    // A copy with another score is another record: 70 on the 6th (−2.0) and the card's 4.0 are
    // the lowest two, so both indexes are (−2.0 + 4.0) / 2 − 1.0.
    const changed = state.rounds.map((round, at) => (at === 0 ? { ...round, score: 70 } : round))
    expect(recordFor(state, changed)).toMatchObject({ index: 0, whs: { index: 0 } })
    // The server's copy of the first five rounds: the card is capped off the estimate still.
    const copies = newestFirst(record.slice(0, 5).map((round) => ({ ...round })))
    const other = recordFor(state, copies)
    expect(other).not.toBe(state.record)
    expect(other.byRound.get((record[4] as RecordRound).id)?.adjustedScore).toBe(76)
    expect(other.whs.index).toBe(4)
  })

  it('is empty again when its inputs are', () => {
    choose('whs')
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)), tees: { a: tee('a') } })
    inputs.setState({ rounds: [], tees: {} })
    const state = handicap.getState()
    expect(state).toMatchObject({ index: null, whsIndex: null, indexInEffect: null })
    expect(state.record.entries).toEqual([])
    expect(state.teeHandicaps.size).toBe(0)
  })
})

describe('a starting index', () => {
  function start(index: number, source: CourseHandicapSource = 'spec') {
    useHandicapSettingsStore
      .getState()
      .upsert({ id: 'golfer', courseHandicapSource: source, startingIndex: index })
  }

  it('is the index in effect before any round: tees and cards take their strokes from it', () => {
    start(12.4)
    inputs.setState({ tees: { a: tee('a'), b: tee('b', { rating: 73.1, slope: 130 }) } })
    const state = handicap.getState()
    expect(state).toMatchObject({ index: null, whsIndex: null, indexInEffect: 12.4 })
    // 12.4 × 130 / 113 + 1.1 = 15.37…
    expect(Object.fromEntries(state.teeHandicaps)).toEqual({ a: 12, b: 15 })
    const scoring = cardScoring(state, { ...PLAIN_TEE, playedOn: '2026-11-01' })
    expect(scoring.courseHandicap).toBe(12)
    expect(scoring.received.filter((strokes) => strokes === 1)).toHaveLength(12)
    expect(scoring.received.slice(11, 13)).toEqual([1, 0])
  })

  it('gives way to the golfer’s own index for the chosen source, and never enters it', () => {
    start(12.4, 'whs')
    inputs.setState({ rounds: newestFirst(partingRecord(nextId)) })
    const state = handicap.getState()
    expect(indexOn(state, '2026-11-01')).toBe(12.4)
    expect(indexOn(state, '2026-11-03')).toBe(12.4)
    expect(indexOn(state, '2026-11-04')).toBe(18)
    expect(state).toMatchObject({ index: 5, whsIndex: 4, indexInEffect: 4 })
  })

  it('caps the golfer’s first cards at net double bogey off it, not at par + 5', () => {
    start(12.4)
    // partingRecord's card (9 on holes 6 and 7) as the golfer's first round: a course handicap
    // of 12 gives holes 1 to 12 a stroke, so both count 7: 64 + 7 + 7.
    const card = { ...(partingRecord(nextId)[4] as RecordRound), playedOn: '2026-11-01' }
    inputs.setState({ rounds: [card] })
    const state = handicap.getState()
    expect(state.record.byRound.get(card.id)).toMatchObject({
      courseHandicap: 12,
      adjustedScore: 78,
      cappedHoles: [6, 7],
    })
    // The server's copy of the same card, for an export, is scored the same way.
    expect(
      recordFor(state, [{ ...card, holeScores: [...(card.holeScores ?? [])] }]).byRound.get(card.id)
        ?.adjustedScore,
    ).toBe(78)
  })

  it('is followed when the golfer enters or removes it', () => {
    start(12.4)
    expect(handicap.getState().indexInEffect).toBe(12.4)
    start(-1.2)
    expect(courseHandicapOn(handicap.getState(), tee('a'))).toBe(-1)
    useHandicapSettingsStore
      .getState()
      .upsert({ id: 'golfer', courseHandicapSource: 'spec', startingIndex: null })
    expect(handicap.getState().indexInEffect).toBeNull()
  })
})

/** Slices run when the test says; the clock moves `stepMs` each time it is read. */
function byHand(stepMs: number) {
  let clock = 0
  const queue: (() => void)[] = []
  const scheduler: SliceScheduler = {
    now: () => (clock += stepMs),
    later(next) {
      queue.push(next)
      return () => {
        const at = queue.indexOf(next)
        if (at >= 0) queue.splice(at, 1)
      }
    },
  }
  return {
    scheduler,
    slice: () => {
      const next = queue.shift()
      next?.()
      return next !== undefined
    },
  }
}

describe('the number to beat on each tee', () => {
  // 13.0, 18.0, 8.0 on a 72.0 / 113 tee (d = G − 72): HCP and the estimate are 8.0 − 2.0 = 6.0.
  // A fourth entry: min(8.0, d) − 1.0. Below 6.0 needs d ≤ 6.9: 78 (6.0 → 5.0); 79 (7.0) holds.
  // On 70.3 / 130, 78 is 113 × 7.7 / 130 = 6.69 → 6.7 (5.7); 79 is 7.56 → 7.6, which raises it.
  // A nine with no nine waiting waits: no score lowers it, any holds it.
  const three = (['2025-03-01', '2025-03-02', '2025-03-03'] as const).map(
    (playedOn, at): RecordRound => ({
      id: `r${at}`,
      playedOn,
      holes: 18,
      score: [85, 90, 80][at] as number,
      courseRating: 72.0,
      slopeRating: 113,
      par: 72,
    }),
  )
  const tees = {
    plain: tee('plain'),
    sloped: tee('sloped', { rating: 70.3, slope: 130 }),
    nine: tee('nine', { rating: 36.0, slope: 113, par: 36, holes: 9 }),
  }
  const DAY = '2025-03-09'

  function followByHand(stepMs: number) {
    const hand = byHand(stepMs)
    const store = createHandicapStore({
      rounds: { read: () => inputs.getState().rounds, subscribe: inputs.subscribe },
      tees: { read: () => inputs.getState().tees, subscribe: inputs.subscribe },
      scheduler: hand.scheduler,
      today: () => DAY,
    })
    return { store, hand }
  }

  it('gives each tee the figures targetScores gives, once a screen asks for them', () => {
    choose('whs')
    inputs.setState({ rounds: newestFirst(three), tees })
    const { store, hand } = followByHand(0)
    try {
      // Nothing is made before a screen asks.
      expect(hand.slice()).toBe(false)
      expect(teeTargetOf(store.getState(), tees.plain)).toBeNull()
      store.wantTeeTargets()
      // The clock never moves: one slice makes them all.
      expect(hand.slice()).toBe(true)
      expect(hand.slice()).toBe(false)
      const state = store.getState()
      expect(state.teeTargets.current).toBe(true)
      const figures = (id: keyof typeof tees) => teeTargetOf(state, tees[id])?.scores
      expect(figures('plain')).toEqual({ index: 6, lower: 78, hold: 79 })
      expect(figures('sloped')).toEqual({ index: 6, lower: 78, hold: 78 })
      expect(figures('nine')).toEqual({ index: 6, lower: null, hold: 100 })
      for (const [id, { rating, slope, par, holes }] of Object.entries(tees)) {
        const engine = targetScores(
          state.rounds,
          { courseRating: rating, slopeRating: slope, par: par as number, holes: holes ?? 18 },
          'whs',
          DAY,
        )
        expect(figures(id as keyof typeof tees)).toEqual(engine)
      }
      expect(teeTargetOf(state, tees.nine)?.outlook).toEqual({ kind: 'nine-waits', index: 6 })
      const plain = teeTargetOf(state, tees.plain)
      if (!plain) throw new Error('the plain tee has no number to beat')
      expect(explainTeeTarget(plain, (day) => day)).toEqual([
        'It would take the place of a counting round: 2025-03-03, differential 8.0.',
        'It needs a differential of 6.9 or lower: a score of 78 or better here.',
      ])
      // A tee the store does not hold (a course's first tee before the tees list has it) is
      // worked out from the same search.
      expect(teeTargetOf(state, tee('unknown'))?.scores).toEqual({ index: 6, lower: 78, hold: 79 })
    } finally {
      store.stop()
    }
  })

  it('makes them in slices, and shows the figures before until the new ones are all made', () => {
    inputs.setState({ rounds: newestFirst(three), tees })
    // The clock moves 3 ms a read: a slice of 8 ms is three steps (the record's search, then a
    // tee each), so four steps take two slices.
    const { store, hand } = followByHand(3)
    try {
      store.wantTeeTargets()
      expect(hand.slice()).toBe(true)
      // Three steps made, one tee left: nothing published yet.
      expect(store.getState().teeTargets.current).toBe(false)
      expect(teeTargetOf(store.getState(), tees.plain)).toBeNull()
      expect(hand.slice()).toBe(true)
      expect(hand.slice()).toBe(false)
      const before = store.getState().teeTargets
      expect(before.current).toBe(true)
      expect(before.byTee.size).toBe(3)
      // A fourth round, 72 (0.0): HCP 0.0 − 1.0 = −1.0 (+1.0). The figures before stay, marked
      // not current, until the new ones are made. A fifth entry: min(0.0, d) below −1.0 needs
      // d ≤ −1.1: 70 (−2.0); 71 (−1.0) holds.
      const fourth: RecordRound = {
        ...(three[2] as RecordRound),
        id: 'r3',
        playedOn: '2025-03-04',
        score: 72,
      }
      inputs.setState({ rounds: newestFirst([...three, fourth]) })
      expect(store.getState().teeTargets.current).toBe(false)
      expect(teeTargetOf(store.getState(), tees.plain)?.scores).toEqual({
        index: 6,
        lower: 78,
        hold: 79,
      })
      while (hand.slice());
      expect(store.getState().teeTargets.current).toBe(true)
      expect(teeTargetOf(store.getState(), tees.plain)?.scores).toEqual({
        index: -1,
        lower: 70,
        hold: 71,
      })
    } finally {
      store.stop()
    }
  })

  it('makes them again for the new day when a screen left open overnight is seen again', () => {
    inputs.setState({ rounds: newestFirst(three), tees })
    let today = DAY
    const hand = byHand(0)
    const store = createHandicapStore({
      rounds: { read: () => inputs.getState().rounds, subscribe: inputs.subscribe },
      tees: { read: () => inputs.getState().tees, subscribe: inputs.subscribe },
      scheduler: hand.scheduler,
      today: () => today,
    })
    try {
      store.wantTeeTargets()
      while (hand.slice());
      expect(store.getState().teeTargets.day).toBe(DAY)
      // Seen again the same day: nothing to make.
      document.dispatchEvent(new Event('visibilitychange'))
      expect(hand.slice()).toBe(false)
      today = '2025-03-10'
      document.dispatchEvent(new Event('visibilitychange'))
      while (hand.slice());
      expect(store.getState().teeTargets.day).toBe('2025-03-10')
      expect(store.getState().teeTargets.current).toBe(true)
      expect(teeTargetOf(store.getState(), tees.plain)?.scores).toEqual({
        index: 6,
        lower: 78,
        hold: 79,
      })
    } finally {
      store.stop()
    }
    today = '2025-03-11'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(hand.slice()).toBe(false)
  })

  it('works a tee out again when it is edited, on the same search', () => {
    inputs.setState({ rounds: newestFirst(three), tees })
    const { store, hand } = followByHand(0)
    try {
      store.wantTeeTargets()
      while (hand.slice());
      const search = store.getState().teeTargets.search
      inputs.setState({ tees: { ...tees, plain: tee('plain', { rating: 70.3, slope: 130 }) } })
      // Until it is made again, the edited tee is worked out on reading.
      expect(teeTargetOf(store.getState(), { ...tees.sloped, id: 'plain' })?.scores).toEqual({
        index: 6,
        lower: 78,
        hold: 78,
      })
      expect(hand.slice()).toBe(true)
      expect(store.getState().teeTargets.search).toBe(search)
      expect(store.getState().teeTargets.byTee.get('plain')?.scores).toEqual({
        index: 6,
        lower: 78,
        hold: 78,
      })
    } finally {
      store.stop()
    }
  })
})
