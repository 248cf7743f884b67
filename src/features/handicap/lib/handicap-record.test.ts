// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { seededRandom } from '@/testing/seeded-random'
import {
  countingRounds,
  courseHandicap,
  formatCourseHandicap,
  handicapHistory,
  handicapIndex,
  type ScoredRound,
} from './handicap-index'

/** On a slope of 113 the differential is exactly score − rating, so any tenth can be built. */
function roundWithDifferential(differential: number): ScoredRound {
  const tenths = Math.round(differential * 10)
  return { score: 100, courseRating: (1000 - tenths) / 10, slopeRating: 113 }
}

const roundsWith = (...differentials: number[]) => differentials.map(roundWithDifferential)

describe('countingRounds', () => {
  it('marks nothing below 3 rounds', () => {
    expect(countingRounds([])).toEqual([])
    expect(countingRounds(roundsWith(1))).toEqual([false])
    expect(countingRounds(roundsWith(1, 2))).toEqual([false, false])
  })

  it('marks the lowest differential of 3 rounds, in input order', () => {
    expect(countingRounds(roundsWith(5, 3, 4))).toEqual([false, true, false])
  })

  it('marks as many rounds as the table averages, for 0 to 25 rounds', () => {
    const expected = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 8, 8, 8, 8, 8]
    const random = seededRandom(11)
    expected.forEach((count, n) => {
      const rounds = Array.from({ length: n }, () =>
        roundWithDifferential(Math.floor(random() * 400) / 10 - 5),
      )
      expect(countingRounds(rounds).filter(Boolean)).toHaveLength(count)
    })
  })

  it('on a tie at the cut-off, the rounds earlier in the input count', () => {
    // 9 rounds average the lowest 3: 5.0, then two of the three 6.0s — the first two listed.
    expect(countingRounds(roundsWith(7, 5, 6, 6, 6, 9, 9, 9, 9))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(countingRounds(roundsWith(8, 8, 8, 8, 8, 8, 8, 8, 8, 8))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('same-day rounds with equal differentials: the one listed first (the later id) counts', () => {
    const newestFirst = [
      { score: 90, courseRating: 72.0, slopeRating: 113 }, // same day, later id: 18.0
      { score: 90, courseRating: 72.0, slopeRating: 113 }, // same day, earlier id: 18.0
      { score: 95, courseRating: 72.0, slopeRating: 113 }, // 23.0
    ]
    expect(countingRounds(newestFirst)).toEqual([true, false, false])
  })

  it('plus handicaps: negative differentials are the lowest', () => {
    expect(countingRounds(roundsWith(-1.2, 0.4, -3.1, 2.2, 1.1, -0.6))).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
    ])
  })
})

describe('handicapHistory', () => {
  it('is null until the third round, then the index after each round', () => {
    // 3: 8.0 − 2.0; 4: 8.0 − 1.0; 5: 8.0; 6: mean(7.0, 8.0) = 7.5 − 1.0; 7: mean(7.0, 8.0) = 7.5
    expect(handicapHistory(roundsWith(10, 12, 8, 9, 11, 7, 13))).toEqual([
      null,
      null,
      6,
      7,
      8,
      6.5,
      7.5,
    ])
  })

  it('rounds half tenths up, plus indexes included', () => {
    // 6 rounds: mean(−1.2, −1.1) = −1.15 → −1.1, minus 1.0 → −2.1
    expect(handicapHistory(roundsWith(3, -1.2, 4, -1.1, 5, 6)).at(-1)).toBe(-2.1)
  })

  it('agrees with handicapIndex of every prefix, 0 to 25 rounds', () => {
    const random = seededRandom(2024)
    for (let set = 0; set < 200; set++) {
      const n = set % 26
      const rounds = Array.from({ length: n }, () =>
        roundWithDifferential(Math.floor(random() * 300) / 10 - 6),
      )
      expect(handicapHistory(rounds)).toEqual(
        rounds.map((_, i) => handicapIndex(rounds.slice(0, i + 1))),
      )
    }
  })
})

describe('courseHandicap', () => {
  it('is index × slope / 113 + (rating − par), to the nearest whole number', () => {
    // 10.0 × 130 / 113 = 11.504…, + 0.3 = 11.80… → 12
    expect(courseHandicap(10, { courseRating: 72.3, slopeRating: 130, par: 72 })).toBe(12)
    // 15.3 × 113 / 113 + (70.1 − 72) = 13.4 → 13
    expect(courseHandicap(15.3, { courseRating: 70.1, slopeRating: 113, par: 72 })).toBe(13)
  })

  it('rounds exact halves toward +∞', () => {
    expect(courseHandicap(0, { courseRating: 74.5, slopeRating: 113, par: 72 })).toBe(3)
    expect(courseHandicap(0, { courseRating: 69.5, slopeRating: 113, par: 72 })).toBe(-2)
    // 1.3 × 113 / 113 + (71.2 − 72) = 0.5 → 1, with no float error from 1.3 × 113 / 113
    expect(courseHandicap(1.3, { courseRating: 71.2, slopeRating: 113, par: 72 })).toBe(1)
  })

  it('gives a plus golfer a plus course handicap', () => {
    // −2.0 + (70.0 − 72) = −4
    expect(courseHandicap(-2, { courseRating: 70, slopeRating: 113, par: 72 })).toBe(-4)
    expect(formatCourseHandicap(-4)).toBe('+4')
    expect(formatCourseHandicap(0)).toBe('0')
    expect(formatCourseHandicap(17)).toBe('17')
  })

  it('refuses an index that is not a whole number of tenths', () => {
    expect(() => courseHandicap(10.05, { courseRating: 72, slopeRating: 113, par: 72 })).toThrow(
      RangeError,
    )
  })
})
