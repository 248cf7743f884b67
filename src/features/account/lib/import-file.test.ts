// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { coursesCsv } from './export-files'
import { FILE_NOT_EXPORT, FILE_NOT_JSON, planImportFile } from './import-file'
import { importFilePayload } from './import-payload'

const TODAY = '2026-11-26'
const WHITE_PARS = [4, 4, 4, 3, 4, 3, 4, 4, 4, 4, 3, 4, 4, 4, 3, 4, 5, 4]
const WHITE_INDEXES = [5, 9, 1, 15, 3, 17, 7, 11, 13, 6, 18, 4, 10, 2, 16, 12, 8, 14]
const white = {
  name: 'White',
  rating: 66.9,
  slope: 117,
  par: 69,
  holes: 18 as const,
  holePars: WHITE_PARS,
  strokeIndexes: WHITE_INDEXES,
}
const nothing = { courses: [], rounds: [] }

function sequentialIds() {
  let next = 0
  return () => `id-${(next += 1)}`
}

// A whole file as "Download everything (JSON)" writes it (version 2), cut to what is read: a
// course with an 18-hole tee with its holes and a 9-hole tee without, no round on the second; a
// front nine from the first, scored hole by hole (4 5 3 6 4 5 3 4 5 = 39); the settings.
const FILE = `{
  "format": "hcpfast-export",
  "version": 2,
  "exportedAt": "2026-11-26T12:00:00.000Z",
  "email": "golfer@example.test",
  "courses": [
    {
      "id": "01JC0000000000000000000001",
      "name": "Kilspindie",
      "rating": 66.9,
      "slope": 117,
      "par": 69,
      "tees": [
        {
          "id": "01JC0000000000000000000001",
          "name": "White",
          "rating": 66.9,
          "slope": 117,
          "par": 69,
          "holes": 18,
          "holePars": [4, 4, 4, 3, 4, 3, 4, 4, 4, 4, 3, 4, 4, 4, 3, 4, 5, 4],
          "strokeIndexes": [5, 9, 1, 15, 3, 17, 7, 11, 13, 6, 18, 4, 10, 2, 16, 12, 8, 14]
        },
        {
          "id": "01JC0000000000000000000002",
          "name": "Loch 9",
          "rating": 33.0,
          "slope": 110,
          "par": null,
          "holes": 9,
          "holePars": null,
          "strokeIndexes": null
        }
      ]
    }
  ],
  "rounds": [
    {
      "id": "01JC0000000000000000000003",
      "playedOn": "2026-11-01",
      "courseName": "Kilspindie",
      "teeName": "White",
      "holes": 9,
      "nine": "front",
      "courseRating": 33.5,
      "slopeRating": 115,
      "score": 39,
      "par": 34,
      "holePars": [4, 4, 4, 3, 4, 3, 4, 4, 4],
      "strokeIndexes": [5, 9, 1, 15, 3, 17, 7, 11, 13],
      "holeScores": [
        { "strokes": 4, "putts": 2, "fairwayHit": true, "greenInRegulation": true, "penalties": null },
        { "strokes": 5, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null },
        { "strokes": 3, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null },
        { "strokes": 6, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": 1 },
        { "strokes": 4, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null },
        { "strokes": 5, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null },
        { "strokes": 3, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null },
        { "strokes": 4, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null },
        { "strokes": 5, "putts": null, "fairwayHit": null, "greenInRegulation": null, "penalties": null }
      ],
      "differential": null,
      "counts": null,
      "adjustedGross": 999
    }
  ],
  "settings": { "courseHandicapSource": "whs", "startingIndex": -1.5 }
}`

describe('a whole JSON file', () => {
  it('plans its tees, its nine with its side and its settings, and sends them in one payload', () => {
    const plan = planImportFile(FILE, nothing, TODAY)
    expect(plan.fileError).toBeNull()
    expect(plan.problems).toEqual([])
    expect(plan.newCourses).toEqual([{ name: 'Kilspindie', rating: 66.9, slope: 117 }])
    expect(plan.settings).toEqual({ courseHandicapSource: 'whs', startingIndex: -1.5 })
    // The file's adjusted gross (999) is not read: the handicap computes it.
    expect(importFilePayload(plan, sequentialIds())).toEqual({
      tees: [
        {
          tee_id: 'id-2',
          course_id: 'id-1',
          course_name: 'Kilspindie',
          course_rating: 66.9,
          slope_rating: 117,
          course_par: 69,
          tee_name: 'White',
          rating: 66.9,
          slope: 117,
          par: 69,
          holes: 18,
          hole_pars: WHITE_PARS,
          stroke_indexes: WHITE_INDEXES,
        },
        {
          tee_id: 'id-3',
          course_id: 'id-1',
          course_name: 'Kilspindie',
          course_rating: 66.9,
          slope_rating: 117,
          course_par: 69,
          tee_name: 'Loch 9',
          rating: 33,
          slope: 110,
          par: null,
          holes: 9,
          hole_pars: null,
          stroke_indexes: null,
        },
      ],
      rounds: [
        {
          round_id: 'id-5',
          course_id: 'id-4',
          course_name: 'Kilspindie',
          course_rating: 33.5,
          slope_rating: 115,
          played_on: '2026-11-01',
          score: 39,
          tee_name: 'White',
          holes: 9,
          nine: 'front',
          par: 34,
          hole_pars: [4, 4, 4, 3, 4, 3, 4, 4, 4],
          stroke_indexes: [5, 9, 1, 15, 3, 17, 7, 11, 13],
          hole_strokes: [4, 5, 3, 6, 4, 5, 3, 4, 5],
          hole_putts: [2, null, null, null, null, null, null, null, null],
          hole_fairways: [true, null, null, null, null, null, null, null, null],
          hole_greens: [true, null, null, null, null, null, null, null, null],
          hole_penalties: [null, null, null, 1, null, null, null, null, null],
        },
      ],
      settings: { course_handicap_source: 'whs', starting_index: -1.5 },
    })
  })

  it('adds only the tees the golfer does not have, and no course they have', () => {
    const plan = planImportFile(
      FILE,
      {
        courses: [
          {
            name: 'Kilspindie',
            rating: 66.9,
            slope: 117,
            tees: [{ id: 't1', ...white }],
          },
        ],
        rounds: [],
      },
      TODAY,
    )
    expect(plan.newCourses).toEqual([])
    expect(plan.tees.map((tee) => tee.name)).toEqual(['Loch 9'])
  })

  it('reads a version 1 file (courses without tees, rounds without their nine): each course is its one tee', () => {
    const old = JSON.stringify({
      format: 'hcpfast-export',
      version: 1,
      exportedAt: '2026-11-20T12:00:00.000Z',
      email: 'golfer@example.test',
      courses: [{ id: 'c1', name: 'Old Links', rating: 71.3, slope: 129, par: 72 }],
      rounds: [
        {
          id: 'r1',
          playedOn: '2026-11-02',
          courseName: 'Old Links',
          teeName: 'Default',
          holes: 18,
          courseRating: 71.3,
          slopeRating: 129,
          score: 85,
          differential: 12.0,
          counts: null,
          par: 72,
          holePars: null,
          strokeIndexes: null,
          holeScores: null,
        },
      ],
      settings: null,
    })
    const plan = planImportFile(old, nothing, TODAY)
    expect(plan.problems).toEqual([])
    expect(plan.settings).toBeNull()
    expect(plan.tees).toEqual([
      {
        courseName: 'Old Links',
        course: { rating: 71.3, slope: 129, par: 72 },
        name: 'Default',
        rating: 71.3,
        slope: 129,
        par: 72,
        holes: 18,
        holePars: null,
        strokeIndexes: null,
      },
    ])
    expect(plan.toAdd).toMatchObject([
      { line: 1, courseName: 'Old Links', teeName: 'Default', nine: null, par: 72, score: 85 },
    ])
  })

  it('names the course, tee, round or setting and the field of each problem', () => {
    const file = JSON.parse(FILE) as {
      courses: { tees: Record<string, unknown>[] }[]
      rounds: Record<string, unknown>[]
      settings: Record<string, unknown>
    }
    const white = file.courses[0]?.tees[0] as Record<string, unknown>
    white.strokeIndexes = (white.strokeIndexes as number[]).slice(0, 17)
    const loch = file.courses[0]?.tees[1] as Record<string, unknown>
    loch.holePars = [7, 4, 4, 3, 4, 3, 4, 4, 4]
    const round = file.rounds[0] as Record<string, unknown>
    round.nine = 'middle'
    file.settings = { courseHandicapSource: 'ega', startingIndex: 60 }
    const plan = planImportFile(JSON.stringify(file), nothing, TODAY)
    expect(plan.problems).toEqual([
      {
        line: 1,
        at: 'Course 1 (Kilspindie), tee 1 (White)',
        reason: 'The stroke indexes must list 18 values, one per hole (found 17)',
      },
      {
        line: 2,
        at: 'Course 1 (Kilspindie), tee 2 (Loch 9)',
        reason: 'Hole 1: the par must be 3 to 6',
      },
      {
        line: 1,
        at: 'Round 1 (2026-11-01, Kilspindie)',
        reason: 'The nine must be front or back, and only for 9 holes',
      },
      {
        line: 0,
        at: 'Settings',
        reason:
          'The course handicap source must be spec (HCP) or whs (the WHS estimate), not "ega"; the starting index must be from -10.0 to 54.0 (a plus index is negative), in tenths, not 60',
      },
    ])
  })

  it('refuses a file that is not JSON, or not an export, as a whole', () => {
    expect(planImportFile('{"format": "hcpfast-export",', nothing, TODAY).fileError).toBe(
      FILE_NOT_JSON,
    )
    expect(planImportFile('{"rounds": []}', nothing, TODAY).fileError).toBe(FILE_NOT_EXPORT)
  })

  it('reads a CSV of rounds as before, as the previous version exported it (no Nine, Par or Adjusted gross)', () => {
    const old = [
      '\uFEFFDate played,Course name,Course rating,Slope rating,Score,Tee,Holes,Differential,Counts,Adjusted differential,Exceptional reduction,Counts for WHS,Hole pars,Stroke indexes,Hole strokes,Hole putts,Hole fairways,Hole greens,Hole penalties',
      '2026-11-02,Links,35.0,120,44,White,9,,,,,,,,,,,,',
      '2026-11-01,Links,72.0,113,85,White,18,13.0,yes,13.0,0.0,yes,,,,,,,',
      '',
    ].join('\r\n')
    const plan = planImportFile(
      old,
      { courses: [{ name: 'Links', rating: 72, slope: 113 }], rounds: [] },
      TODAY,
    )
    expect(plan.problems).toEqual([])
    expect(plan.tees).toEqual([])
    expect(plan.settings).toBeNull()
    expect(plan.toAdd.map(({ line, holes, nine, par }) => [line, holes, nine, par])).toEqual([
      [2, 9, null, null],
      [3, 18, null, null],
    ])
  })
})

describe('the courses CSV', () => {
  it('has a line per tee with its holes, each with its course’s columns', () => {
    const csv = coursesCsv([
      {
        id: 'c1',
        name: 'Kilspindie',
        rating: 66.9,
        slope: 117,
        par: 69,
        tees: [
          { id: 'c1', ...white },
          {
            id: 't2',
            name: 'Loch 9',
            rating: 33,
            slope: 110,
            par: null,
            holes: 9,
            holePars: null,
            strokeIndexes: null,
          },
        ],
      },
    ])
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFCourse name,Course rating,Slope rating,Par,Tee,Tee course rating,Tee slope rating,Tee par,Holes,Hole pars,Stroke indexes',
      'Kilspindie,66.9,117,69,White,66.9,117,69,18,4 4 4 3 4 3 4 4 4 4 3 4 4 4 3 4 5 4,5 9 1 15 3 17 7 11 13 6 18 4 10 2 16 12 8 14',
      'Kilspindie,66.9,117,69,Loch 9,33.0,110,,9,,',
      '',
    ])
  })
})
