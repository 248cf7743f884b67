// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { holeScoresOf } from '@/testing/fixtures'
import { toCsv } from './csv'
import { fullJson, roundsCsv, type ExportRound } from './export-files'
import { importPayload } from './import-payload'
import { planImport } from './import-plan'

const TODAY = '2026-03-10'
const Y = true
const N = false
const _ = null

// Augusta's White tee, 18 holes: par 72; strokes 48 out + 46 in = 94.
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4]
const INDEXES = [7, 3, 17, 1, 11, 5, 15, 9, 13, 8, 2, 16, 10, 6, 14, 18, 4, 12]
const STROKES = [4, 5, 4, 6, 5, 5, 8, 6, 5, 4, 5, 7, 6, 5, 5, 3, 6, 5]
const PUTTS = [2, 2, 2, 2, 2, 1, 3, 2, 2, 1, 2, 2, 2, 2, 2, 1, 2, _]
const FAIRWAYS = [Y, N, _, Y, Y, N, _, Y, N, Y, Y, _, N, Y, Y, _, Y, N]
const PENALTIES = [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]

const base = {
  courseName: 'Augusta',
  teeName: 'White',
  holes: 18 as const,
  par: 72,
  courseRating: 72.1,
  slopeRating: 130,
  differential: null,
  counts: null,
  adjustedGross: null,
  nine: null,
}
const card: ExportRound = {
  ...base,
  id: '01JC0000000000000000000002',
  playedOn: '2026-03-01',
  score: 94,
  holePars: PARS,
  strokeIndexes: INDEXES,
  holeScores: holeScoresOf(STROKES, {
    putts: PUTTS,
    fairwayHit: FAIRWAYS,
    penalties: PENALTIES,
  }),
}
const total: ExportRound = {
  ...base,
  id: '01JC0000000000000000000001',
  playedOn: '2026-02-28',
  score: 88,
  holePars: PARS,
  strokeIndexes: INDEXES,
  holeScores: null,
}

function sequentialIds() {
  let next = 0
  return () => `id-${(next += 1)}`
}

describe('hole scores through export and import', () => {
  it('imports an exported card into an empty account with the same holes', () => {
    const plan = planImport(roundsCsv([card, total]), { courses: [], rounds: [] }, TODAY)
    expect(plan.problems).toEqual([])
    const payload = importPayload(plan.toAdd, sequentialIds())
    expect(payload).toEqual([
      {
        round_id: 'id-2',
        course_id: 'id-1',
        course_name: 'Augusta',
        course_rating: 72.1,
        slope_rating: 130,
        played_on: '2026-03-01',
        score: 94,
        tee_name: 'White',
        par: 72,
        hole_pars: [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4],
        stroke_indexes: [7, 3, 17, 1, 11, 5, 15, 9, 13, 8, 2, 16, 10, 6, 14, 18, 4, 12],
        hole_strokes: [4, 5, 4, 6, 5, 5, 8, 6, 5, 4, 5, 7, 6, 5, 5, 3, 6, 5],
        hole_putts: [2, 2, 2, 2, 2, 1, 3, 2, 2, 1, 2, 2, 2, 2, 2, 1, 2, null],
        hole_fairways: [Y, N, _, Y, Y, N, _, Y, N, Y, Y, _, N, Y, Y, _, Y, N],
        // Recorded on no hole: null, as the rounds table keeps it.
        hole_greens: null,
        hole_penalties: [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
      },
      // A round entered as a total sends no hole data, even from a tee with hole pars.
      {
        round_id: 'id-3',
        course_id: 'id-1',
        course_name: 'Augusta',
        course_rating: 72.1,
        slope_rating: 130,
        played_on: '2026-02-28',
        score: 88,
        tee_name: 'White',
        // The tee's par travels with the round, for a tee the import makes.
        par: 72,
      },
    ])
  })

  it('sends an older file’s round as before: no tee, no holes', () => {
    const old = toCsv([
      ['Date played', 'Course name', 'Course rating', 'Slope rating', 'Score'],
      ['2025-05-01', 'Links', '72.1', '130', '88'],
    ])
    const plan = planImport(old, { courses: [], rounds: [] }, TODAY)
    expect(importPayload(plan.toAdd, sequentialIds())).toEqual([
      {
        round_id: 'id-2',
        course_id: 'id-1',
        course_name: 'Links',
        course_rating: 72.1,
        slope_rating: 130,
        played_on: '2025-05-01',
        score: 88,
      },
    ])
  })

  it('refuses a line whose holes do not add up to its score, naming the line', () => {
    const plan = planImport(roundsCsv([{ ...card, score: 95 }]), { courses: [], rounds: [] }, TODAY)
    expect(plan.toAdd).toEqual([])
    expect(plan.problems).toEqual([
      { line: 2, reason: 'The hole strokes add up to 94, not the score 95' },
    ])
  })

  it('carries each round’s holes in the JSON export', () => {
    const json = JSON.parse(
      fullJson({ email: null, courses: [], rounds: [card] }, new Date('2026-03-10T12:00:00Z')),
    ) as { rounds: { holeScores: unknown[] }[] }
    expect(json.rounds[0]?.holeScores[6]).toEqual({
      strokes: 8,
      putts: 3,
      fairwayHit: null,
      greenInRegulation: null,
      penalties: 2,
    })
    expect(json.rounds[0]?.holeScores).toHaveLength(18)
  })

  it('carries the starting index and source in the JSON export, a plus index as stored', () => {
    const settings = { courseHandicapSource: 'whs', startingIndex: -1.2 } as const
    const json = JSON.parse(
      fullJson(
        { email: null, courses: [], rounds: [], settings },
        new Date('2026-03-10T12:00:00Z'),
      ),
    ) as { settings: unknown }
    expect(json.settings).toEqual({ courseHandicapSource: 'whs', startingIndex: -1.2 })
  })
})
