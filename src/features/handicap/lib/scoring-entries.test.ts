// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { courseHandicap, eighteenHoleEntries, type ScoringRound } from './scoring-entries'

const eighteen = (id: string, score: number, courseRating: number, slopeRating: number) =>
  ({ id, holes: 18, score, courseRating, slopeRating, par: 72 }) as const satisfies ScoringRound
const nine = (
  id: string,
  score: number,
  courseRating: number,
  slopeRating: number,
  par: number | null = 36,
) => ({ id, holes: 9, score, courseRating, slopeRating, par }) as const satisfies ScoringRound

describe('eighteenHoleEntries', () => {
  it('keeps an 18-hole round as one entry', () => {
    expect(eighteenHoleEntries([eighteen('a', 85, 72.1, 130)])).toEqual([
      { roundIds: ['a'], score: 85, courseRating: 72.1, slopeRating: 130, par: 72 },
    ])
  })

  it('adds two nines into one entry at the later nine’s place', () => {
    const entries = eighteenHoleEntries([
      nine('n1', 42, 35.1, 120),
      eighteen('r1', 90, 71.0, 125),
      nine('n2', 44, 35.2, 124),
      eighteen('r2', 88, 70.4, 118),
    ])
    expect(entries).toEqual([
      { roundIds: ['r1'], score: 90, courseRating: 71, slopeRating: 125, par: 72 },
      // 42 + 44 = 86; 35.1 + 35.2 = 70.3 exactly; (120 + 124) / 2 = 122; 36 + 36 = 72
      { roundIds: ['n1', 'n2'], score: 86, courseRating: 70.3, slopeRating: 122, par: 72 },
      { roundIds: ['r2'], score: 88, courseRating: 70.4, slopeRating: 118, par: 72 },
    ])
  })

  it('leaves an odd nine waiting, out of the entries', () => {
    const entries = eighteenHoleEntries([
      nine('n1', 40, 34.0, 110),
      nine('n2', 41, 34.5, 112),
      nine('n3', 45, 36.0, 130),
    ])
    expect(entries).toEqual([
      { roundIds: ['n1', 'n2'], score: 81, courseRating: 68.5, slopeRating: 111, par: 72 },
    ])
  })

  it('takes the slopes’ mean to the nearest whole, an exact half upward', () => {
    // (121 + 124) / 2 = 122.5 → 123
    expect(eighteenHoleEntries([nine('a', 40, 35, 121), nine('b', 40, 35, 124)])[0]).toMatchObject({
      slopeRating: 123,
    })
    // (55 + 56) / 2 = 55.5 → 56
    expect(eighteenHoleEntries([nine('a', 40, 35, 55), nine('b', 40, 35, 56)])[0]).toMatchObject({
      slopeRating: 56,
    })
  })

  it('has no par when either nine has none', () => {
    expect(
      eighteenHoleEntries([nine('a', 40, 35, 120, null), nine('b', 41, 35.5, 120, 36)])[0],
    ).toEqual({ roundIds: ['a', 'b'], score: 81, courseRating: 70.5, slopeRating: 120, par: null })
  })

  it('gives nothing for no rounds or one waiting nine', () => {
    expect(eighteenHoleEntries([])).toEqual([])
    expect(eighteenHoleEntries([nine('a', 40, 35, 120)])).toEqual([])
  })
})

describe('courseHandicap on a tee', () => {
  it('halves the index to a tenth first on a 9-hole tee', () => {
    // 8.7 / 2 = 4.35 → 4.4; 4.4 × 121 / 113 = 4.711…, + (35.3 − 36) = 4.01… → 4
    expect(courseHandicap(8.7, { courseRating: 35.3, slopeRating: 121, par: 36, holes: 9 })).toBe(4)
    // 15.1 / 2 = 7.55 → 7.6; 7.6 × 113 / 113 + (36.4 − 36) = 8.0 → 8
    expect(courseHandicap(15.1, { courseRating: 36.4, slopeRating: 113, par: 36, holes: 9 })).toBe(
      8,
    )
    // 3.0 / 2 = 1.5; 1.5 + (35.0 − 36) = 0.5 → 1 (an exact half upward)
    expect(courseHandicap(3, { courseRating: 35, slopeRating: 113, par: 36, holes: 9 })).toBe(1)
  })

  it('halves a plus index toward +∞ on a tie', () => {
    // −1.5 / 2 = −0.75 → −0.7; −0.7 + (34.0 − 36) = −2.7 → −3, a plus 3
    expect(courseHandicap(-1.5, { courseRating: 34, slopeRating: 113, par: 36, holes: 9 })).toBe(-3)
  })

  it('is unchanged on an 18-hole tee', () => {
    // 11.4 × 132 / 113 = 13.316…, + (75.1 − 71) = 17.41… → 17
    expect(courseHandicap(11.4, { courseRating: 75.1, slopeRating: 132, par: 71, holes: 18 })).toBe(
      17,
    )
    expect(courseHandicap(11.4, { courseRating: 75.1, slopeRating: 132, par: 71 })).toBe(17)
  })
})
