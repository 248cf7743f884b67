// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseAllowance, parsePartnerName, playerTee, startGame } from './first-tee'
import type { GameTee, PlayedHoles } from '@/lib/played-holes'

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [7, 3, 17, 1, 11, 15, 5, 9, 13, 8, 4, 18, 2, 12, 16, 6, 10, 14]
const tee = (id: string, rating: number, slope: number, pars = PARS): GameTee => ({
  id,
  name: id,
  rating,
  slope,
  holes: 18,
  holePars: pars,
  strokeIndexes: INDEXES,
})
// Par 72 from both; Yellow's first hole a par 5 (par 73).
const WHITE = tee('White', 71.0, 125)
const YELLOW = tee('Yellow', 69.9, 120, [5, ...PARS.slice(1)])
const ALL: PlayedHoles = { teeId: 'White', rating: 71.0, slope: 125, from: 0, to: 18 }

describe('the first tee', () => {
  it("plays the golfer's tee off the card's rating, another tee's nine off half its rating", () => {
    const back: PlayedHoles = { teeId: 'White', rating: 35.4, slope: 118, from: 9, to: 18 }
    expect(playerTee(WHITE, back)).toEqual({
      playing: { courseRating: 35.4, slopeRating: 118, par: 36, holes: 9 },
      holePars: null,
      strokeIndexes: null,
    })
    // 69.9 / 2 = 34.95, to the tenth with .5 up: 35.0.
    expect(playerTee(YELLOW, back)).toEqual({
      playing: { courseRating: 35, slopeRating: 120, par: 36, holes: 9 },
      holePars: PARS.slice(9),
      strokeIndexes: INDEXES.slice(9),
    })
  })

  it('starts the game with every player figured, at an allowance of 85%', () => {
    // Par 72 and rating 71.0: course handicaps: 8.6 × 125 / 113 − 1 = 8.513 → 9; 10.3 → 10.394 → 10.
    // Playing: 8.513 × 0.85 = 7.24 → 7; 10.394 × 0.85 = 8.83 → 9.
    const game = startGame(
      'stableford',
      85,
      { index: 8.6, tee: WHITE },
      [{ name: 'Ann', index: 10.3, tee: WHITE }],
      ALL,
    )
    expect(game).toMatchObject({
      format: 'stableford',
      allowancePercent: 85,
      index: 8.6,
      courseHandicap: 9,
      playingHandicap: 7,
      strokes: 7,
    })
    expect(game.partners).toEqual([
      {
        name: 'Ann',
        index: 10.3,
        teeId: 'White',
        teeName: 'White',
        holePars: null,
        strokeIndexes: null,
        courseHandicap: 10,
        playingHandicap: 9,
        strokes: 9,
        scores: Array.from({ length: 18 }, () => null),
      },
    ])
  })

  it('adds the par difference of mixed tees in match play, the lower playing off 0', () => {
    // You: 8.6 × 125 / 113 − 1 = 8.513 → 9. Ben from Yellow (rating 69.9, slope 120, par 73):
    // 20.0 × 120 / 113 + 69.9 − 73 = 18.139 → 18, + 1 (73 − 72) = 19; he receives 19 − 9 = 10.
    const game = startGame(
      'match',
      100,
      { index: 8.6, tee: WHITE },
      [{ name: 'Ben', index: 20.0, tee: YELLOW }],
      ALL,
    )
    expect([game.courseHandicap, game.playingHandicap, game.strokes]).toEqual([9, 9, 0])
    const [ben] = game.partners
    expect([ben?.courseHandicap, ben?.playingHandicap, ben?.strokes]).toEqual([18, 19, 10])
    expect(ben?.holePars?.[0]).toBe(5)
  })

  it('reads a name and an allowance as typed, refusing what the bounds refuse', () => {
    expect(parsePartnerName('  Ann ')).toBe('Ann')
    expect(parsePartnerName('   ')).toBeNull()
    expect(parsePartnerName('a'.repeat(60))).toHaveLength(60)
    expect(parsePartnerName('a'.repeat(61))).toBeNull()
    expect(parseAllowance('95')).toBe(95)
    expect(parseAllowance('100 %')).toBe(100)
    expect(parseAllowance('0')).toBe(0)
    expect(parseAllowance('101')).toBeNull()
    expect(parseAllowance('9.5')).toBeNull()
    expect(parseAllowance('')).toBeNull()
    expect(parseAllowance('-5')).toBeNull()
  })
})
