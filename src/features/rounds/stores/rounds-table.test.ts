import { describe, expect, it } from 'vitest'
import { DataError } from '@/lib/data-error'
import { aCourse, aRound } from '@/testing/fixtures'
import { roundsTable } from './rounds-table'

const hole = (strokes: number) => ({
  strokes,
  putts: null,
  fairwayHit: null,
  greenInRegulation: null,
  penalties: null,
})

describe('what a refused round keeps in the Not saved list', () => {
  const course = aCourse({ name: 'Pebble Beach' })

  it('is its score, course and day for a round entered as a total', () => {
    expect(roundsTable.describe(aRound(course, 88, { playedOn: '2026-11-12' }))).toBe(
      'Score 88 at Pebble Beach, 12 Nov 2026',
    )
  })

  it("adds each hole's strokes for a round scored hole by hole", () => {
    const round = aRound(course, 38, {
      playedOn: '2026-11-12',
      holes: 9,
      holeScores: [5, 4, 3, 5, 4, 4, 3, 5, 5].map(hole),
    })
    expect(roundsTable.describe(round)).toBe(
      'Score 38 at Pebble Beach, 12 Nov 2026 (strokes 5 4 3 5 4 4 3 5 5)',
    )
  })
})

describe("a round's game", () => {
  const course = aCourse({ name: 'Pebble Beach' })
  const round = aRound(course, 38, {
    playedOn: '2026-11-12',
    holes: 9,
    holeScores: [5, 4, 3, 5, 4, 4, 3, 5, 5].map(hole),
    game: {
      format: 'stableford',
      allowancePercent: 95,
      playingHandicap: 4,
      strokesReceived: 4,
      partners: [
        {
          name: 'Ann',
          index: 54.1,
          teeId: 'red',
          teeName: 'Red',
          playingHandicap: 30,
          strokesReceived: 30,
          holeStrokes: [6, 5, null, 7, 6, 5, 4, 6, 7],
        },
        {
          name: 'Ben',
          index: -1.2,
          teeId: 'white',
          teeName: 'White',
          playingHandicap: 0,
          strokesReceived: 0,
          holeStrokes: [4, 4, 3, 5, 4, 4, 3, 4, 5],
        },
      ],
    },
  })

  it('is kept in the Not saved list as typed: each partner, index, tee and strokes', () => {
    expect(roundsTable.describe(round)).toBe(
      'Score 38 at Pebble Beach, 12 Nov 2026 (strokes 5 4 3 5 4 4 3 5 5); Stableford 95%: ' +
        'Ann 54.1, Red (strokes 6 5 – 7 6 5 4 6 7); Ben +1.2, White (strokes 4 4 3 5 4 4 3 4 5)',
    )
    const pickedUp = { ...round, game: round.game && { ...round.game, pickedUp: [4, 7] } }
    expect(roundsTable.describe(pickedUp)).toMatch(
      /White \(strokes 4 4 3 5 4 4 3 4 5\); you picked up on 4, 7$/,
    )
  })

  // The database's own words (tests/db/games.test.ts), as PostgREST passes them on.
  const refusals: [string, string, string][] = [
    [
      '23514',
      'partner 1: the index must be from -10.0 to 54.0, in tenths',
      "Partner 1's index must be from +10.0 to 54.0, in tenths.",
    ],
    [
      '23514',
      'partner 2: the name must be 1 to 60 characters, without spaces at either end',
      "Partner 2's name must be 1 to 60 characters.",
    ],
    [
      '23514',
      'partner 1, hole 7: strokes must be from 1 to 20 (or picked up)',
      'Partner 1, hole 7: strokes must be from 1 to 20, or picked up.',
    ],
    [
      '23514',
      'partner 1: the card has 17 holes, but this round is played over 18',
      "Partner 1's card has 17 holes; this round has 18.",
    ],
    [
      '23514',
      'the allowance must be a whole number from 0 to 100%',
      'The allowance must be a whole number from 0 to 100%.',
    ],
    ['23514', 'match play is against exactly 1 partner', 'Match play is you against one partner.'],
    [
      '23514',
      'you picked up on hole 19, which this round does not have (holes 1 to 18)',
      'You picked up on hole 19, which this round does not have (holes 1 to 18).',
    ],
    ['23514', 'hole 4 is picked up more than once', 'Hole 4 is picked up twice.'],
    [
      '23514',
      'hole 7 was picked up: it must be scored at net double bogey, off the same course handicap as the other holes you picked up',
      'Hole 7 was picked up: it counts as net double bogey, off the same course handicap as your other holes picked up.',
    ],
    ['23514', 'a game has 1 to 3 partners', 'A game has 2 to 4 players: you and 1 to 3 partners.'],
    [
      '42501',
      "partner 1: the tee must be one of your tees of this round's course",
      "Partner 1's tee must be one of this course's tees.",
    ],
    [
      '23514',
      'new row for relation "rounds" violates check constraint "rounds_game_partners_have_a_tee"',
      "Couldn't save the round's game: check each player's name, index and tee, and the allowance.",
    ],
  ]
  it.each(refusals)('refused (%s) "%s": says "%s", never the connection', (code, message, says) => {
    const error = new DataError({ code, message })
    expect(error.refused).toBe(true)
    expect(roundsTable.refusalMessage('add', error)).toBe(says)
    expect(roundsTable.refusalMessage('edit', error)).toBe(says)
  })

  it('leaves a refusal of something else as it was', () => {
    const error = new DataError({ code: '23514', message: 'hole 7: strokes must be from 1 to 20' })
    expect(roundsTable.refusalMessage('add', error)).toMatch(/^Error adding round/)
  })
})
