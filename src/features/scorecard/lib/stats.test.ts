// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { holeScoresOf, type HoleDetails } from '@/testing/fixtures'
import { hasStats, roundStats, scoringStats, type StatsRound } from './stats'

// A nine of par 36: par 4, 4, 3, 5, 4, 4, 3, 5, 4 (two par 3s, five par 4s, two par 5s).
const NINE = [4, 4, 3, 5, 4, 4, 3, 5, 4]
const EIGHTEEN = [...NINE, ...NINE]

/** A card: strokes per hole on `pars`, and the details recorded (null where not). */
const card = (strokes: number[], details: HoleDetails = {}, pars = NINE): StatsRound => ({
  holePars: pars,
  holeScores: holeScoresOf(strokes, details),
})

const TOTAL: StatsRound = { holePars: null, holeScores: null }
const Y = true
const N = false
const _ = null

describe('scoringStats', () => {
  // Par 3s (holes 3, 7), par 4s (1, 2, 5, 6, 9), par 5s (4, 8):
  const a = card([5, 4, 3, 6, 5, 4, 4, 5, 6]) // par 3: 3 + 4 = 7;  par 4: 5+4+5+4+6 = 24; par 5: 6+5 = 11
  const b = card([4, 4, 3, 5, 4, 5, 3, 6, 4]) // par 3: 3 + 3 = 6;  par 4: 4+4+4+5+4 = 21; par 5: 5+6 = 11
  const c = card([6, 5, 4, 7, 5, 5, 4, 4, 6]) // par 3: 4 + 4 = 8;  par 4: 6+5+5+5+6 = 27; par 5: 7+4 = 11

  it('averages the strokes on each par over every hole of that par', () => {
    const stats = scoringStats([a, TOTAL, b, c])
    // Par 3: 21 strokes / 6 holes = 3.5; par 4: 72 / 15 = 4.8; par 5: 33 / 6 = 5.5.
    expect(stats.parAverages).toEqual({
      3: { value: 3.5, rounds: 3 },
      4: { value: 4.8, rounds: 3 },
      5: { value: 5.5, rounds: 3 },
    })
    expect(stats.rounds).toBe(3)
    expect(hasStats(stats)).toBe(true)
  })

  it('shows nothing from fewer than 3 hole-by-hole rounds; a round entered as a total is not one', () => {
    const stats = scoringStats([a, TOTAL, TOTAL, b])
    expect(stats).toEqual({
      rounds: 2,
      parAverages: { 3: null, 4: null, 5: null },
      puttsPerRound: null,
      fairwaysHit: null,
      greensInRegulation: null,
      penaltiesPerRound: null,
    })
    expect(hasStats(stats)).toBe(false)
  })

  it('counts a par only from the rounds that had a hole of that par', () => {
    // Two rounds with par 5s and two without: par 5 has 2 rounds, too few.
    const threes = [3, 3, 3, 3, 3, 3, 3, 3, 3]
    const stats = scoringStats([
      a,
      b,
      card([4, 3, 3, 4, 3, 3, 3, 3, 4], {}, threes),
      card([3, 3, 3, 3, 3, 3, 3, 3, 3], {}, threes),
    ])
    // Par 3: a 7 + b 6 + 30 + 27 = 70 strokes over 2 + 2 + 9 + 9 = 22 holes; par 4: a and b only.
    expect(stats.parAverages[3]).toEqual({ value: 70 / 22, rounds: 4 })
    expect(stats.parAverages[4]).toBeNull()
    expect(stats.parAverages[5]).toBeNull()
  })

  describe('putts, fairways, greens and penalties', () => {
    const nines = {
      a: card([5, 4, 3, 6, 5, 4, 4, 5, 6], {
        putts: [2, 2, 1, 2, 2, 1, 2, 2, 2], // 16
        penalties: [0, 0, 0, 0, 0, 0, 0, 0, 1], // 1
        // Recorded on the 7 par 4 and 5 holes, 4 hit; the true on the par 3 (hole 3) is ignored.
        fairwayHit: [Y, N, Y, Y, N, Y, _, N, Y],
        greenInRegulation: [N, Y, Y, N, N, N, Y, N, N], // 3 of 9
      }),
      b: card([4, 4, 3, 5, 4, 5, 3, 6, 4], {
        putts: [2, 1, 2, 2, 2, 2, 1, 3, 2], // 17
        penalties: [0, 0, 0, 0, 0, 0, 0, 0, 0], // 0
        fairwayHit: [Y, _, _, N, _, _, _, Y, _], // 2 of 3
        greenInRegulation: [Y, Y, N, N, Y, N, Y, N, N], // 4 of 9
      }),
      // Putts and penalties on 8 holes of 9: not a round's worth, left out of those two.
      partial: card([4, 4, 3, 5, 4, 4, 3, 5, 4], {
        putts: [1, 1, 1, 1, 1, 1, 1, 1, _],
        penalties: [_, 5, 5, 5, 5, 5, 5, 5, 5],
      }),
    }
    const eighteen = card(
      EIGHTEEN,
      {
        putts: [2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 1], // 31
        penalties: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], // 2
        // 10 of its 14 par 4 and 5 holes recorded, 8 hit.
        fairwayHit: [Y, Y, _, Y, N, Y, _, Y, Y, _, Y, _, N, _, Y, _, _, _],
        // All 18 recorded, 11 hit.
        greenInRegulation: [Y, Y, Y, Y, N, Y, Y, N, Y, Y, N, Y, N, Y, N, N, Y, N],
      },
      EIGHTEEN,
    )
    const stats = scoringStats([nines.a, nines.b, nines.partial, eighteen])

    it('gives putts per 18 holes from the rounds with putts on every hole', () => {
      // (16 + 17 + 31) putts × 18 / (9 + 9 + 18) holes = 64 × 18 / 36 = 32.
      expect(stats.puttsPerRound).toEqual({ value: 32, rounds: 3 })
    })

    it('gives penalties per 18 holes the same way', () => {
      // (1 + 0 + 2) × 18 / 36 = 1.5.
      expect(stats.penaltiesPerRound).toEqual({ value: 1.5, rounds: 3 })
    })

    it('gives fairways hit as a share of the par 4 and 5 holes where the fairway was recorded', () => {
      // (4 + 2 + 8) hit / (7 + 3 + 10) recorded = 14 / 20 = 70 %.
      expect(stats.fairwaysHit).toEqual({ value: 70, rounds: 3 })
    })

    it('gives greens in regulation as a share of the holes where the green was recorded', () => {
      // (3 + 4 + 11) / (9 + 9 + 18) = 18 / 36 = 50 %.
      expect(stats.greensInRegulation).toEqual({ value: 50, rounds: 3 })
    })

    it('leaves out a stat that only two rounds recorded', () => {
      const two = scoringStats([nines.a, nines.b, c])
      expect(two.puttsPerRound).toBeNull()
      expect(two.penaltiesPerRound).toBeNull()
      expect(two.fairwaysHit).toBeNull()
      expect(two.greensInRegulation).toBeNull()
      // The strokes are there on all three: par 4, (24 + 21 + 27) / 15 = 4.8.
      expect(two.parAverages[4]).toEqual({ value: 4.8, rounds: 3 })
    })
  })

  it('looks at the latest 20 hole-by-hole rounds only', () => {
    const par = card([3, 3, 3, 3, 3, 3, 3, 3, 3], {}, [3, 3, 3, 3, 3, 3, 3, 3, 3])
    const older = card([9, 9, 9, 9, 9, 9, 9, 9, 9], {}, [3, 3, 3, 3, 3, 3, 3, 3, 3])
    // 20 cards at par with totals among them, then older cards far over par.
    const twenty = Array.from({ length: 20 }, () => par)
    const newestFirst = [TOTAL, ...twenty.slice(0, 10), TOTAL, ...twenty.slice(10), older, older]
    const stats = scoringStats(newestFirst)
    expect(stats.rounds).toBe(20)
    expect(stats.parAverages[3]).toEqual({ value: 3, rounds: 20 })
  })
})

describe('roundStats', () => {
  const strokes = [5, 4, 3, 6, 5, 4, 4, 5, 6]

  it('says nothing of a round with no stat entered', () => {
    expect(roundStats(holeScoresOf(strokes), NINE)).toEqual([])
  })

  it('counts each stat over the holes it was entered on, saying how many when not all', () => {
    const holes = holeScoresOf(strokes, {
      putts: [2, 1, _, _, _, _, _, _, _],
      // A fairway on the par 3 is not one.
      fairwayHit: [N, Y, Y, _, _, _, _, _, _],
      greenInRegulation: [Y, _, _, _, _, _, _, _, _],
      penalties: [_, 1, _, _, _, _, _, _, 2],
    })
    expect(roundStats(holes, NINE)).toEqual([
      { label: 'Putts', value: '3 on 2 holes' },
      { label: 'Fairways hit', value: '1 of 2' },
      { label: 'Greens in regulation', value: '1 of 1' },
      { label: 'Penalty strokes', value: '3' },
    ])
    const everyHole = holeScoresOf(strokes, { putts: [2, 2, 2, 2, 2, 2, 2, 2, 1] })
    expect(roundStats(everyHole, NINE)).toEqual([{ label: 'Putts', value: '17' }])
  })
})
