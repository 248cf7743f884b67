// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { seededRandom } from '@/testing/seeded-random'
import { differentialTenths } from './handicap-index'
import { scoreRecord, type RecordRound } from './score-record'
import {
  explainTarget,
  scoreRange,
  targetOutlook,
  targetScores,
  targetState,
  type TargetTee,
} from './target-score'

const round = (
  id: string,
  playedOn: string,
  score: number,
  courseRating = 72.0,
  slopeRating = 113,
  holes: 9 | 18 = 18,
): RecordRound => ({ id, playedOn, holes, score, courseRating, slopeRating, par: null })

/** A tee on which the differential is simply gross − 72.0. */
const plain: TargetTee = { courseRating: 72.0, slopeRating: 113, par: 72, holes: 18 }
const nineTee: TargetTee = { courseRating: 36.0, slopeRating: 113, par: 36, holes: 9 }
const day = (n: number) => `2025-03-${String(n).padStart(2, '0')}`

// 13.0, 18.0, 8.0 oldest first: three entries, the lowest − 2.0 = 6.0 for both numbers.
const three = [round('a', day(1), 85), round('b', day(2), 90), round('c', day(3), 80)].reverse()

/**
 * 20 rounds, one a day from 1 March 2025: three of 5.0 then seventeen of 10.0. The spec's index:
 * (3 × 5.0 + 5 × 10.0) / 8 = 8.125 → 8.1. The estimate calculates the same 8.1, but its low index
 * (after 3 rounds: 5.0 − 2.0 = 3.0) is within the year, and 8.1 − 3.0 = 5.1 > 3.0: soft cap,
 * 3.0 + 3.0 + 2.1 / 2 (1.05 → 1.1) = 7.1.
 */
const softCapped = Array.from({ length: 20 }, (_, at) =>
  round(`s${at + 1}`, day(at + 1), at < 3 ? 77 : 82),
).reverse()

const identity = (text: string) => text

describe('targetScores', () => {
  it('has no numbers before a first index, or on an empty record, or with one nine', () => {
    const none = { index: null, lower: null, hold: null }
    expect(targetScores([], plain, 'spec', day(9))).toEqual(none)
    expect(targetScores(three.slice(0, 2), plain, 'whs', day(9))).toEqual(none)
    expect(targetScores([round('n', day(1), 40, 36.0, 113, 9)], nineTee, 'spec', day(9))).toEqual(
      none,
    )
  })

  it('works a record of 3 rounds by hand, for both numbers', () => {
    // A fourth entry: min(8.0, d) − 1.0. Below 6.0 needs d ≤ 6.9: 78 (6.0 → 5.0); 79 (7.0) holds.
    expect(targetScores(three, plain, 'spec', day(9))).toEqual({ index: 6, lower: 78, hold: 79 })
    expect(targetScores(three, plain, 'whs', day(9))).toEqual({ index: 6, lower: 78, hold: 79 })
    // Rating 70.3, slope 130: 78 is 113 × 7.7 / 130 = 6.69 → 6.7; 79 is 7.56 → 7.6, which raises.
    const sloped: TargetTee = { courseRating: 70.3, slopeRating: 130, par: 72, holes: 18 }
    expect(targetScores(three, sloped, 'spec', day(9))).toEqual({ index: 6, lower: 78, hold: 78 })
  })

  it('pairs a 9-hole candidate with the waiting nine, and says a lone nine cannot move it', () => {
    const waiting = [round('n', day(4), 40, 36.0, 113, 9), ...three]
    // The pair: (40 + G) − 72.0 = G − 32 → 38 gives 6.0 (index 5.0); 39 gives 7.0 (6.0, held).
    expect(targetScores(waiting, nineTee, 'spec', day(9))).toEqual({
      index: 6,
      lower: 38,
      hold: 39,
    })
    // An 18-hole round leaves the nine waiting and counts alone.
    expect(targetScores(waiting, plain, 'spec', day(9))).toEqual({ index: 6, lower: 78, hold: 79 })
    // No nine waiting: a nine today waits too, and the index stays 6.0 whatever it is.
    expect(targetScores(three, nineTee, 'whs', day(9))).toEqual({
      index: 6,
      lower: null,
      hold: 100,
    })
    const state = targetState(three, scoreRecord(three, 'whs'), 'whs')
    expect(targetOutlook(state, nineTee, { index: 6, lower: null, hold: 100 })).toEqual({
      kind: 'nine-waits',
      index: 6,
    })
  })

  it('works a plus index', () => {
    // −3.0, 0.0, 1.0: −3.0 − 2.0 = −5.0 (+5.0). A fourth: min(−3.0, d) − 1.0 < −5.0 needs d ≤ −4.1:
    // 67 (−5.0 → −6.0); 68 (−4.0 → −5.0) holds.
    const plus = [round('p1', day(1), 69), round('p2', day(2), 72), round('p3', day(3), 73)]
    expect(targetScores(plus.reverse(), plain, 'whs', day(9))).toEqual({
      index: -5,
      lower: 67,
      hold: 68,
    })
  })

  it('works a soft-capped WHS estimate, where the leaving round counts', () => {
    // Latest 20 after one more: 5.0, 5.0, seventeen 10.0, d; calculated (60.0 + d) / 8, low 3.0,
    // capped 6.0 + (calc − 6.0) / 2 rounded half up. Below 7.1 needs calc ≤ 8.0, so d ≤ 4.3: 76
    // (calc 8.0 → 7.0). 77 (calc 8.125 → 8.1 → 7.1) holds; 78 (8.25 → 8.3 → 7.2) raises it.
    expect(targetScores(softCapped, plain, 'whs', '2025-06-01')).toEqual({
      index: 7.1,
      lower: 76,
      hold: 77,
    })
    expect(scoreRecord(softCapped, 'whs').whs.cap).toBe('soft')
    // The spec's 8.1 keeps every round: (15.0 + d + 40.0) / 8 < 8.1 needs d ≤ 9.3: 81 (9.0 → 8.0);
    // a differential above 10.0 leaves the lowest 8 as they are, so every score holds it.
    expect(targetScores(softCapped, plain, 'spec', '2025-06-01')).toEqual({
      index: 8.1,
      lower: 81,
      hold: 200,
    })
  })

  it('finds no score that lowers it when the round leaving the latest 20 is the best', () => {
    // The oldest of 20 is −10.0, the others 10.0, and the 20th is over a year after the 19th, so
    // no cap: (−10.0 + 7 × 10.0) / 8 = 7.5. On a tee rated 20.0 / 155 the best gross, 18, is
    // 113 × −2.0 / 155 = −1.46 → −1.5, exceptional (7.5 − −1.5 = 9.0: 1.0 off all 20):
    // (−2.5 + 7 × 9.0) / 8 = 7.5625 → 7.6. Nothing lowers or holds it.
    const record = [
      round('best', '2023-01-01', 62),
      ...Array.from({ length: 18 }, (_, at) =>
        round(`r${at}`, `2023-02-${String(at + 1).padStart(2, '0')}`, 82),
      ),
      round('last', '2025-01-10', 82),
    ].reverse()
    const state = targetState(record, scoreRecord(record, 'whs'), 'whs')
    expect(state.indexTenths).toBe(75)
    const low: TargetTee = { courseRating: 20.0, slopeRating: 155, par: 72, holes: 18 }
    const scores = targetScores(record, low, 'whs', '2025-06-01')
    expect(scores).toEqual({ index: 7.5, lower: null, hold: null })
    expect(targetOutlook(state, low, scores)).toEqual({
      kind: 'none-lowers',
      index: 7.5,
      hold: null,
      leavingCounts: true,
    })
    expect(explainTarget(state, low, scores, '2025-06-01', identity)).toEqual([
      'Your estimate uses your latest 20 rounds: a new one pushes out the oldest, from 2023-01-01, differential +10.0, one of your best 8.',
      'No score here gives a differential low enough to lower your WHS estimate today.',
    ])
  })

  it('holds at 54.0, the highest estimate', () => {
    // Three of 78.0: the estimate is 76.0 capped to 54.0; a fourth: min(78.0, d) − 1.0 < 54.0
    // needs d ≤ 54.9: 126 (54.0 → 53.0). Every score holds 54.0. The spec's 76.0 has no cap:
    // d ≤ 76.9, 148; 149 (77.0 → 76.0) holds.
    const high = [
      round('h1', day(1), 150),
      round('h2', day(2), 150),
      round('h3', day(3), 150),
    ].reverse()
    expect(targetScores(high, plain, 'whs', day(9))).toEqual({ index: 54, lower: 126, hold: 200 })
    expect(targetScores(high, plain, 'spec', day(9))).toEqual({ index: 76, lower: 148, hold: 149 })
  })

  it('never throws: a day before the last round, a tee no round could have', () => {
    // The candidate is played after the record's last round when today is earlier.
    expect(targetScores(three, plain, 'whs', '2025-01-01')).toEqual({
      index: 6,
      lower: 78,
      hold: 79,
    })
    const broken = { courseRating: 72.05, slopeRating: 0, par: 72, holes: 18 } as const
    expect(targetScores(three, broken, 'spec', day(9))).toEqual({
      index: 6,
      lower: null,
      hold: null,
    })
    expect(targetScores(three, plain, 'whs', 'not a day')).toEqual({
      index: 6,
      lower: null,
      hold: null,
    })
  })

  it('agrees with scoring the whole record again for every gross (the search is safe)', () => {
    // Every other record has a starting index; the oracle scores the record plus the candidate
    // from scratch for each G.
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const tees: TargetTee[] = [
      plain,
      nineTee,
      { courseRating: 68.4, slopeRating: 141, par: 71, holes: 18 },
    ]
    for (let trial = 0; trial < 16; trial++) {
      const starting = trial % 2 === 0 ? null : Math.round(random() * 300 - 50) / 10
      const length = trial % 2 === 0 ? 3 + Math.floor(random() * 30) : Math.floor(random() * 6)
      const oldestFirst: RecordRound[] = []
      for (let at = 0; at < length; at++) {
        const nine = random() < 0.2
        const playedOn = `2025-${String(1 + Math.floor(at / 28)).padStart(2, '0')}-${String(1 + (at % 28)).padStart(2, '0')}`
        oldestFirst.push(
          nine
            ? round(`t${at}`, playedOn, 36 + Math.floor(random() * 20), 35.5, 120, 9)
            : round(`t${at}`, playedOn, 62 + Math.floor(random() * 50), 71.3, 128),
        )
      }
      const record = [...oldestFirst].reverse()
      for (const source of ['spec', 'whs'] as const) {
        for (const tee of tees) {
          const today = '2025-12-01'
          const before = scoreRecord(record, source, starting)
          const now = (source === 'whs' ? before.whs.index : before.index) ?? starting
          const { least, most } = scoreRange(tee.holes)
          let lower: number | null = null
          let hold: number | null = null
          for (let gross = least; gross <= most; gross++) {
            const after = scoreRecord(
              [{ id: 'x', playedOn: today, ...tee, score: gross }, ...record],
              source,
              starting,
            )
            const index = (source === 'whs' ? after.whs.index : after.index) ?? starting
            if (now === null || index === null) continue
            if (index < now) lower = gross
            if (index <= now) hold = gross
          }
          const expected =
            now === null ? { index: null, lower: null, hold: null } : { index: now, lower, hold }
          expect(targetScores(record, tee, source, today, starting)).toEqual(expected)
        }
      }
    }
  })
})

describe('with a starting index (the federation’s), until the record has an index', () => {
  // The first two of `three`: 13.0 and 18.0. A third entry makes the first index,
  // min(13.0, d) − 2.0, for both numbers (no index before it, so no exceptional score).
  const two = three.slice(1)

  it('measures the round that makes the first index against it', () => {
    // Below 5.0 needs min(13.0, d) < 7.0: d ≤ 6.9, 78; 79 (7.0) makes 5.0, which holds it.
    for (const source of ['spec', 'whs'] as const) {
      expect(targetScores(two, plain, source, day(9), 5.0)).toEqual({
        index: 5,
        lower: 78,
        hold: 79,
      })
    }
    // At 12.4 any score lowers it: the first index is at most 13.0 − 2.0 = 11.0.
    const scores = targetScores(two, plain, 'spec', day(9), 12.4)
    expect(scores).toEqual({ index: 12.4, lower: 200, hold: 200 })
    const state = targetState(two, scoreRecord(two, 'spec', 12.4), 'spec', 12.4)
    expect(targetOutlook(state, plain, scores)).toEqual({ kind: 'any-score-lowers', index: 12.4 })
    expect(explainTarget(state, plain, scores, day(9), identity)).toEqual([
      'This round would make your first HCP, from 3 rounds: it is measured against your starting index (12.4).',
      'Any score here lowers it: even 200 gives a differential of 128.0.',
    ])
  })

  it('holds whatever the score while the round cannot make a first index', () => {
    const one = three.slice(2)
    const scores = targetScores(one, plain, 'whs', day(9), 12.4)
    expect(scores).toEqual({ index: 12.4, lower: null, hold: 200 })
    expect(targetScores([], plain, 'spec', day(9), 12.4)).toEqual(scores)
    const state = targetState(one, scoreRecord(one, 'whs', 12.4), 'whs', 12.4)
    expect(targetOutlook(state, plain, scores)).toEqual({
      kind: 'starting-index-holds',
      index: 12.4,
      counts: true,
    })
    expect(explainTarget(state, plain, scores, day(9), identity)).toEqual([
      'Your first WHS estimate comes from 3 rounds; you have 1.',
      'Until then your starting index (12.4) is the one in effect, whatever you score.',
    ])
    // A lone nine after two rounds waits: still two entries, the starting index holds.
    const nine = targetScores(two, nineTee, 'spec', day(9), 12.4)
    expect(nine).toEqual({ index: 12.4, lower: null, hold: 100 })
    const twoState = targetState(two, scoreRecord(two, 'spec', 12.4), 'spec', 12.4)
    expect(targetOutlook(twoState, nineTee, nine)).toEqual({
      kind: 'starting-index-holds',
      index: 12.4,
      counts: false,
    })
  })

  it('is set aside once the record has its own index', () => {
    expect(targetScores(three, plain, 'spec', day(9), 20.0)).toEqual({
      index: 6,
      lower: 78,
      hold: 79,
    })
  })
})

describe('explainTarget', () => {
  const explainSoftCapped = (source: 'spec' | 'whs') =>
    explainTarget(
      targetState(softCapped, scoreRecord(softCapped, source), source),
      plain,
      targetScores(softCapped, plain, source, '2025-06-01'),
      '2025-06-01',
      identity,
    )

  it('names the round leaving the latest 20, the one replaced, and the differential needed', () => {
    expect(explainSoftCapped('whs')).toEqual([
      'Your estimate uses your latest 20 rounds: a new one pushes out the oldest, from 2025-03-01, differential 5.0, one of your best 8.',
      'It would count in the place of that oldest round.',
      'It needs a differential of 4.3 or lower: a score of 76 or better here.',
    ])
  })

  it('for the spec, names the highest counting round the new one replaces', () => {
    // The 8 counting: the three 5.0s and the five latest 10.0s (20–16 March); 81 (9.0) replaces
    // the oldest of those five, 16 March.
    expect(explainSoftCapped('spec')).toEqual([
      'Your HCP uses every round: the new one joins your 20.',
      'It would take the place of a counting round: 2025-03-16, differential 10.0.',
      'It needs a differential of 9.3 or lower: a score of 81 or better here.',
    ])
  })

  it('before a first index, and for a nine that waits', () => {
    const state = targetState(three.slice(0, 2), scoreRecord(three.slice(0, 2)), 'spec')
    const none = { index: null, lower: null, hold: null }
    expect(explainTarget(state, plain, none, day(9), identity)).toEqual([
      'Your first HCP comes from 3 rounds; you have 2.',
    ])
    const full = targetState(three, scoreRecord(three), 'spec')
    expect(
      explainTarget(full, nineTee, { index: 6, lower: null, hold: 100 }, day(9), identity),
    ).toEqual([
      'A lone nine waits for another nine before it counts, so it cannot move the number today.',
    ])
  })

  it('names the differentials the estimate uses: less an exceptional score’s reduction', () => {
    // 70.0 / 113, so d = G − 70. Five 90s (20.0) on 1–5 June, then a 79 (9.0) on 12 June: 11.0
    // under the 20.0 in effect, exceptional, 2.0 off all six. The estimate uses 18.0 five times
    // and 7.0: (7.0 + 18.0) / 2 − 1.0 = 11.5. A 7th entry: (7.0 + d) / 2 < 11.5 needs d ≤ 15.8,
    // 85 (15.0 → 11.0). It takes the place of the latest 18.0 that counts, 5 June: 18.0 as the
    // estimate uses it, 20.0 as played.
    const tee: TargetTee = { courseRating: 70.0, slopeRating: 113, par: 72, holes: 18 }
    const record = [
      ...[1, 2, 3, 4, 5].map((at) => round(`n${at}`, `2025-06-0${at}`, 90, 70.0, 113)),
      round('x', '2025-06-12', 79, 70.0, 113),
    ].reverse()
    const state = targetState(record, scoreRecord(record, 'whs'), 'whs')
    const scores = targetScores(record, tee, 'whs', '2025-06-20')
    expect(scores).toEqual({ index: 11.5, lower: 85, hold: 86 })
    expect(explainTarget(state, tee, scores, '2025-06-20', identity)).toEqual([
      'It would take the place of a counting round: 2025-06-05, differential 18.0 (20.0 less 2.0 for exceptional scores).',
      'It needs a differential of 15.8 or lower: a score of 85 or better here.',
    ])
  })

  it('with a waiting nine, the pair’s differential', () => {
    const waiting = [round('n', day(4), 40, 36.0, 113, 9), ...three]
    const state = targetState(waiting, scoreRecord(waiting), 'spec')
    const scores = targetScores(waiting, nineTee, 'spec', day(9))
    expect(explainTarget(state, nineTee, scores, day(9), identity)).toEqual([
      'Your HCP uses every round: the new one joins your 3.',
      'It would take the place of a counting round: 2025-03-03, differential 8.0.',
      'It needs a differential of 6.9 or lower with your waiting nine: a score of 38 or better here.',
    ])
  })
})

describe('"Why?" checked against the engine', () => {
  /** The chosen index, in tenths, that scoring the whole record gives. */
  const indexTenths = (newestFirst: RecordRound[], source: 'spec' | 'whs') => {
    const scored = scoreRecord(newestFirst, source)
    const index = source === 'whs' ? scored.whs.index : scored.index
    return index === null ? null : Math.round(index * 10)
  }
  /** A round whose differential is exactly `tenths` (slope 113, so it is score − rating). */
  const withDifferential = (tenths: number, playedOn: string) =>
    round('candidate', playedOn, 100, (1000 - tenths) / 10)
  /** The differential of a round of `score` on the tee, in tenths, as the engine scores it. */
  const differentialOf = (tee: TargetTee, score: number) =>
    differentialTenths({ score, courseRating: tee.courseRating, slopeRating: tee.slopeRating })

  it('states the largest differential that lowers the index, and a score that reaches it, on seeded records', () => {
    const random = seededRandom(20261128)
    const between = (least: number, most: number) =>
      least + Math.floor(random() * (most - least + 1))
    let checked = 0
    for (let record = 0; record < 150; record++) {
      const source = random() < 0.5 ? 'spec' : 'whs'
      const count = between(3, 26)
      const oldestFirst = Array.from({ length: count }, (_, at) => {
        const rating = between(650, 760) / 10
        const playedOn = `2024-${String(1 + Math.floor(at / 28)).padStart(2, '0')}-${String(1 + (at % 28)).padStart(2, '0')}`
        return round(
          `r${at}`,
          playedOn,
          Math.round(rating) + between(-6, 30),
          rating,
          between(95, 150),
        )
      })
      const newestFirst = oldestFirst.reverse()
      const tee: TargetTee = {
        courseRating: between(660, 750) / 10,
        slopeRating: between(100, 150),
        par: 72,
        holes: 18,
      }
      const today = '2025-06-01'
      const state = targetState(newestFirst, scoreRecord(newestFirst, source), source)
      const scores = targetScores(newestFirst, tee, source, today)
      const lines = explainTarget(state, tee, scores, today, identity)
      const stated = lines
        .map((line) =>
          /^It needs a differential of (\+?)(\d+\.\d) or lower: a score of (\d+) or better here\.$/.exec(
            line,
          ),
        )
        .find((match) => match !== null)
      if (!stated) continue
      const threshold = Math.round(Number(stated[2]) * 10) * (stated[1] === '+' ? -1 : 1)
      const score = Number(stated[3])
      const now = indexTenths(newestFirst, source) as number
      const after = (tenths: number) =>
        indexTenths([withDifferential(tenths, today), ...newestFirst], source) as number
      const context = `record ${record} (${source}): ${lines.join(' | ')}`
      expect(after(threshold), context).toBeLessThan(now)
      expect(after(threshold + 1), context).toBeGreaterThanOrEqual(now)
      // The score named reaches it, and one more does not.
      expect(differentialOf(tee, score), context).toBeLessThanOrEqual(threshold)
      expect(differentialOf(tee, score + 1), context).toBeGreaterThan(threshold)
      expect(
        indexTenths(
          [round('named', today, score, tee.courseRating, tee.slopeRating), ...newestFirst],
          source,
        ),
        context,
      ).toBeLessThan(now)
      checked++
    }
    // Most seeded records have a number to beat; each of them was checked.
    expect(checked).toBeGreaterThan(50)
  })
})
