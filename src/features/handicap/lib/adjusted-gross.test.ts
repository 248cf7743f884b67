// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { adjustedGrossScore, holeMaximums, strokesReceived } from './adjusted-gross'

// Pebble Beach Golf Links, men's card, as we know it (not checked against a printed card):
//   hole   1  2  3  4  5  6  7  8  9 | 10 11 12 13 14 15 16 17 18
//   par    4  5  4  4  3  5  3  4  4 |  4  4  3  4  5  4  4  3  5   (72)
//   index  6 10 12 16 14  2 18  4  8 |  3  9 17  7  1 13 11 15  5
const PARS = [4, 5, 4, 4, 3, 5, 3, 4, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5]
const INDEXES = [6, 10, 12, 16, 14, 2, 18, 4, 8, 3, 9, 17, 7, 1, 13, 11, 15, 5]
const card = (strokes: readonly number[], from = 0) =>
  strokes.map((hole, at) => ({
    par: PARS[from + at] as number,
    strokeIndex: INDEXES[from + at] as number,
    strokes: hole,
  }))

describe('strokesReceived', () => {
  it('gives nothing for a course handicap of 0', () => {
    expect(strokesReceived(0, INDEXES)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
  })

  it('gives 7 strokes on the holes of index 1 to 7', () => {
    // Index 1–7: holes 14, 6, 10, 8, 18, 1, 13.
    expect(strokesReceived(7, INDEXES)).toEqual([
      1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1,
    ])
  })

  it('gives one stroke on every hole for 18', () => {
    expect(strokesReceived(18, INDEXES)).toEqual([
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ])
  })

  it('gives a second stroke from index 1 again past 18: 25 is one each and 7 more', () => {
    // ⌊25 / 18⌋ = 1 everywhere; 25 mod 18 = 7 more on holes 14, 6, 10, 8, 18, 1, 13.
    expect(strokesReceived(25, INDEXES)).toEqual([
      2, 1, 1, 1, 1, 2, 1, 2, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2,
    ])
  })

  it('gives two strokes on every hole for 36', () => {
    expect(strokesReceived(36, INDEXES)).toEqual([
      2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    ])
  })

  it('takes a plus 2 handicap back on the two holes of highest index', () => {
    // Index 18 is hole 7, index 17 hole 12.
    expect(strokesReceived(-2, INDEXES)).toEqual([
      0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0,
    ])
  })

  it('allocates a nine by the rank of its indexes, even (2 … 18) or odd (1 … 17)', () => {
    const front = INDEXES.slice(0, 9) // 6 10 12 16 14 2 18 4 8
    const back = INDEXES.slice(9) // 3 9 17 7 1 13 11 15 5
    // 4 on the front: its four lowest, indexes 2, 4, 6, 8 = holes 6, 8, 1, 9.
    expect(strokesReceived(4, front)).toEqual([1, 0, 0, 0, 0, 1, 0, 1, 1])
    // 11 on the front: one each, and 2 more on indexes 2 and 4 (holes 6 and 8).
    expect(strokesReceived(11, front)).toEqual([1, 1, 1, 1, 1, 2, 1, 2, 1])
    // Plus 1 on the front: back on index 18 (hole 7).
    expect(strokesReceived(-1, front)).toEqual([0, 0, 0, 0, 0, 0, -1, 0, 0])
    // 3 on the back: indexes 1, 3, 5 = holes 14, 10, 18.
    expect(strokesReceived(3, back)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1])
  })
})

describe('holeMaximums', () => {
  it('is par + 2 + strokes received, one less where a plus handicap gives one back', () => {
    const holes = card(PARS)
    // Plus 2: holes 7 and 12 (par 3s) give back a stroke: 3 + 2 − 1 = 4.
    expect(holeMaximums(holes, -2)).toEqual([6, 7, 6, 6, 5, 7, 4, 6, 6, 6, 6, 4, 6, 7, 6, 6, 5, 7])
  })

  it('is par + 5 with no index', () => {
    expect(holeMaximums(card(PARS), null)).toEqual([
      9, 10, 9, 9, 8, 10, 8, 9, 9, 9, 9, 8, 9, 10, 9, 9, 8, 10,
    ])
  })
})

describe('adjustedGrossScore', () => {
  it('holds each hole to its net double bogey with a course handicap of 7', () => {
    // Strokes received on holes 1, 6, 8, 10, 13, 14, 18 (see above). Maximums:
    //   7 7 6 6 5 8 5 7 6 | 7 6 5 7 8 6 6 5 8
    // Strokes (gross 54 + 49 = 103):
    //   8 6 7 5 3 9 4 7 5 | 5 4 6 6 6 5 4 3 10
    // Capped: hole 1 (8 → 7), 3 (7 → 6), 6 (9 → 8), 12 (6 → 5), 18 (10 → 8); hole 8's 7 is its
    // maximum, not over it. 103 − 1 − 1 − 1 − 1 − 2 = 97.
    const strokes = [8, 6, 7, 5, 3, 9, 4, 7, 5, 5, 4, 6, 6, 6, 5, 4, 3, 10]
    expect(adjustedGrossScore(card(strokes), 7)).toBe(97)
  })

  it('holds each hole to par + 5 with no index', () => {
    // The same card: no hole is over par + 5 (hole 18's 10 is its par 5 + 5), so 103 stands.
    const strokes = [8, 6, 7, 5, 3, 9, 4, 7, 5, 5, 4, 6, 6, 6, 5, 4, 3, 10]
    expect(adjustedGrossScore(card(strokes), null)).toBe(103)
  })

  it('adjusts a 9-hole card with and without an index', () => {
    // The front nine. With 4 strokes (holes 1, 6, 8, 9) the maximums are 7 7 6 6 5 8 5 7 7;
    // strokes 8 8 6 4 3 9 5 8 7 (gross 58) count 7 7 6 4 3 8 5 7 7 = 54.
    expect(adjustedGrossScore(card([8, 8, 6, 4, 3, 9, 5, 8, 7]), 4)).toBe(54)
    // No index: maximums 9 10 9 9 8 10 8 9 9; strokes 9 11 6 4 8 5 3 4 10 (gross 60) count
    // 9 10 6 4 8 5 3 4 9 = 58.
    expect(adjustedGrossScore(card([9, 11, 6, 4, 8, 5, 3, 4, 10]), null)).toBe(58)
  })

  it('takes the back nine’s odd indexes by rank', () => {
    // Back nine, course handicap 3: strokes on holes 14, 10, 18. Maximums 7 6 5 6 8 6 6 5 8;
    // strokes 9 6 5 7 9 6 6 5 8 (gross 61) count 7 6 5 6 8 6 6 5 8 = 57.
    expect(adjustedGrossScore(card([9, 6, 5, 7, 9, 6, 6, 5, 8], 9), 3)).toBe(57)
  })
})
