import { describe, expect, it } from 'vitest'
import {
  differentialsUsed,
  formatHandicapIndex,
  handicapIndex,
  scoreDifferential,
  type ScoredRound,
} from './handicap-index'

/** A round whose differential is exactly `tenths / 10`: on slope 113 the differential is score − rating. */
const roundWithDifferential = (tenths: number): ScoredRound => ({
  score: 100,
  courseRating: (1000 - tenths) / 10,
  slopeRating: 113,
})

const rounds = (...differentials: number[]) =>
  differentials.map((d) => roundWithDifferential(Math.round(d * 10)))

/** Exact rational reference: differentials as fractions, rounding by comparing integers. */
function referenceIndex(input: readonly ScoredRound[]): number | null {
  const n = input.length
  const table: [number, number, number][] = [
    [3, 1, -20],
    [4, 1, -10],
    [5, 1, 0],
    [6, 2, -10],
    [8, 2, 0],
    [11, 3, 0],
    [14, 4, 0],
    [16, 5, 0],
    [18, 6, 0],
    [19, 7, 0],
  ]
  if (n < 3) return null
  const [, k, adjust] = table.find(([max]) => n <= max) ?? [Infinity, 8, 0]
  const tenths = input
    .map(({ score, courseRating, slopeRating }) => {
      const num = 113n * (10n * BigInt(score) - BigInt(Math.round(courseRating * 10)))
      const den = BigInt(slopeRating)
      // Half up: the smallest integer t with t ≥ num/den − ½, i.e. floor((2num + den) / 2den).
      const twice = 2n * num + den
      const q = twice / (2n * den)
      return Number(twice < 0n && twice % (2n * den) !== 0n ? q - 1n : q)
    })
    .sort((a, b) => a - b)
    .slice(0, k)
  const sum = BigInt(tenths.reduce((s, t) => s + t, 0))
  const twice = 2n * sum + BigInt(k)
  const q = twice / (2n * BigInt(k))
  const mean = Number(twice < 0n && twice % (2n * BigInt(k)) !== 0n ? q - 1n : q)
  return (mean + adjust) / 10 + 0
}

function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

describe('scoreDifferential', () => {
  it('is 113 / slope × (score − course rating) to the nearest tenth', () => {
    expect(scoreDifferential({ score: 90, courseRating: 72.1, slopeRating: 132 })).toBe(15.3)
    expect(scoreDifferential({ score: 72, courseRating: 72.0, slopeRating: 113 })).toBe(0)
  })

  it('rounds an exact tie of a half tenth up, toward +∞', () => {
    // 113 / 226 × (score − rating) = (score − rating) / 2: 0.5 tenths ties.
    expect(scoreDifferential({ score: 80, courseRating: 79.9, slopeRating: 226 - 71 })).toBe(0.1)
    expect(scoreDifferential({ score: 73, courseRating: 72.9, slopeRating: 113 })).toBe(0.1)
    // 113 × 0.1 / 150 = 0.0753… → 0.1; 113 × −0.1 / 150 → −0.1
    expect(scoreDifferential({ score: 72, courseRating: 72.1, slopeRating: 150 })).toBe(-0.1)
  })

  it('gives negative differentials for scores below the course rating', () => {
    expect(scoreDifferential({ score: 68, courseRating: 72.0, slopeRating: 113 })).toBe(-4)
  })

  it('agrees with exact rational arithmetic on every half-tenth tie it can produce', () => {
    // slope 113·2/odd… simplest exhaustive check: every score/rating/slope on a grid.
    for (let slope = 55; slope <= 155; slope += 1) {
      for (let over = -300; over <= 1300; over += 37) {
        const round = { score: 100, courseRating: (1000 - over) / 10, slopeRating: slope }
        const exact = referenceIndex([round, round, round])
        expect(handicapIndex([round, round, round])).toBe(exact)
      }
    }
  })
})

describe('handicapIndex follows the table for every round count', () => {
  it('has no index below 3 rounds', () => {
    expect(handicapIndex([])).toBeNull()
    expect(handicapIndex(rounds(10))).toBeNull()
    expect(handicapIndex(rounds(10, 12))).toBeNull()
  })

  const expectations: [number, number, number][] = [
    // n, differentials used, adjustment (tenths)
    [3, 1, 20],
    [4, 1, 10],
    [5, 1, 0],
    [6, 2, 10],
    [7, 2, 0],
    [8, 2, 0],
    [9, 3, 0],
    [10, 3, 0],
    [11, 3, 0],
    [12, 4, 0],
    [13, 4, 0],
    [14, 4, 0],
    [15, 5, 0],
    [16, 5, 0],
    [17, 6, 0],
    [18, 6, 0],
    [19, 7, 0],
    [20, 8, 0],
    [21, 8, 0],
    [22, 8, 0],
    [23, 8, 0],
    [24, 8, 0],
    [25, 8, 0],
    [40, 8, 0],
    [100, 8, 0],
  ]

  for (const [n, used, adjustment] of expectations) {
    it(`with ${n} rounds averages the lowest ${used} and subtracts ${adjustment / 10}`, () => {
      expect(differentialsUsed(n)).toEqual({ count: used, adjustmentTenths: adjustment })
      // Differentials n.0 down to 1.0: the lowest `used` are 1…used, given last.
      const differentials = Array.from({ length: n }, (_, i) => n - i)
      const mean = (used + 1) / 2
      const expected = Math.floor(mean * 10 + 0.5) / 10 - adjustment / 10
      expect(handicapIndex(rounds(...differentials))).toBeCloseTo(expected, 10)
    })
  }

  it('counts all rounds, with no window of the latest 20', () => {
    const old = rounds(...Array.from({ length: 8 }, () => 1))
    const recent = rounds(...Array.from({ length: 30 }, () => 20))
    expect(handicapIndex([...old, ...recent])).toBe(1)
  })

  it('does not depend on the order of the rounds', () => {
    const some = rounds(12.3, 8.1, 15.5, 9.9, 11.0, 7.4, 20.2)
    expect(handicapIndex([...some].reverse())).toBe(handicapIndex(some))
  })
})

describe('handicapIndex rounds the mean exactly, ties toward +∞', () => {
  it('gives 7.5 for a mean of 7.45', () => {
    expect(handicapIndex(rounds(7.4, 7.5, 30, 30, 30, 30, 30))).toBe(7.5)
  })

  it('gives 10.2 for (10.1 + 10.2) / 2, which binary floating point gets wrong', () => {
    expect((10.1 + 10.2) / 2).toBeLessThan(10.15)
    expect(handicapIndex(rounds(10.1, 10.2, 40, 40, 40, 40, 40))).toBe(10.2)
  })

  it('gives −1.5 for a mean of −1.55 and 5.7 for 5.65', () => {
    expect(handicapIndex(rounds(-1.5, -1.6, 30, 30, 30, 30, 30))).toBe(-1.5)
    expect(handicapIndex(rounds(5.6, 5.7, 30, 30, 30, 30, 30))).toBe(5.7)
  })

  it('rounds means of 3 and more at every tenth step', () => {
    for (let base = -50; base <= 50; base++) {
      // Three differentials summing to 3·base + 1 or + 2 tenths: thirds never tie.
      const d = [base, base, base + 1].map((t) => t / 10)
      const more = Array.from({ length: 6 }, () => 60)
      expect(handicapIndex(rounds(...d, ...more))).toBe(referenceIndex(rounds(...d, ...more)))
    }
  })

  it('agrees with exact rational arithmetic on thousands of random round sets', () => {
    const random = seededRandom(20261122)
    for (let trial = 0; trial < 3000; trial++) {
      const n = Math.floor(random() * 30)
      const set = Array.from({ length: n }, () => ({
        score: 18 + Math.floor(random() * 183),
        courseRating: (200 + Math.floor(random() * 701)) / 10,
        slopeRating: 55 + Math.floor(random() * 101),
      }))
      expect(handicapIndex(set)).toBe(referenceIndex(set))
    }
  })
})

describe('plus handicaps', () => {
  it('computes negative indexes', () => {
    expect(handicapIndex(rounds(-4, -3, -2))).toBe(-6)
  })
})

describe('formatHandicapIndex', () => {
  it('shows one decimal', () => {
    expect(formatHandicapIndex(12)).toBe('12.0')
    expect(formatHandicapIndex(7.5)).toBe('7.5')
    expect(formatHandicapIndex(0)).toBe('0.0')
  })

  it('shows a negative index as + and its absolute value', () => {
    expect(formatHandicapIndex(-1.2)).toBe('+1.2')
    expect(formatHandicapIndex(-6)).toBe('+6.0')
  })

  it('never shows −0 as a plus handicap', () => {
    expect(formatHandicapIndex(-0)).toBe('0.0')
  })
})
