// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Game } from '@/lib/tables/games'
import { holeScoresOf } from '@/testing/fixtures'
import { fullJson, roundsCsv, type ExportRound } from './export-files'
import { planImportFile } from './import-file'

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [1, 3, 5, 7, 9, 2, 4, 6, 8]
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5]
const GAME: Game = {
  format: 'stableford',
  allowancePercent: 95,
  playingHandicap: 4,
  strokesReceived: 4,
  partners: [
    {
      name: '=Ann',
      index: 8.6,
      teeId: '01JC0000000000000000000T02',
      teeName: 'Red',
      playingHandicap: 6,
      strokesReceived: 6,
      holeStrokes: [4, 5, null, 5, 4, 6, 3, 5, 5],
    },
  ],
}

const card: ExportRound = {
  id: '01JC0000000000000000000002',
  playedOn: '2026-03-01',
  courseName: '=Augusta',
  teeName: 'White',
  holes: 9,
  nine: 'front',
  par: 36,
  courseRating: 35.1,
  slopeRating: 120,
  score: 39,
  holePars: PARS,
  strokeIndexes: INDEXES,
  holeScores: holeScoresOf(STROKES, {
    putts: [2, 1, null, 2, 2, 2, 1, 2, 2],
    fairwayHit: [true, false, null, true, null, null, null, true, false],
  }),
  game: GAME,
  differential: null,
  counts: null,
  adjustedGross: 39,
}
const total: ExportRound = {
  ...card,
  id: '01JC0000000000000000000003',
  playedOn: '2026-03-02',
  holes: 18,
  nine: null,
  par: null,
  courseRating: 72.4,
  slopeRating: 131,
  score: 88,
  holePars: null,
  strokeIndexes: null,
  holeScores: null,
  game: null,
}

const existing = {
  courses: [{ name: '=Augusta', rating: 72.4, slope: 131 }],
  rounds: [],
}
const planOf = (text: string) => {
  const { toAdd, problems } = planImportFile(text, existing, '2026-03-10')
  return {
    problems,
    rounds: toAdd
      .map(({ line: _line, ...round }) => round)
      .sort((a, b) => a.playedOn.localeCompare(b.playedOn)),
  }
}

describe('a round read from either file', () => {
  it('is the same value from the rounds CSV and from the JSON file', () => {
    const fromCsv = planOf(roundsCsv([card, total]))
    const fromJson = planOf(
      fullJson({ email: null, courses: [], rounds: [card, total] }, new Date()),
    )
    expect(fromCsv.problems).toEqual([])
    expect(fromJson.rounds).toEqual(fromCsv.rounds)
    expect(
      fromCsv.rounds.map((round) => [round.courseName, round.nine, round.game?.format]),
    ).toEqual([
      ['=Augusta', 'front', 'stableford'],
      ['=Augusta', null, undefined],
    ])
  })

  it('is held to the same bounds, in the same words', () => {
    const bad = { ...card, score: 40, courseRating: 46 }
    const fromCsv = planOf(roundsCsv([bad])).problems.map((problem) => problem.reason)
    const fromJson = planOf(
      fullJson({ email: null, courses: [], rounds: [bad] }, new Date()),
    ).problems.map((problem) => problem.reason)
    expect(fromJson).toEqual(fromCsv)
    expect(fromCsv).toEqual([
      'The course rating must be a number from 10.0 to 45.0 with at most one decimal for 9 holes; the hole strokes add up to 39, not the score 40; a game is kept only with a round scored hole by hole',
    ])
  })
})
