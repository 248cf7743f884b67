// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { seededRandom } from '@/testing/seeded-random'
import {
  differentialsUsed,
  formatHandicapIndex,
  handicapIndex,
  scoreDifferential,
  type ScoredRound,
} from './handicap-index'

/** On a slope of 113 the differential is exactly score − rating, so any tenth can be built. */
function roundWithDifferential(differential: number): ScoredRound {
  const tenths = Math.round(differential * 10)
  return { score: 100, courseRating: (1000 - tenths) / 10, slopeRating: 113 }
}

const roundsWith = (...differentials: number[]) => differentials.map(roundWithDifferential)

const times = (count: number, value: number) => Array.from({ length: count }, () => value)

const isHalf = (numerator: number, denominator: number) =>
  (2 * numerator) % denominator === 0 && Math.abs((2 * numerator) / denominator) % 2 === 1

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/** Product spec §9: [rounds, differentials used, adjustment in tenths]. */
const SPEC_TABLE: readonly [number, number, number][] = [
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
]

/** An independent reference: the rating read from its decimal text, BigInt fractions, and rounding
 * by comparing the remainder with half the denominator. */
function referenceTenths(input: readonly ScoredRound[]): bigint | null {
  if (input.length < 3) return null
  const [, used, adjustment] = SPEC_TABLE.find(([n]) => n === Math.min(input.length, 20)) ?? []
  if (used === undefined || adjustment === undefined) throw new Error('table has a gap')
  const differentials = input
    .map(({ score, courseRating, slopeRating }) =>
      roundHalfUpExact(
        113n * (10n * BigInt(score) - decimalTenths(courseRating)),
        BigInt(slopeRating),
      ),
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const sum = differentials.slice(0, used).reduce((total, tenths) => total + tenths, 0n)
  return roundHalfUpExact(sum, BigInt(used)) - BigInt(adjustment)
}

function decimalTenths(rating: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d))?$/.exec(String(rating))
  if (!match) throw new Error(`not a one-decimal rating: ${rating}`)
  const magnitude = BigInt(match[2] as string) * 10n + BigInt(match[3] ?? '0')
  return match[1] ? -magnitude : magnitude
}

function roundHalfUpExact(p: bigint, q: bigint): bigint {
  let floor = p / q
  if (floor * q > p) floor -= 1n
  return 2n * (p - floor * q) >= q ? floor + 1n : floor
}

const reference = (input: readonly ScoredRound[]) => {
  const tenths = referenceTenths(input)
  return tenths === null ? null : Number(tenths) / 10 + 0
}

/** A round within the database's bounds whose exact differential is a tie at a half tenth:
 * on an even slope s, score − rating = m·s / 20 strokes with m odd gives 113·m / 2 tenths. */
function tieRound(random: () => number): ScoredRound {
  const slopeRating = 56 + 2 * Math.floor(random() * 50)
  const half = slopeRating / 2
  const lowestOdd = Math.ceil((-720 / half - 1) / 2)
  const highestOdd = Math.floor((1800 / half - 1) / 2)
  const overTenths =
    (2 * (lowestOdd + Math.floor(random() * (highestOdd - lowestOdd + 1))) + 1) * half
  return withOverTenths(overTenths, slopeRating)
}

/** 18–200 and 20.0–90.0, with 10 × (score − rating) = overTenths. */
function withOverTenths(overTenths: number, slopeRating: number): ScoredRound {
  const score = Math.max(18, Math.ceil((200 + overTenths) / 10))
  return { score, courseRating: (10 * score - overTenths) / 10, slopeRating }
}

function randomRound(random: () => number): ScoredRound {
  return {
    score: 18 + Math.floor(random() * 183),
    courseRating: (200 + Math.floor(random() * 701)) / 10,
    slopeRating: 55 + Math.floor(random() * 101),
  }
}

describe('scoreDifferential', () => {
  it('is 113 / slope × (score − course rating) to the nearest tenth', () => {
    // 113 / 132 × 17.9 = 15.323…
    expect(scoreDifferential({ score: 90, courseRating: 72.1, slopeRating: 132 })).toBe(15.3)
    // 113 / 118 × 25.6 = 24.515…
    expect(scoreDifferential({ score: 95, courseRating: 69.4, slopeRating: 118 })).toBe(24.5)
    expect(scoreDifferential({ score: 72, courseRating: 72, slopeRating: 113 })).toBe(0)
  })

  it('rounds an exact half tenth up, where binary floating point rounds it down', () => {
    // 113 / 150 × 7.5 = 5.65 exactly; in floating point it is 5.6499999…
    expect(Math.round((113 / 150) * 7.5 * 10) / 10).toBe(5.6)
    expect(scoreDifferential({ score: 80, courseRating: 72.5, slopeRating: 150 })).toBe(5.7)
  })

  it('rounds a negative half tenth toward +∞', () => {
    // 113 / 150 × −7.5 = −5.65 → −5.6
    expect(scoreDifferential({ score: 65, courseRating: 72.5, slopeRating: 150 })).toBe(-5.6)
    // 113 / 142 × −7.1 = −5.65 → −5.6
    expect(scoreDifferential({ score: 65, courseRating: 72.1, slopeRating: 142 })).toBe(-5.6)
  })

  it('gives negative differentials for scores below the course rating, and never −0', () => {
    expect(scoreDifferential({ score: 68, courseRating: 72, slopeRating: 113 })).toBe(-4)
    expect(scoreDifferential({ score: 72, courseRating: 72.1, slopeRating: 150 })).toBe(-0.1)
    expect(Object.is(scoreDifferential({ score: 72, courseRating: 72, slopeRating: 55 }), 0)).toBe(
      true,
    )
  })

  it('rounds every half-tenth tie the database bounds allow up, on every even slope', () => {
    let ties = 0
    for (let slope = 56; slope <= 154; slope += 2) {
      for (let odd = -99; odd <= 99; odd += 2) {
        const overTenths = (odd * slope) / 2
        if (overTenths < -720 || overTenths > 1800) continue
        ties += 1
        // 113 × odd / 2 tenths, a half: rounded up it is (113 × odd + 1) / 2 tenths.
        expect(scoreDifferential(withOverTenths(overTenths, slope))).toBe((113 * odd + 1) / 2 / 10)
      }
    }
    expect(ties).toBeGreaterThan(1000)
  })

  it('agrees with exact rational arithmetic for every score − rating and slope the database allows', () => {
    const mismatches: string[] = []
    for (let slope = 55; slope <= 155; slope++) {
      for (let overTenths = -720; overTenths <= 1800; overTenths++) {
        const round = withOverTenths(overTenths, slope)
        const exact = Number(roundHalfUpExact(113n * BigInt(overTenths), BigInt(slope))) / 10 + 0
        if (scoreDifferential(round) !== exact) mismatches.push(JSON.stringify(round))
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([])
  })

  it('refuses a round it cannot compute exactly instead of returning NaN', () => {
    const good = { score: 90, courseRating: 72.1, slopeRating: 132 }
    for (const bad of [
      { ...good, courseRating: 72.15 },
      { ...good, courseRating: Number.NaN },
      { ...good, score: 89.5 },
      { ...good, score: Number.POSITIVE_INFINITY },
      { ...good, slopeRating: 0 },
      { ...good, slopeRating: -113 },
      { ...good, slopeRating: 113.5 },
    ]) {
      expect(() => scoreDifferential(bad), JSON.stringify(bad)).toThrow(RangeError)
      expect(() => handicapIndex([good, good, bad])).toThrow(RangeError)
    }
  })
})

describe('handicapIndex follows the table of product-spec §9 for every round count', () => {
  for (const n of [0, 1, 2]) {
    it(`with ${n} rounds there is no index`, () => {
      expect(differentialsUsed(n)).toBeNull()
      expect(handicapIndex(roundsWith(...times(n, 10)))).toBeNull()
    })
  }

  // The index when the k-th lowest differential is 12.0 and the k − 1 below it are 4.0.
  const withKthLowestRaised: Record<number, number> = {
    1: 12,
    2: 8,
    3: 6.7,
    4: 6,
    5: 5.6,
    6: 5.3,
    7: 5.1,
    8: 5,
  }
  const counts = [...Array.from({ length: 23 }, (_, i) => i + 3), 40, 100]
  for (const n of counts) {
    const [, used, adjustment] = SPEC_TABLE.find(([rows]) => rows === Math.min(n, 20)) ?? []
    if (used === undefined || adjustment === undefined) throw new Error(`no row for ${n}`)
    const subtracts = adjustment === 0 ? 'subtracts nothing' : `subtracts ${adjustment / 10}`
    it(`with ${n} rounds averages the lowest ${used} differentials and ${subtracts}`, () => {
      expect(differentialsUsed(n)).toEqual({ count: used, adjustmentTenths: adjustment })
      const random = seededRandom(n)
      // The lowest `used` at 4.0 and the rest at 12.0: any other count would pull in a 12.0.
      const lowestUsed = [...times(used, 4), ...times(n - used, 12)]
      expect(handicapIndex(shuffled(roundsWith(...lowestUsed), random))).toBe(
        (40 - adjustment) / 10,
      )
      const oneFewer = [...times(used - 1, 4), ...times(n - used + 1, 12)]
      expect(handicapIndex(shuffled(roundsWith(...oneFewer), random))).toBe(
        (Math.round((withKthLowestRaised[used] as number) * 10) - adjustment) / 10,
      )
    })
  }

  it('counts all rounds, with no window of the latest 20', () => {
    const early = roundsWith(...times(8, 1))
    const recent = roundsWith(...times(30, 20))
    expect(handicapIndex([...early, ...recent])).toBe(1)
  })

  it('does not depend on the order of the rounds', () => {
    const random = seededRandom(31)
    for (let trial = 0; trial < 200; trial++) {
      const set = Array.from({ length: 3 + Math.floor(random() * 40) }, () => randomRound(random))
      const index = handicapIndex(set)
      for (let shuffle = 0; shuffle < 5; shuffle++) {
        expect(handicapIndex(shuffled(set, random))).toBe(index)
      }
      expect(handicapIndex([...set].reverse())).toBe(index)
    }
  })

  it('does not change the rounds it is given', () => {
    const set = roundsWith(9, 3, 7, 1, 5)
    const before = JSON.stringify(set)
    handicapIndex(set)
    expect(JSON.stringify(set)).toBe(before)
  })
})

describe('handicapIndex rounds exactly, ties toward +∞', () => {
  it('gives 7.5 for a mean of 7.45', () => {
    expect(handicapIndex(roundsWith(7.4, 7.5, 30, 30, 30, 30, 30))).toBe(7.5)
  })

  it('gives 10.2 for (10.1 + 10.2) / 2, which binary floating point rounds to 10.1', () => {
    expect(Math.round(((10.1 + 10.2) / 2) * 10) / 10).toBe(10.1)
    expect(handicapIndex(roundsWith(10.1, 10.2, 40, 40, 40, 40, 40))).toBe(10.2)
  })

  it('gives 5.7 for a mean of 5.65 and −1.5 for a mean of −1.55', () => {
    expect(handicapIndex(roundsWith(5.6, 5.7, 30, 30, 30, 30, 30))).toBe(5.7)
    expect(handicapIndex(roundsWith(-1.5, -1.6, 30, 30, 30, 30, 30))).toBe(-1.5)
  })

  it('rounds tied means of 4, 6 and 8 differentials up, positive and negative', () => {
    const filler = (count: number) => times(count, 50)
    // 4 of 12 rounds: 4.2 / 4 = 1.05 → 1.1; −4.2 / 4 = −1.05 → −1.0
    expect(handicapIndex(roundsWith(1, 1, 1, 1.2, ...filler(8)))).toBe(1.1)
    expect(handicapIndex(roundsWith(-1, -1, -1, -1.2, ...filler(8)))).toBe(-1)
    // 6 of 17 rounds: 0.3 / 6 = 0.05 → 0.1; −0.3 / 6 = −0.05 → 0.0 (not −0)
    expect(handicapIndex(roundsWith(0, 0, 0, 0, 0, 0.3, ...filler(11)))).toBe(0.1)
    expect(Object.is(handicapIndex(roundsWith(0, 0, 0, 0, 0, -0.3, ...filler(11))), 0)).toBe(true)
    // 8 of 20 rounds: 16.4 / 8 = 2.05 → 2.1; −16.4 / 8 = −2.05 → −2.0
    expect(handicapIndex(roundsWith(2, 2, 2, 2, 2, 2, 2, 2.4, ...filler(12)))).toBe(2.1)
    expect(handicapIndex(roundsWith(-2, -2, -2, -2, -2, -2, -2, -2.4, ...filler(12)))).toBe(-2)
  })

  it('rounds the mean before subtracting the adjustment of 6 rounds', () => {
    // (5.6 + 5.7) / 2 = 5.65 → 5.7, minus 1.0
    expect(handicapIndex(roundsWith(5.6, 5.7, 30, 30, 30, 30))).toBe(4.7)
    expect(handicapIndex(roundsWith(-1.5, -1.6, 30, 30, 30, 30))).toBe(-2.5)
  })

  it('rounds each differential before taking the mean', () => {
    // 113 / 150 × 0.1 = 0.0753… → 0.1, and 0.0: the mean of the rounded ones is 0.05 → 0.1,
    // whereas the mean of the exact ones, 0.0376…, would give 0.0.
    const nearlyEven = { score: 72, courseRating: 71.9, slopeRating: 150 }
    const even = { score: 72, courseRating: 72, slopeRating: 113 }
    expect(handicapIndex([nearlyEven, even, ...roundsWith(30, 30, 30, 30, 30)])).toBe(0.1)
  })

  it('rounds means of 3, 5 and 7 to the nearest tenth at every step', () => {
    for (const used of [3, 5, 7]) {
      const rounds = [9, 15, 19][(used - 3) / 2] as number
      for (let sum = -200; sum <= 200; sum++) {
        // `used` differentials adding up to `sum` tenths, then the unused ones far above.
        const lowest = Array.from({ length: used }, (_, i) =>
          i === 0 ? sum - (used - 1) * Math.trunc(sum / used) : Math.trunc(sum / used),
        )
        const set = roundsWith(...lowest.map((t) => t / 10), ...times(rounds - used, 90))
        expect(handicapIndex(set)).toBe(reference(set))
      }
    }
  })

  it('agrees with exact rational arithmetic on 5,000 seeded random round sets, ties included', () => {
    const random = seededRandom(20_261_122)
    let differentialTies = 0
    let meanTies = 0
    let plusIndexes = 0
    for (let trial = 0; trial < 5000; trial++) {
      const n = trial % 50 === 0 ? 20 + Math.floor(random() * 200) : Math.floor(random() * 30)
      const style = trial % 3
      const set = Array.from({ length: n }, () => {
        if (style === 0) return randomRound(random)
        if (style === 1 || random() < 0.3) return tieRound(random)
        // Slope 113 keeps differentials whole tenths, so means of an even count often tie.
        return withOverTenths(-300 + Math.floor(random() * 700), 113)
      })
      for (const { score, courseRating, slopeRating } of set) {
        if (isHalf(113 * (10 * score - Math.round(courseRating * 10)), slopeRating)) {
          differentialTies += 1
        }
      }
      const rule = differentialsUsed(n)
      if (rule && rule.count % 2 === 0) {
        const lowestSum = set
          .map((round) => Math.round(scoreDifferential(round) * 10))
          .sort((a, b) => a - b)
          .slice(0, rule.count)
          .reduce((sum, tenths) => sum + tenths, 0)
        if (isHalf(lowestSum, rule.count)) meanTies += 1
      }
      const index = handicapIndex(set)
      if (index !== null && index < 0) plusIndexes += 1
      expect(index, JSON.stringify(set)).toBe(reference(set))
    }
    expect(differentialTies).toBeGreaterThan(10_000)
    expect(meanTies).toBeGreaterThan(300)
    expect(plusIndexes).toBeGreaterThan(100)
  })
})

describe('plus handicaps', () => {
  it('computes negative indexes from negative differentials', () => {
    expect(handicapIndex(roundsWith(-4, -3, -2))).toBe(-6)
    // 25 rounds of 0.0, −0.2 … −4.8: the lowest 8, −4.8 … −3.4, average −4.1.
    expect(handicapIndex(roundsWith(...Array.from({ length: 25 }, (_, i) => -i / 5)))).toBe(-4.1)
  })

  it('lets the adjustment take a small index below zero', () => {
    expect(handicapIndex(roundsWith(1.5, 20, 20))).toBe(-0.5)
    expect(formatHandicapIndex(handicapIndex(roundsWith(1.5, 20, 20)) as number)).toBe('+0.5')
  })

  it('gives an index of exactly 0, not −0, when the adjustment meets the differential', () => {
    const index = handicapIndex(roundsWith(1, 20, 20, 20))
    expect(Object.is(index, 0)).toBe(true)
    expect(formatHandicapIndex(index as number)).toBe('0.0')
  })
})

describe('formatHandicapIndex', () => {
  it('shows one decimal', () => {
    expect(formatHandicapIndex(12)).toBe('12.0')
    expect(formatHandicapIndex(7.5)).toBe('7.5')
    expect(formatHandicapIndex(0.1)).toBe('0.1')
    expect(formatHandicapIndex(54)).toBe('54.0')
    expect(formatHandicapIndex(369.8)).toBe('369.8')
  })

  it('shows zero as 0.0, whether it is 0 or −0', () => {
    expect(formatHandicapIndex(0)).toBe('0.0')
    expect(formatHandicapIndex(-0)).toBe('0.0')
  })

  it('shows a negative index as + and its absolute value', () => {
    expect(formatHandicapIndex(-1.2)).toBe('+1.2')
    expect(formatHandicapIndex(-0.1)).toBe('+0.1')
    expect(formatHandicapIndex(-6)).toBe('+6.0')
    expect(formatHandicapIndex(-147.9)).toBe('+147.9')
  })

  it('refuses something that is not a number instead of showing NaN', () => {
    expect(() => formatHandicapIndex(Number.NaN)).toThrow(RangeError)
    expect(() => formatHandicapIndex(Number.NEGATIVE_INFINITY)).toThrow(RangeError)
  })
})
