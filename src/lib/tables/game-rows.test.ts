// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { aMatchWith } from '@/testing/fixtures'
import { gameFromRow, gameToRow } from './game-rows'
import type { Game } from './games'
import { roundFromRow, roundToInsert, roundToRow, upgradeRoundRecord } from './rounds'

const GAME: Game = aMatchWith({
  index: -1.2,
  playingHandicap: 2,
  strokesReceived: 2,
  holeStrokes: [4, null, 5],
})

const ROW = {
  format: 'match',
  allowance_percent: 100,
  playing_handicap: 0,
  strokes_received: 0,
  partners: [
    {
      name: 'Ben',
      index: -1.2,
      tee_id: '01JD0000000000000000000T02',
      tee_name: 'White',
      playing_handicap: 2,
      strokes_received: 2,
      hole_strokes: [4, null, 5],
    },
  ],
}

describe("a round's game as the rounds table keeps it", () => {
  it('is sent in snake_case, a name trimmed', () => {
    expect(
      gameToRow({
        ...GAME,
        partners: [{ ...(GAME.partners[0] as Game['partners'][0]), name: '  Ben ' }],
      }),
    ).toEqual(ROW)
  })

  it('reads back as it was sent, numbers from strings too', () => {
    expect(gameFromRow(ROW)).toEqual(GAME)
    expect(
      gameFromRow({
        ...ROW,
        allowance_percent: '100',
        partners: [{ ...ROW.partners[0], index: '-1.2', hole_strokes: ['4', null, '5'] }],
      }),
    ).toEqual(GAME)
  })

  it('carries the holes the golfer picked up, and a game stored before them has none', () => {
    const pickedUp: Game = { ...GAME, pickedUp: [11, 17] }
    expect(gameToRow(pickedUp)).toEqual({ ...ROW, picked_up: [11, 17] })
    expect(gameFromRow({ ...ROW, picked_up: [11, 17] })).toEqual(pickedUp)
    expect(gameFromRow({ ...ROW, picked_up: ['11', '17'] })).toEqual(pickedUp)
    expect(gameToRow(GAME)).not.toHaveProperty('picked_up')
    expect(gameFromRow(ROW)?.pickedUp).toBeUndefined()
  })

  it('is null for no game or a value that is not one', () => {
    expect(gameFromRow(null)).toBeNull()
    expect(gameFromRow(undefined)).toBeNull()
    expect(gameFromRow('match')).toBeNull()
    expect(gameFromRow({ ...ROW, format: 'skins' })).toBeNull()
  })

  const INPUT = {
    courseId: '01JD0000000000000000000P01',
    teeId: '01JD0000000000000000000T01',
    nine: null,
    score: 13,
    holeScores: [5, 4, 4].map((strokes) => ({
      strokes,
      putts: null,
      fairwayHit: null,
      greenInRegulation: null,
      penalties: null,
    })),
    playedOn: '2026-11-20',
  }

  it('goes with a new round in its insert; an edit without it keeps it, null removes it', () => {
    expect(roundToInsert('01JD0000000000000000000R01', { ...INPUT, game: GAME })).toMatchObject({
      game: ROW,
    })
    expect(roundToRow(INPUT)).not.toHaveProperty('game')
    expect(roundToRow({ ...INPUT, game: null })).toHaveProperty('game', null)
  })

  it("is the round's, from its row", () => {
    const row = {
      id: '01JD0000000000000000000R01',
      user_id: '6f1c3f7e-1d2a-4c1b-9e8a-2b5d4f6a7c8d',
      course_id: INPUT.courseId,
      course_name: 'Links',
      tee_id: INPUT.teeId,
      tee_name: 'Blue',
      holes: 18,
      nine: null,
      course_rating: 72,
      slope_rating: 130,
      par: 72,
      hole_pars: null,
      stroke_indexes: null,
      hole_strokes: null,
      hole_putts: null,
      hole_fairways: null,
      hole_greens: null,
      hole_penalties: null,
      score: 90,
      played_on: '2026-11-20',
      created_at: '2026-11-20T10:00:00.000Z',
    }
    expect(roundFromRow({ ...row, game: ROW }).game).toEqual(GAME)
    expect(roundFromRow({ ...row, game: null }).game).toBeNull()
  })

  it('is null on a record kept by version 4, which had none', () => {
    const record = {
      id: '01JD0000000000000000000R01',
      courseId: INPUT.courseId,
      courseName: 'Links',
      teeId: INPUT.teeId,
      teeName: 'Blue',
      holes: 18,
      nine: null,
      courseRating: 72,
      slopeRating: 130,
      par: 72,
      holePars: null,
      strokeIndexes: null,
      score: 90,
      holeScores: null,
      playedOn: '2026-11-20',
      createdAt: '2026-11-20T10:00:00.000Z',
    }
    expect(upgradeRoundRecord(record)).toEqual({ ...record, game: null })
  })
})
