// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'
import { roundsCsv } from './export-files'
import {
  FILE_NOT_TEXT,
  FILE_TOO_LARGE,
  MAX_IMPORT_BYTES,
  planImport,
  readImportFile,
  type ExistingRecord,
  type ImportRound,
} from './import-plan'

const TODAY = '2026-03-10'
const nothing: ExistingRecord = { courses: [], rounds: [] }
const HEADER = ['Date played', 'Course name', 'Course rating', 'Slope rating', 'Score']
/** A planned round of 18 holes with nothing beyond the five columns unless a test says so. */
function plannedRound(
  read: Pick<
    ImportRound,
    'line' | 'playedOn' | 'courseName' | 'courseRating' | 'slopeRating' | 'score'
  > &
    Partial<ImportRound>,
): ImportRound {
  return {
    teeName: null,
    holes: 18,
    nine: null,
    par: null,
    holePars: null,
    strokeIndexes: null,
    holeScores: null,
    ...read,
  }
}
const file = (...rows: (string | number)[][]) => toCsv([HEADER, ...rows])

describe('readImportFile', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer

  it('refuses a file over 1 MB, binary and text that is not UTF-8', () => {
    expect(readImportFile(new ArrayBuffer(10 * 1024 * 1024))).toEqual({ error: FILE_TOO_LARGE })
    expect(readImportFile(new ArrayBuffer(MAX_IMPORT_BYTES + 1))).toEqual({ error: FILE_TOO_LARGE })
    expect(readImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]).buffer)).toEqual({
      error: FILE_NOT_TEXT,
    })
    expect(readImportFile(new Uint8Array([0x61, 0xff, 0xfe]).buffer)).toEqual({
      error: FILE_NOT_TEXT,
    })
  })

  it('reads UTF-8 text', () => {
    expect(readImportFile(bytes('Café 🏌️'))).toEqual({ text: 'Café 🏌️' })
  })
})

/** The plan of a file's one row: an 88 on 1 May 2025 at a course new to the golfer, 72.1 / 130. */
function expectOneRoundOnANewCourse(plan: ReturnType<typeof planImport>, courseName: string) {
  expect(plan.toAdd).toEqual([
    plannedRound({
      line: 2,
      playedOn: '2025-05-01',
      courseName,
      courseRating: 72.1,
      slopeRating: 130,
      score: 88,
    }),
  ])
  expect(plan.newCourses).toEqual([{ name: courseName, rating: 72.1, slope: 130 }])
}

describe('planImport', () => {
  it('finds columns by header name in any order and ignores others', () => {
    const text = 'Score,notes,SLOPE,course,Date,Rating\n88,x,130,"Links, The",2025-05-01,72.1\n'
    const plan = planImport(text, nothing, TODAY)
    expect(plan.problems).toEqual([])
    expectOneRoundOnANewCourse(plan, 'Links, The')
  })

  it('names the missing columns of a wrong file', () => {
    expect(planImport('Name,Points\nA,1\n', nothing, TODAY).fileError).toBe(
      'The first line must name the columns Date played, Course name, Course rating, Slope rating and Score (in any order). Missing: Date played, Course name, Course rating, Slope rating, Score.',
    )
    expect(planImport('', nothing, TODAY).fileError).toBe('This file has no rounds in it.')
  })

  it('reports every bad line with its number and reason', () => {
    const plan = planImport(
      file(
        ['2025-05-01', 'Links', '72.1', '130', '88'],
        ['2026-03-11', 'Links', '72.1', '130', '88'],
        ['1899-12-31', 'Links', '72.1', '130', '88'],
        ['01/05/2025', 'Links', '72.1', '130', '88'],
        ['2025-05-02', 'Links', '72.1', '130', '17'],
        ['2025-05-02', 'Links', '72.1', '130', '201'],
        ['2025-05-02', 'Links', '95', '160', 'ninety'],
        ['2025-05-02', '', '72.1', '130', '88'],
      ),
      nothing,
      TODAY,
    )
    expect(plan.toAdd.map((round) => round.line)).toEqual([2])
    expect(plan.problems).toEqual([
      { line: 3, reason: 'The date played is in the future' },
      { line: 4, reason: 'The date played is before 1900' },
      { line: 5, reason: 'The date played must be a date written YYYY-MM-DD' },
      { line: 6, reason: 'The score must be a whole number from 18 to 200' },
      { line: 7, reason: 'The score must be a whole number from 18 to 200' },
      {
        line: 8,
        reason:
          'The course rating must be a number from 20.0 to 90.0 with at most one decimal; the slope rating must be a whole number from 55 to 155; the score must be a whole number from 18 to 200',
      },
      { line: 9, reason: 'The course name is empty' },
    ])
  })

  it('refuses a formula in a raw file, and reads back a name this app neutralised', () => {
    const raw =
      'Date played,Course name,Course rating,Slope rating,Score\n2025-05-01,"=HYPERLINK(""http://evil"",""x"")",72.1,130,88\n'
    expect(planImport(raw, nothing, TODAY).problems).toEqual([
      {
        line: 2,
        reason:
          'The course name starts with =, +, -, @ or a tab, which a spreadsheet would run as a formula',
      },
    ])
    const exported = file(['2025-05-01', '=cmd()', '72.1', '130', '88'])
    expect(planImport(exported, nothing, TODAY).toAdd[0]?.courseName).toBe('=cmd()')
  })

  it('skips rounds already stored and repeated lines, and knows existing courses', () => {
    const existing: ExistingRecord = {
      courses: [{ name: 'Links', rating: 72.1, slope: 130 }],
      rounds: [
        {
          playedOn: '2025-05-01',
          courseName: 'Links',
          courseRating: 72.1,
          slopeRating: 130,
          score: 88,
        },
      ],
    }
    const plan = planImport(
      file(
        ['2025-05-01', 'Links', '72.1', '130', '88'],
        ['2025-05-02', 'Links', '72.1', '130', '88'],
        ['2025-05-02', 'Links', '72.1', '130', '88'],
      ),
      existing,
      TODAY,
    )
    expect(plan.toAdd.map((round) => round.line)).toEqual([3])
    expect(plan.newCourses).toEqual([])
    expect(plan.duplicates).toEqual([
      { line: 2, reason: 'already in your rounds' },
      { line: 4, reason: 'the same round as line 3' },
    ])
  })

  it('reads back an export of the rounds CSV', () => {
    const csv = roundsCsv([
      {
        id: '1',
        playedOn: '2025-05-01',
        courseName: 'Café, "Le" 🏌️',
        teeName: 'White',
        holes: 18,
        nine: null,
        par: null,
        courseRating: 70,
        slopeRating: 120,
        score: 80,
        differential: 9.4,
        counts: true,
        adjustedGross: 80,
        holePars: null,
        strokeIndexes: null,
        holeScores: null,
      },
    ])
    expect(planImport(csv, nothing, TODAY).toAdd).toEqual([
      plannedRound({
        line: 2,
        playedOn: '2025-05-01',
        courseName: 'Café, "Le" 🏌️',
        courseRating: 70,
        slopeRating: 120,
        score: 80,
        teeName: 'White',
      }),
    ])
  })

  it('reads an older file without Tee and Holes as 18 holes on the course’s first tee', () => {
    const plan = planImport(file(['2025-05-01', 'Links', '72.1', '130', '88']), nothing, TODAY)
    expectOneRoundOnANewCourse(plan, 'Links')
  })

  it('reads Tee and Holes, with a nine’s bounds, on a course the golfer has', () => {
    const header = [...HEADER, 'Tee', 'Holes']
    const existing: ExistingRecord = {
      courses: [{ name: 'Links', rating: 72.1, slope: 130 }],
      rounds: [],
    }
    const plan = planImport(
      toCsv([
        header,
        ['2025-05-01', 'Links', '35.3', '121', '41', 'White front', '9'],
        ['2025-05-02', 'Links', '70.0', '121', '41', 'White front', '9'],
        ['2025-05-03', 'Links', '35.0', '121', '8', '', '9'],
        ['2025-05-04', 'Links', '71.0', '125', '90', 'Yellow', '18'],
        ['2025-05-05', 'Links', '72.1', '130', '88', 'White', '12'],
        ['2025-05-06', 'Moor', '35.0', '113', '40', 'Blue 9', '9'],
      ]),
      existing,
      TODAY,
    )
    expect(plan.toAdd.map(({ line, teeName, holes }) => [line, teeName, holes])).toEqual([
      [2, 'White front', 9],
      [5, 'Yellow', 18],
    ])
    // Yellow is a new tee on a course the golfer has: no new course.
    expect(plan.newCourses).toEqual([])
    expect(plan.problems).toEqual([
      {
        line: 3,
        reason:
          'The course rating must be a number from 10.0 to 45.0 with at most one decimal for 9 holes',
      },
      { line: 4, reason: 'The score must be a whole number from 9 to 100 for 9 holes' },
      { line: 6, reason: 'The holes must be 9 or 18' },
      {
        line: 7,
        reason: 'A 9-hole round needs its course: add Moor (with its 18-hole ratings) first',
      },
    ])
  })
})
