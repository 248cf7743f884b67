// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ALLOWANCE,
  matchResult,
  matchStatus,
  netToPar,
  playingHandicaps,
  stablefordPoints,
  type Hole,
} from './formats'

/** The tee of the Rules' worked example (Appendix C): 71.0 / 125 / par 71. */
const EXAMPLE = { courseRating: 71.0, slopeRating: 125, par: 71, holes: 18 } as const
/** A tee where the course handicap is the index: slope 113, rating = par. */
const NEUTRAL = { courseRating: 72.0, slopeRating: 113, par: 72, holes: 18 } as const

describe('DEFAULT_ALLOWANCE', () => {
  it('is Appendix C: individual stroke play and Stableford 95%, singles match play 100%', () => {
    expect(DEFAULT_ALLOWANCE).toEqual({ stroke: 95, stableford: 95, match: 100 })
  })
})

describe('playingHandicaps', () => {
  it("gives the Rules' worked example: four-ball 85%, 8.6 and 10.3 → 8 and 10", () => {
    // 8.6 × 125 / 113 + 0 = 9.513… → course 10; × 0.85 = 8.086 → 8.
    // 10.3 × 125 / 113 + 0 = 11.393… → course 11; × 0.85 = 9.684 → 10.
    // (Rounding the course handicaps first would give 10 × 0.85 = 8.5 → 9 and 11 × 0.85 → 9.)
    const players = [
      { index: 8.6, tee: EXAMPLE },
      { index: 10.3, tee: EXAMPLE },
    ]
    expect(playingHandicaps(players, 'stroke', 85)).toEqual([
      { courseHandicap: 10, playingHandicap: 8, strokes: 8 },
      { courseHandicap: 11, playingHandicap: 10, strokes: 10 },
    ])
    // In match play the lower plays off 0 and the other receives 10 − 8.
    expect(playingHandicaps(players, 'match', 85)).toEqual([
      { courseHandicap: 10, playingHandicap: 8, strokes: 0 },
      { courseHandicap: 11, playingHandicap: 10, strokes: 2 },
    ])
  })

  it('rounds an exact .5 up where floats would not', () => {
    // 7.2 × 113 / 113 + (72.8 − 70) = 10.0 exactly; × 0.95 = 9.5 → 10. In floats 72.8 − 70 is
    // 2.7999…, the product 9.4999…, and Math.round gives 9.
    const tee = { courseRating: 72.8, slopeRating: 113, par: 70, holes: 18 } as const
    expect(playingHandicaps([{ index: 7.2, tee }], 'stroke', 95)).toEqual([
      { courseHandicap: 10, playingHandicap: 10, strokes: 10 },
    ])
  })

  it('gives a plus handicap in match play strokes back toward zero, and the other the difference', () => {
    // +2.0: −2.0 × 125 / 113 = −2.212… → course −2, × 1.00 → −2, the lower: plays off 0.
    // 10.3: 11.393… → 11; receives 11 − (−2) = 13.
    expect(
      playingHandicaps(
        [
          { index: -2.0, tee: EXAMPLE },
          { index: 10.3, tee: EXAMPLE },
        ],
        'match',
        100,
      ),
    ).toEqual([
      { courseHandicap: -2, playingHandicap: -2, strokes: 0 },
      { courseHandicap: 11, playingHandicap: 11, strokes: 13 },
    ])
    // At 90%: +5.0 → −5.0 × 0.9 = −4.5 → −4 (.5 toward +∞, toward zero for a plus figure);
    // 5.0 → 4.5 → 5. The second receives 5 − (−4) = 9.
    expect(
      playingHandicaps(
        [
          { index: -5.0, tee: NEUTRAL },
          { index: 5.0, tee: NEUTRAL },
        ],
        'match',
        90,
      ),
    ).toEqual([
      { courseHandicap: -5, playingHandicap: -4, strokes: 0 },
      { courseHandicap: 5, playingHandicap: 5, strokes: 9 },
    ])
  })

  it('rounds a plus course handicap of exactly −2.5 to −2, as the course handicap does', () => {
    expect(playingHandicaps([{ index: -2.5, tee: NEUTRAL }], 'stroke', 100)).toEqual([
      { courseHandicap: -2, playingHandicap: -2, strokes: -2 },
    ])
  })

  // Both index 12.0. White 72.4 / 130 / par 72: 12 × 130 / 113 + 0.4 = 14.205… → course 14.
  // Red 70.6 / 118 / par 70: 12 × 118 / 113 + 0.6 = 13.130… → course 13.
  const white = { courseRating: 72.4, slopeRating: 130, par: 72, holes: 18 } as const
  const red = { courseRating: 70.6, slopeRating: 118, par: 70, holes: 18 } as const
  const mixed = [
    { index: 12.0, tee: white },
    { index: 12.0, tee: red },
  ]

  it('adds the par difference of mixed tees in stroke play', () => {
    // White: 14.205… × 0.95 = 13.495 → 13, + (72 − 70) = 15. Red: 13.130… × 0.95 = 12.474 → 12.
    expect(playingHandicaps(mixed, 'stroke', 95)).toEqual([
      { courseHandicap: 14, playingHandicap: 15, strokes: 15 },
      { courseHandicap: 13, playingHandicap: 12, strokes: 12 },
    ])
  })

  it('adds no par difference in Stableford', () => {
    // The same 13 and 12: points already count against each player's own par.
    expect(playingHandicaps(mixed, 'stableford', 95)).toEqual([
      { courseHandicap: 14, playingHandicap: 13, strokes: 13 },
      { courseHandicap: 13, playingHandicap: 12, strokes: 12 },
    ])
  })

  it('adds the par difference in match play before the lower plays off 0', () => {
    // White: 14.205… → 14, + 2 = 16. Red: 13.130… → 13. Red plays off 0, white receives 3.
    expect(playingHandicaps(mixed, 'match', 100)).toEqual([
      { courseHandicap: 14, playingHandicap: 16, strokes: 3 },
      { courseHandicap: 13, playingHandicap: 13, strokes: 0 },
    ])
  })

  it('halves the index to the nearest tenth first on a nine', () => {
    // 8.7 → 4.35 → 4.4; 4.4 × 121 / 113 + (35.3 − 36) = 4.711… − 0.7 = 4.011… → course 4;
    // × 0.95 = 3.810… → 4.
    const nine = { courseRating: 35.3, slopeRating: 121, par: 36, holes: 9 } as const
    expect(playingHandicaps([{ index: 8.7, tee: nine }], 'stableford', 95)).toEqual([
      { courseHandicap: 4, playingHandicap: 4, strokes: 4 },
    ])
  })

  it('gives nothing at allowance 0 and the rounded course handicap at 100', () => {
    const players = [
      { index: 8.6, tee: EXAMPLE },
      { index: -2.0, tee: EXAMPLE },
    ]
    // × 0 is 0 for both, a plus handicap too (0, never −0).
    expect(playingHandicaps(players, 'stroke', 0)).toEqual([
      { courseHandicap: 10, playingHandicap: 0, strokes: 0 },
      { courseHandicap: -2, playingHandicap: 0, strokes: 0 },
    ])
    // 9.513… → 10; −2.212… → −2.
    expect(playingHandicaps(players, 'stroke', 100)).toEqual([
      { courseHandicap: 10, playingHandicap: 10, strokes: 10 },
      { courseHandicap: -2, playingHandicap: -2, strokes: -2 },
    ])
  })

  it('never throws: no players, and values no card holds are held to what one can', () => {
    expect(playingHandicaps([], 'match', 100)).toEqual([])
    // Allowance 150 → 100, −20 → 0; index 60 → 54.0 (54 on the neutral tee), NaN → 0.
    const odd = [
      { index: 60, tee: NEUTRAL },
      { index: Number.NaN, tee: NEUTRAL },
    ]
    expect(playingHandicaps(odd, 'stroke', 150)).toEqual([
      { courseHandicap: 54, playingHandicap: 54, strokes: 54 },
      { courseHandicap: 0, playingHandicap: 0, strokes: 0 },
    ])
    expect(playingHandicaps(odd, 'stroke', -20).map((player) => player.playingHandicap)).toEqual([
      0, 0,
    ])
    // An index with float noise (8.6 from arithmetic) counts as 8.6; a slope of 0 or a
    // non-finite rating still gives a whole number.
    const noisy = playingHandicaps(
      [
        { index: 0.1 * 86, tee: EXAMPLE },
        { index: 10, tee: { courseRating: Number.NaN, slopeRating: 0, par: 72, holes: 18 } },
      ],
      'stroke',
      85,
    )
    expect(noisy[0]).toEqual({ courseHandicap: 10, playingHandicap: 8, strokes: 8 })
    expect(Number.isInteger(noisy[1]?.playingHandicap)).toBe(true)
  })
})

// A nine of pars and stroke indexes for the Stableford cards below.
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4]
const INDEXES = [5, 1, 9, 3, 7, 2, 8, 4, 6]
const nine = (strokes: readonly (number | null)[]): Hole[] =>
  strokes.map((hole, at) => ({
    par: PARS[at] as number,
    strokeIndex: INDEXES[at] as number,
    strokes: hole,
  }))

describe('stablefordPoints', () => {
  it('counts 2 + par + strokes received − strokes, at least 0, and 0 for a hole picked up', () => {
    // 11 strokes on 9 holes: 1 each, and 1 more on stroke index 1 (hole 2) and 2 (hole 6).
    //   received 1 2 1 1 1 2 1 1 1
    //   strokes  6 7 5 – 9 5 4 5 4
    //   points   2+4+1−6=1, 2+4+2−7=1, 2+3+1−5=1, picked up 0, 2+4+1−9 → 0,
    //            2+4+2−5=3, 2+3+1−4=2, 2+5+1−5=3, 2+4+1−4=3
    expect(stablefordPoints(nine([6, 7, 5, null, 9, 5, 4, 5, 4]), 11)).toEqual([
      1, 1, 1, 0, 0, 3, 2, 3, 3,
    ])
  })

  it('takes strokes back from the highest stroke indexes for a plus handicap', () => {
    // +2: one back on stroke index 9 (hole 3) and 8 (hole 7).
    //   received 0 0 −1 0 0 0 −1 0 0
    //   strokes  4 3 3 – 5 4 2 5 4
    //   points   2, 3, 2+3−1−3=1, 0, 1, 2, 2+3−1−2=2, 2, 2
    expect(stablefordPoints(nine([4, 3, 3, null, 5, 4, 2, 5, 4]), -2)).toEqual([
      2, 3, 1, 0, 1, 2, 2, 2, 2,
    ])
  })

  it('never throws on an empty card or strokes no card holds', () => {
    expect(stablefordPoints([], 10)).toEqual([])
    // NaN strokes received count as none: pars give 2 each; a NaN score is a pick-up.
    expect(stablefordPoints(nine([4, 4, 3, Number.NaN, 4, 4, 3, 5, 4]), Number.NaN)).toEqual([
      2, 2, 2, 0, 2, 2, 2, 2, 2,
    ])
  })
})

describe('netToPar', () => {
  it('counts the holes with a score, net of strokes received', () => {
    // 11 strokes as above; holes 1–3: (6−1−4) + (7−2−4) + (5−1−3) = 1 + 1 + 1 = +3.
    expect(netToPar(nine([6, 7, 5, null, null, null, null, null, null]), 11)).toBe(3)
  })
})

// Eighteen par 4s, stroke index = hole number.
const eighteen = (strokes: readonly (number | null)[]): Hole[] =>
  strokes.map((hole, at) => ({ par: 4, strokeIndex: at + 1, strokes: hole }))
const halved = (holes: number) => Array<number>(holes).fill(4)

describe('matchResult', () => {
  it('"3&2": three holes up with two to play', () => {
    // a wins 1–3, the rest halved: 3 up after 16, 2 left.
    const a = eighteen([3, 3, 3, ...halved(15)])
    expect(matchResult(a, eighteen(halved(18)), 0, 0)).toEqual({
      up: 3,
      decidedAfter: 16,
      result: '3&2',
    })
  })

  it('"2 up": dormie 1 up after 17, and the last hole won', () => {
    const a = eighteen([3, ...halved(16), 3])
    expect(matchResult(a, eighteen(halved(18)), 0, 0)).toEqual({
      up: 2,
      decidedAfter: 18,
      result: '2 up',
    })
  })

  it('"1 up" when decided on the last hole, b winning it: up is negative', () => {
    const b = eighteen([...halved(17), 3])
    expect(matchResult(eighteen(halved(18)), b, 0, 0)).toEqual({
      up: -1,
      decidedAfter: 18,
      result: '1 up',
    })
  })

  it('"All square" when the lead never exceeds the holes left', () => {
    // a wins hole 1, b hole 2, the rest halved.
    const a = eighteen([3, 5, ...halved(16)])
    expect(matchResult(a, eighteen(halved(18)), 0, 0)).toEqual({
      up: 0,
      decidedAfter: null,
      result: 'All square',
    })
  })

  it('stops counting once decided: later holes do not change up', () => {
    // b wins 1–5: 5 down after 14 with 4 left → "5&4"; a then wins 15–18, which do not count.
    const a = eighteen([...Array<number>(5).fill(5), ...halved(9), 3, 3, 3, 3])
    expect(matchResult(a, eighteen(halved(18)), 0, 0)).toEqual({
      up: -5,
      decidedAfter: 14,
      result: '5&4',
    })
  })

  it('gives a hole picked up to the other player, and halves it when both picked up', () => {
    // Hole 1: a picked up, b took 9: b wins. Hole 2: b picked up: a wins. Hole 3: both picked up:
    // halved. Hole 4: b picked up: a wins; the rest halved → a 1 up after 18, decided on the last.
    const a = eighteen([null, 9, null, 8, ...halved(14)])
    const b = eighteen([9, null, null, null, ...halved(14)])
    expect(matchResult(a, b, 0, 0)).toEqual({ up: 1, decidedAfter: 18, result: '1 up' })
  })

  it('counts net scores: strokes received on the lowest stroke indexes', () => {
    // b receives 2: one on holes 1 and 2 (stroke index 1 and 2). Equal 5s there: b's net 4 wins
    // both; a wins holes 3–5 outright; halved after → a 1 up at the end.
    const a = eighteen([5, 5, 3, 3, 3, ...halved(13)])
    const b = eighteen([5, 5, 4, 4, 4, ...halved(13)])
    expect(matchResult(a, b, 0, 2)).toEqual({ up: 1, decidedAfter: 18, result: '1 up' })
  })

  it('never throws on empty or uneven cards', () => {
    expect(matchResult([], [], 0, 0)).toEqual({ up: 0, decidedAfter: null, result: 'All square' })
    // Only the holes both cards have count: one hole, won by a, decided on the last.
    expect(matchResult(eighteen([3]), eighteen([4, 4]), Number.NaN, 0)).toEqual({
      up: 1,
      decidedAfter: 1,
      result: '1 up',
    })
  })
})

describe('matchStatus', () => {
  const a = eighteen([3, 3, ...halved(14), 5, 4])
  const b = eighteen(halved(18))

  it('words the match as the card shows it to player a, hole by hole', () => {
    expect(matchStatus(a, b, 0, 0, 0).text).toBe('all square')
    expect(matchStatus(a, b, 0, 0, 1).text).toBe('1 up')
    expect(matchStatus(a, b, 0, 0, 2).text).toBe('2 up')
    // After 16: 2 up with 2 to play.
    expect(matchStatus(a, b, 0, 0, 16)).toEqual({
      up: 2,
      decidedAfter: null,
      left: 2,
      text: '2 up, dormie',
    })
    // Hole 17 lost: 1 up with 1 to play; hole 18 halved: won 1 up.
    expect(matchStatus(a, b, 0, 0, 17).text).toBe('1 up, dormie')
    expect(matchStatus(a, b, 0, 0, 18).text).toBe('won 1 up')
    // From b's side.
    expect(matchStatus(b, a, 0, 0, 2).text).toBe('2 down')
    expect(matchStatus(b, a, 0, 0, 16).text).toBe('2 down, dormie')
    expect(matchStatus(b, a, 0, 0, 18).text).toBe('lost 1 down')
  })

  it('says won or lost with holes left once decided, and all square at the end of a halved match', () => {
    const early = eighteen([3, 3, 3, ...halved(15)])
    expect(matchStatus(early, b, 0, 0, 16).text).toBe('won 3&2')
    expect(matchStatus(b, early, 0, 0, 18).text).toBe('lost 3&2')
    expect(matchStatus(b, b, 0, 0, 18).text).toBe('all square')
  })
})
