import type { Game } from '@/lib/tables/games'
import { holeScoresOf } from '@/testing/fixtures'
import type { ExportRound } from './lib/export-files'

export const NINE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
// 5+4+3+6+4+5+3+4+5 = 39.
export const NINE_STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5]

/** For tests: a nine at Augusta scored hole by hole (39 strokes) with the game given. */
export const aNineWithGame = (game: Game): ExportRound => ({
  id: '01JC0000000000000000000002',
  playedOn: '2026-03-01',
  courseName: 'Augusta',
  teeName: 'White',
  holes: 9,
  par: 36,
  courseRating: 35.1,
  slopeRating: 120,
  score: 39,
  differential: null,
  counts: null,
  adjustedGross: null,
  nine: null,
  holePars: NINE_PARS,
  strokeIndexes: [1, 3, 5, 7, 9, 2, 4, 6, 8],
  holeScores: holeScoresOf(NINE_STROKES),
  game,
})
