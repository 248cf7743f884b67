// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Game, GamePartner } from '@/lib/tables/games'
import { holeScoresOf } from '@/testing/fixtures'
import { gameResult, type GameRound } from './game-result'

// A nine: par 36; stroke indexes 1–9, so strokes go to holes 1, 6, 2, 7, 3, 8, 4, 9, 5 in turn.
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [1, 3, 5, 7, 9, 2, 4, 6, 8]
// The golfer's 39.
const MINE = [5, 4, 3, 6, 4, 5, 3, 4, 5]

const partner = (name: string, strokes: number, holeStrokes: (number | null)[]): GamePartner => ({
  name,
  index: 10,
  teeId: '01JD0000000000000000000T01',
  teeName: 'White',
  playingHandicap: strokes,
  strokesReceived: strokes,
  holeStrokes,
})

const round = (game: Game | null, mine: number[] = MINE): GameRound => ({
  game,
  holeScores: holeScoresOf(mine),
  holePars: PARS,
  strokeIndexes: INDEXES,
  teeId: '01JD0000000000000000000T00',
  nine: null,
})

const game = (format: Game['format'], strokes: number, partners: GamePartner[]): Game => ({
  format,
  allowancePercent: 95,
  playingHandicap: strokes,
  strokesReceived: strokes,
  partners,
})

describe('gameResult', () => {
  it('is null for a round without a game', () => {
    expect(gameResult(round(null))).toBeNull()
  })

  it('gives Stableford points, highest first', () => {
    // You, 4 strokes (holes 1, 6, 2, 7): 2 3 2 1 2 2 3 2 2 = 19.
    // Ann, 6 strokes (and holes 3, 8), hole 3 picked up: 3 2 0 2 2 1 3 2 2 = 17.
    // Ben, 12 strokes (2 on holes 1, 6, 2; 1 elsewhere): 2 2 2 1 2 3 2 2 2 = 18.
    const stableford = game('stableford', 4, [
      partner('Ann', 6, [4, 5, null, 5, 4, 6, 3, 5, 5]),
      partner('Ben', 12, [6, 6, 4, 7, 5, 5, 4, 5, 6]),
    ])
    expect(gameResult(round(stableford))).toBe('Stableford: you 19, Ben 18, Ann 17')
  })

  it('gives a match won with holes left, as golf says it', () => {
    // Ben receives 2 (holes 1 and 6). Net: h1 5–5 halved, h2 4–5, h3 3–4 (2 up), h4 6–5 (1 up),
    // h5 4–5 (2 up), h6 5–5 halved, h7 3–4: 3 up with 2 to play.
    const match = game('match', 0, [partner('Ben', 2, [6, 5, 4, 5, 5, 6, 4, 4, 4])])
    expect(gameResult(round(match))).toBe('Match: won 3&2 against Ben')
  })

  it('gives a match lost on the last hole and a match halved', () => {
    // No strokes: Ben wins hole 1 (4–5), halves 2–8 (1 up, 1 to play: not yet decided), wins 9.
    const lost = game('match', 0, [partner('Ben', 0, [4, 4, 3, 6, 4, 5, 3, 4, 4])])
    expect(gameResult(round(lost))).toBe('Match: lost 2 up to Ben')
    const halved = game('match', 0, [partner('Ben', 0, MINE)])
    expect(gameResult(round(halved))).toBe('Match: halved with Ben')
  })

  it('gives net stroke play, lowest first, a plus handicap adding its strokes, a pick-up no return (as the shared result says)', () => {
    // You 39 − 4 = 35; Ann 5+5+4+5+4+6+3+5+5 = 42 − 6 = 36; Cy (plus 1) 36 + 1 = 37; Ben picked up: no return.
    const stroke = game('stroke', 4, [
      partner('Ann', 6, [5, 5, 4, 5, 4, 6, 3, 5, 5]),
      partner('Ben', 10, [5, 5, null, 5, 4, 6, 3, 5, 5]),
      partner('Cy', -1, [4, 4, 3, 5, 4, 4, 3, 4, 5]),
    ])
    expect(gameResult(round(stroke))).toBe('Net: you 35, Ann 36, Cy 37, Ben no return')
  })

  it("counts a partner on another tee on that tee's holes, and on the round's when it is gone", () => {
    // Ann on Red, whose nine is par 5 everywhere with the same indexes, receives nothing and
    // makes 5 on every hole: 2 points a hole, 18, on her own tee; on the golfer's (par 36) 9.
    // You, 4 strokes: 19 as above.
    const red = (teeId: string) =>
      teeId === '01JD0000000000000000000T01'
        ? { holePars: Array.from({ length: 9 }, () => 5), strokeIndexes: INDEXES }
        : undefined
    const mixed = game('stableford', 4, [partner('Ann', 0, [5, 5, 5, 5, 5, 5, 5, 5, 5])])
    expect(gameResult(round(mixed), red)).toBe('Stableford: you 19, Ann 18')
    // Points on the golfer's holes: 1 1 0 2 1 1 0 1 2 = 9.
    expect(gameResult(round(mixed), () => undefined)).toBe('Stableford: you 19, Ann 9')
  })

  it("reads a partner's back nine from an 18-hole tee's holes 10–18", () => {
    const red = () => ({
      holePars: [...Array.from({ length: 9 }, () => 3), ...Array.from({ length: 9 }, () => 5)],
      strokeIndexes: [...INDEXES, ...INDEXES],
    })
    const mixed = game('stableford', 4, [partner('Ann', 0, [5, 5, 5, 5, 5, 5, 5, 5, 5])])
    expect(gameResult({ ...round(mixed), nine: 'back' }, red)).toBe('Stableford: you 19, Ann 18')
    // The front nine's par 3s: no point anywhere.
    expect(gameResult({ ...round(mixed), nine: 'front' }, red)).toBe('Stableford: you 19, Ann 0')
  })
})
