// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { explainWhs } from './explain-whs'
import { whsRecord, type WhsInputRound } from './whs-index'

/** On a slope of 113 the differential is exactly score − rating, so any tenth can be built. */
function played(playedOn: string, differential: number): WhsInputRound {
  const tenths = Math.round(differential * 10)
  return { playedOn, score: 100, courseRating: (1000 - tenths) / 10, slopeRating: 113 }
}

const many = (count: number, playedOn: string, differential: number) =>
  Array.from({ length: count }, () => played(playedOn, differential))

const column = <K extends keyof ReturnType<typeof whsRecord>['rounds'][number]>(
  rounds: readonly WhsInputRound[],
  key: K,
) => whsRecord(rounds).rounds.map((round) => round[key])

/** Day 1: 8 × `low` and 12 × 50.0 (no earlier day, so no low index); day 2: 8 × `calculated`, so
 * the latest 20 average `calculated` and day 2's low index is `low`. */
const slump = (low: number, calculated: number) => [
  ...many(8, '2025-03-01', low),
  ...many(12, '2025-03-01', 50),
  ...many(8, '2025-03-02', calculated),
]

describe('whsRecord', () => {
  it('has nothing to say of no rounds', () => {
    expect(whsRecord([])).toEqual({ rounds: [], index: null, lowIndex: null, cap: 'none' })
  })

  it('gives no estimate, reduction or counting round below 3 rounds', () => {
    // No index was in effect on day 2, so the 10.0 is not exceptional.
    const record = whsRecord([played('2025-01-01', 30), played('2025-01-02', 10)])
    expect(record).toEqual({
      rounds: [
        {
          differential: 30,
          adjustedDifferential: 30,
          exceptionalReduction: 0,
          indexAfter: null,
          counts: false,
        },
        {
          differential: 10,
          adjustedDifferential: 10,
          exceptionalReduction: 0,
          indexAfter: null,
          counts: false,
        },
      ],
      index: null,
      lowIndex: null,
      cap: 'none',
    })
  })

  it("uses the app's differential: 113 / slope × (score − rating), ties toward +∞", () => {
    // 113 / 132 × (85 − 75.1) = 8.475 → 8.5; 113 / 125 × (94 − 73.0) = 18.984 → 19.0;
    // 113 / 113 × (72 − 73.5) = −1.5 exactly; 113 / 130 × (70 − 71.8) = −1.5646 → −1.6.
    const rounds = [
      { playedOn: '2025-01-01', score: 85, courseRating: 75.1, slopeRating: 132 },
      { playedOn: '2025-01-01', score: 94, courseRating: 73.0, slopeRating: 125 },
      { playedOn: '2025-01-01', score: 72, courseRating: 73.5, slopeRating: 113 },
      { playedOn: '2025-01-01', score: 70, courseRating: 71.8, slopeRating: 130 },
    ]
    expect(column(rounds, 'differential')).toEqual([8.5, 19, -1.5, -1.6])
  })

  it("follows the spec's table on the latest rounds, the mean to the nearest tenth", () => {
    // 3: lowest 15.2 − 2.0 = 13.2 (the federation's worked example); 4: 15.2 − 1.0 = 14.2;
    // 5: 15.2; 6: (15.2 + 15.3) / 2 − 1.0 = 15.25 − 1.0 → 14.3 (15.25 rounds up).
    const rounds = [15.3, 15.2, 16.6, 17.0, 18.1, 15.3].map((d) => played('2025-01-01', d))
    expect(column(rounds, 'indexAfter')).toEqual([null, null, 13.2, 14.2, 15.2, 14.3])
  })

  it('makes the estimate from the most recent 20 rounds only', () => {
    // Day 1 (no index in effect, so nothing is exceptional): 3.0 and then 20 rounds of 30.0.
    const rounds = [played('2025-01-01', 3), ...many(20, '2025-01-01', 30)]
    const indexes = column(rounds, 'indexAfter')
    // After 20 rounds (the 3.0 and 19 × 30.0): (3 + 7 × 30) / 8 = 213 / 8 = 26.625 → 26.6.
    expect(indexes[19]).toBe(26.6)
    // After 21: the 3.0 is the 21st most recent and no longer counts: 30.0.
    expect(indexes[20]).toBe(30)
    expect(column(rounds, 'counts')[0]).toBe(false)
  })

  it('uses the index from before the day for every round of a day (Rule 5.4)', () => {
    // Day 1: 5 × 20.0 (index 18.0, 19.0, 20.0), then 10.0: 10.0 below the running 20.0, but no
    // index was in effect on day 1, so nothing is exceptional. After 6: (10 + 20) / 2 − 1 = 14.0.
    const sameDay = [...many(5, '2025-01-01', 20), played('2025-01-01', 10)]
    expect(column(sameDay, 'exceptionalReduction')).toEqual([0, 0, 0, 0, 0, 0])
    expect(column(sameDay, 'indexAfter')).toEqual([null, null, 18, 19, 20, 14])
    // The same 10.0 on the next day is played off 20.0: 10.0 below it takes 2.0 off.
    const nextDay = [...many(5, '2025-01-01', 20), played('2025-01-02', 10)]
    expect(column(nextDay, 'exceptionalReduction')).toEqual([0, 0, 0, 0, 0, 2])
  })

  it('plays off the end-of-day estimate of the latest earlier day, however long ago', () => {
    // Day 1: 3 × 20.0 → 18.0, then 20.0 → 19.0 (4 rounds: lowest − 1.0). A year later, 12.0 is
    // 19.0 − 12.0 = 7.0 below the end-of-day 19.0 (it would be only 6.0 below 18.0): 1.0 off.
    const rounds = [...many(4, '2025-01-01', 20), played('2026-06-01', 12)]
    expect(column(rounds, 'exceptionalReduction')).toEqual([0, 0, 0, 0, 1])
  })

  it('takes 2.0 off from 10.0 below, 1.0 from 7.0 to 9.9 below, nothing under 7.0', () => {
    // Day 1: 5 × 20.0 → 20.0 in effect on day 2.
    const after = (differential: number) =>
      column(
        [...many(5, '2025-01-01', 20), played('2025-01-02', differential)],
        'exceptionalReduction',
      )[5]
    expect(after(9.9)).toBe(2) // 10.1 below
    expect(after(10)).toBe(2) // 10.0 below
    expect(after(10.1)).toBe(1) // 9.9 below
    expect(after(13)).toBe(1) // 7.0 below
    expect(after(13.1)).toBe(0) // 6.9 below
  })

  it('takes a reduction off the exceptional round and those before it, and reductions add up', () => {
    // Day 1: 5 × 20.0 → 20.0. Day 2: 10.0 is 10.0 below 20.0 → 2.0 off all 6 differentials:
    // 18.0 × 5 and 8.0; 6 rounds: (8.0 + 18.0) / 2 − 1.0 = 12.0.
    // Day 3: 5.0 is 7.0 below 12.0 → 1.0 more off all 7: 17.0 × 5, 10 − 3 = 7.0, 5 − 1 = 4.0;
    // 7 rounds: (4.0 + 7.0) / 2 = 5.5.
    const rounds = [...many(5, '2025-01-01', 20), played('2025-01-02', 10), played('2025-01-03', 5)]
    const record = whsRecord(rounds)
    expect(record.rounds.map((round) => round.exceptionalReduction)).toEqual([0, 0, 0, 0, 0, 2, 1])
    expect(record.rounds.map((round) => round.indexAfter)).toEqual([
      null,
      null,
      18,
      19,
      20,
      12,
      5.5,
    ])
    expect(record.rounds.map((round) => round.adjustedDifferential)).toEqual([
      17, 17, 17, 17, 17, 7, 4,
    ])
    // 7 rounds count their lowest 2, the 7.0 and the 4.0.
    expect(record.rounds.map((round) => round.counts)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ])
    expect(record.index).toBe(5.5)
  })

  it('lets a reduction fade as later rounds, which never carry it, push the covered ones out', () => {
    // Rounds 0–4: 20.0 on day 1 (→ 20.0). Round 5: 10.0 on day 2, 10.0 below → 2.0 off rounds
    // 0–5 (18.0 × 5, 8.0; estimate (8 + 18) / 2 − 1 = 12.0). Rounds 6–25: 20.0 on day 3, played
    // off 12.0, never exceptional. Day 3's low index: days 1 and 2 ended at 20.0 and 12.0 → 12.0.
    const rounds = [
      ...many(5, '2025-01-01', 20),
      played('2025-01-02', 10),
      ...many(20, '2025-01-03', 20),
    ]
    const record = whsRecord(rounds)
    const indexes = record.rounds.map((round) => round.indexAfter)
    // After round 6: 18.0 × 5, 8.0, 20.0 → (8 + 18) / 2 = 13.0 (7 rounds, lowest 2).
    expect(indexes[6]).toBe(13)
    // After round 19 (20 rounds): 8.0 + 5 × 18.0 + 2 × 20.0 = 138 / 8 = 17.25 → 17.3; 5.3 above
    // the low 12.0: 12.0 + 3.0 + 2.3 / 2 (1.15 → 1.2) = 16.2.
    expect(indexes[19]).toBe(16.2)
    // After round 24 (rounds 5–24): only round 5 of the covered ones is left, at 8.0:
    // (8 + 7 × 20) / 8 = 18.5; 6.5 above 12.0: 12.0 + 3.0 + 1.75 → 1.8 = 16.8.
    expect(indexes[24]).toBe(16.8)
    // After round 25 (rounds 6–25, all 20.0): the reduction is gone: 20.0, 8.0 above the low;
    // soft 12.0 + 3.0 + 2.5 = 17.5 exceeds 12.0 + 5.0, so the hard cap makes it 17.0.
    expect(record).toMatchObject({ index: 17, lowIndex: 12, cap: 'hard' })
    expect(record.rounds.slice(0, 7).map((round) => round.adjustedDifferential)).toEqual([
      18, 18, 18, 18, 18, 8, 20,
    ])
    // Twenty equal 20.0s: the 8 most recent count (rounds 18–25).
    expect(record.rounds.map((round) => round.counts).lastIndexOf(false)).toBe(17)
    expect(record.rounds.filter((round) => round.counts)).toHaveLength(8)
  })

  describe('caps (Rule 5.8), on the federations’ worked checks', () => {
    it('softens low 10.0, calculated 13.4 to 13.2', () => {
      // 3.4 above: 10.0 + 3.0 + 0.4 / 2 = 13.2.
      expect(whsRecord(slump(10, 13.4))).toMatchObject({ index: 13.2, lowIndex: 10, cap: 'soft' })
    })

    it('softens low 6.5, calculated 11.6 to 10.6', () => {
      // 5.1 above: 6.5 + 3.0 + 2.1 / 2 = 10.55 → 10.6.
      expect(whsRecord(slump(6.5, 11.6))).toMatchObject({ index: 10.6, lowIndex: 6.5, cap: 'soft' })
    })

    it('holds low 10.2, calculated 18.2 at 15.2 with the hard cap', () => {
      // 8.0 above: soft 10.2 + 3.0 + 4.0 = 17.2 exceeds 10.2 + 5.0 = 15.2.
      expect(whsRecord(slump(10.2, 18.2))).toMatchObject({
        index: 15.2,
        lowIndex: 10.2,
        cap: 'hard',
      })
    })

    it('softens low 14.8, calculated 19.7 to 18.8', () => {
      // 4.9 above: 14.8 + 3.0 + 1.9 / 2 = 18.75 → 18.8.
      expect(whsRecord(slump(14.8, 19.7))).toMatchObject({
        index: 18.8,
        lowIndex: 14.8,
        cap: 'soft',
      })
    })

    it('leaves a rise of 3.0 alone, and calls a 3.1 that halves back to 3.1 uncapped', () => {
      expect(whsRecord(slump(10, 13))).toMatchObject({ index: 13, lowIndex: 10, cap: 'none' })
      // 10.0 + 3.0 + 0.05 → 0.1 = 13.1: the soft cap lowered nothing.
      expect(whsRecord(slump(10, 13.1))).toMatchObject({ index: 13.1, lowIndex: 10, cap: 'none' })
      // A fall is never limited (5.0 is 5.0 below the 10.0 in effect: not exceptional either).
      expect(whsRecord(slump(10, 5))).toMatchObject({ index: 5, lowIndex: 10, cap: 'none' })
    })

    it('calls exactly low + 5.0 soft, and anything the halving leaves above it hard', () => {
      // 7.0 above: 10.0 + 3.0 + 2.0 = 15.0, not above 15.0.
      expect(whsRecord(slump(10, 17))).toMatchObject({ index: 15, cap: 'soft' })
      // 7.1 above: 10.0 + 3.0 + 2.05 → 2.1 = 15.1 > 15.0.
      expect(whsRecord(slump(10, 17.1))).toMatchObject({ index: 15, cap: 'hard' })
    })

    it('uses a plus handicap as the low index like any other', () => {
      // Low −2.0 (a +2.0), calculated 2.0: 4.0 above: −2.0 + 3.0 + 0.5 = 1.5.
      expect(whsRecord(slump(-2, 2))).toMatchObject({ index: 1.5, lowIndex: -2, cap: 'soft' })
    })
  })

  describe('low index (Rule 5.7)', () => {
    // Day A: 12 × 10.0 and 8 × 30.0 → 10.0, with no earlier day, so no low index and no cap.
    const dayA = (playedOn: string) => [...many(12, playedOn, 10), ...many(8, playedOn, 30)]

    it('has none before the record holds 20 rounds, nor when no earlier day has an estimate', () => {
      const record = whsRecord(dayA('2024-01-01'))
      expect(record).toMatchObject({ index: 10, lowIndex: null, cap: 'none' })
      // 19 rounds: an estimate, and no low index even with an earlier day.
      // Day 1: 7 × 10.0 (→ 10.0); day 2: 12 × 30.0; 19 rounds: lowest 7 = 10.0.
      const nineteen = whsRecord([...many(7, '2024-01-01', 10), ...many(12, '2024-01-02', 30)])
      expect(nineteen).toMatchObject({ index: 10, lowIndex: null, cap: 'none' })
    })

    it('skips days whose estimate is none', () => {
      // Day 1: 2 × 30.0 (no estimate). Day 2: 10 × 10.0, 8 × 30.0 → 20 rounds, lowest 8 = 10.0.
      // The only earlier day has none, and no index is in effect: no low index.
      const rounds = [
        ...many(2, '2025-01-01', 30),
        ...many(10, '2025-01-02', 10),
        ...many(8, '2025-01-02', 30),
      ]
      expect(whsRecord(rounds)).toMatchObject({ index: 10, lowIndex: null, cap: 'none' })
    })

    it('takes the lowest end-of-day estimate of the 365 days before the day played', () => {
      // Day B (2024-06-01): 12 × 16.0 → latest 20 are 8 × 30.0 and 12 × 16.0: 16.0, 6.0 above
      // day A's 10.0: 10.0 + 3.0 + 1.5 = 14.5 (soft).
      const dayB = many(12, '2024-06-01', 16)
      expect(whsRecord([...dayA('2024-01-01'), ...dayB])).toMatchObject({
        index: 14.5,
        lowIndex: 10,
        cap: 'soft',
      })
      // 2024-12-31 is 365 days after 2024-01-01 (a leap year): day A is still in the window.
      // One more 16.0: latest 20 are 7 × 30.0, 13 × 16.0 → 16.0, low 10.0 → 14.5.
      const lastDay = [...dayA('2024-01-01'), ...dayB, played('2024-12-31', 16)]
      expect(whsRecord(lastDay)).toMatchObject({ index: 14.5, lowIndex: 10, cap: 'soft' })
      // 2025-01-01 is 366 days after: day A has left; days B and 2024-12-31 ended at 14.5.
      // 16.0 is 1.5 above 14.5: no cap.
      const dayAfter = [...lastDay, played('2025-01-01', 16)]
      expect(whsRecord(dayAfter)).toMatchObject({ index: 16, lowIndex: 14.5, cap: 'none' })
    })

    it('falls back on the index in effect when the window holds no estimate', () => {
      // Day A 2020-01-01 ends at 10.0; two years later, 12 × 16.0: the window 2021-01-01 …
      // 2021-12-31 is empty, the index in effect is 10.0: 16.0 → 10.0 + 3.0 + 1.5 = 14.5.
      const rounds = [...dayA('2020-01-01'), ...many(12, '2022-01-01', 16)]
      expect(whsRecord(rounds)).toMatchObject({ index: 14.5, lowIndex: 10, cap: 'soft' })
    })

    it('does not count the estimates of earlier rounds of the same day', () => {
      // Day A ends at 10.0. Day 2: 8 × 4.0 (6.0 below 10.0: not exceptional) bring the estimate
      // down to 4.0 (latest 20: 4 × 10.0, 8 × 30.0, 8 × 4.0), then 20 × 20.0 bring it to 20.0.
      // The low index is day A's 10.0, not the 4.0 of earlier that day: 10.0 above, hard: 15.0.
      const rounds = [
        ...dayA('2025-01-01'),
        ...many(8, '2025-01-02', 4),
        ...many(20, '2025-01-02', 20),
      ]
      const record = whsRecord(rounds)
      expect(record.rounds[27]?.indexAfter).toBe(4)
      expect(record).toMatchObject({ index: 15, lowIndex: 10, cap: 'hard' })
    })
  })

  it('never goes above 54.0, and plays the next day off 54.0', () => {
    // 3 × 60.0 → 58.0, at most 54.0. Next day 46.0: 8.0 below 54.0 → 1.0 off (12.0 below 58.0
    // would have taken 2.0). 4 rounds: lowest 45.0 − 1.0 = 44.0.
    const rounds = [...many(3, '2025-01-01', 60), played('2025-01-02', 46)]
    expect(column(rounds, 'indexAfter')).toEqual([null, null, 54, 44])
    expect(column(rounds, 'exceptionalReduction')).toEqual([0, 0, 0, 1])
    // 20 rounds of 60.0: 60.0, at most 54.0.
    expect(whsRecord(many(20, '2025-01-01', 60)).index).toBe(54)
  })

  it('counts the lowest adjusted differentials, the more recent of equal ones', () => {
    // 5 rounds count their lowest 1: three tie at 12.0, the last of them counts.
    const rounds = [12, 14, 12, 12, 15].map((d) => played('2025-01-01', d))
    expect(column(rounds, 'counts')).toEqual([false, false, false, true, false])
  })

  it('takes the order within a day as given, and refuses a day earlier than the one before', () => {
    // 6 rounds: lowest 2 − 1.0. In this order round 5 is the 8.0, so after round 2 (3 rounds)
    // the index is 20.0 − 2.0 = 18.0; the other way round it is 8.0 − 2.0 = 6.0.
    const rounds = [20, 20, 20, 20, 20, 8].map((d) => played('2025-01-01', d))
    expect(column(rounds, 'indexAfter')[2]).toBe(18)
    expect(column([...rounds].reverse(), 'indexAfter')[2]).toBe(6)
    expect(() => whsRecord([played('2025-01-02', 10), played('2025-01-01', 10)])).toThrow(
      RangeError,
    )
    expect(() => whsRecord([played('2025-02-30', 10)])).toThrow(RangeError)
  })

  it('gives tenths, never binary fractions', () => {
    // (10.1 + 10.2) / 2 = 10.15 → 10.2 exactly, where float arithmetic gives 10.149999…
    const rounds = [10.1, 10.2, 30, 30, 30, 30, 30].map((d) => played('2025-01-01', d))
    expect(whsRecord(rounds).index).toBe(10.2)
  })
})

describe('explainWhs', () => {
  const dayFormat = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const day = (text: string) => dayFormat.format(new Date(`${text}T00:00:00Z`))

  it('says nothing without an estimate', () => {
    const rounds = many(2, '2025-01-01', 20)
    expect(explainWhs(rounds, whsRecord(rounds), day)).toEqual([])
  })

  it('says only that playing conditions are unknown when nothing else applies', () => {
    const rounds = many(3, '2025-01-01', 20)
    expect(explainWhs(rounds, whsRecord(rounds), day)).toEqual([
      'Playing conditions are not known here',
    ])
  })

  it('names the latest 20, an exceptional round still in them and a soft cap', () => {
    // 34 rounds: 8 × 10.0 and 12 × 50.0 on 2025-03-01 (→ 10.0), 8 × 13.4 on 2025-03-02, then on
    // 2025-06-12 one 3.0 (13.2 in effect, 10.2 below → 2.0 off it and the 19 before it) and 5 ×
    // 30.0. Latest 20 (rounds 14–33): 6 × 50.0, 8 × 13.4 − 2.0 = 11.4, 3.0 − 2.0 = 1.0, 5 × 30.0:
    // (1.0 + 7 × 11.4) / 8 = 80.8 / 8 = 10.1, below the low: no cap.
    const rounds = [...slump(10, 13.4), played('2025-06-12', 3), ...many(5, '2025-06-12', 30)]
    const record = whsRecord(rounds)
    expect(record).toMatchObject({ index: 10.1, cap: 'none' })
    expect(explainWhs(rounds, record, day)).toEqual([
      'Uses your latest 20 of 34 rounds',
      'An exceptional round on 12 Jun 2025 took 2.0 off 20 differentials',
      'Playing conditions are not known here',
    ])
  })

  it('says what a soft and a hard cap did, from the low index', () => {
    const soft = slump(8.1, 13.4)
    // 5.3 above 8.1: 8.1 + 3.0 + 1.15 → 1.2 = 12.3.
    expect(whsRecord(soft).index).toBe(12.3)
    expect(explainWhs(soft, whsRecord(soft), day)).toEqual([
      'Uses your latest 20 of 28 rounds',
      'Capped: your lowest index in the past year was 8.1, so the rise above 3.0 is halved',
      'Playing conditions are not known here',
    ])
    const hard = slump(-1.5, 18.2)
    expect(explainWhs(hard, whsRecord(hard), day)).toEqual([
      'Uses your latest 20 of 28 rounds',
      'Capped: your lowest index in the past year was +1.5, so it rises at most 5.0 above it',
      'Playing conditions are not known here',
    ])
  })

  it('counts the differentials an early exceptional round covered, and says 54.0 is the most', () => {
    // Day 1: 3 × 60.0 → 54.0; day 2: 40.0 is 14.0 below → 2.0 off its 4 differentials:
    // 58.0 × 3, 38.0 → 38.0 − 1.0 = 37.0.
    const rounds = [...many(3, '2025-01-01', 60), played('2025-01-02', 40)]
    expect(explainWhs(rounds, whsRecord(rounds), day)).toEqual([
      'An exceptional round on 2 Jan 2025 took 2.0 off 4 differentials',
      'Playing conditions are not known here',
    ])
    const top = many(3, '2025-01-01', 60)
    expect(explainWhs(top, whsRecord(top), day)).toEqual([
      '54.0 is the highest estimate there is',
      'Playing conditions are not known here',
    ])
  })
})
