import { describe, expect, it } from 'vitest'
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
