// Relative, not '@/': the import bench runs this file under tsx, which does not read the alias.
import {
  HOLES_CSV_COLUMNS,
  HOLES_CSV_HEADER,
  holeListsFromCsv,
  holesFromLists,
  type HoleLists,
  type HolesCsvColumn,
  type RoundHoles,
} from '../../../lib/tables/hole-scores'
import { gameRowFrom, gameValueFromCsv, type GameRow } from '../../../lib/tables/game-rows'
import type { NineSide } from '../../../lib/tables/rounds'
import { TEE_BOUNDS, type TeeInput, type TeeRecord } from '../../../lib/tables/tees'
import { CsvSyntaxError, parseCsv } from './csv'

export interface ImportRound extends RoundHoles {
  line: number
  playedOn: string
  courseName: string
  courseRating: number
  slopeRating: number
  score: number
  /** Null in an older file (the course's first tee). */
  teeName: string | null
  /** 18 in an older file. */
  holes: 9 | 18
  game?: GameRow | null
  nine: NineSide | null
  par: number | null
}

export interface ImportTee extends Omit<TeeInput, 'courseId'> {
  courseName: string
  course: { rating: number; slope: number; par: number | null }
}

/** A field left out (undefined) keeps the golfer's. */
export interface ImportSettings {
  courseHandicapSource?: 'spec' | 'whs'
  /** Negative for a plus index. */
  startingIndex?: number | null
}

export interface ImportLineNote {
  line: number
  at?: string
  reason: string
}

export interface CourseKey {
  name: string
  rating: number
  slope: number
}

export interface ImportPlan {
  fileError: string | null
  toAdd: ImportRound[]
  newCourses: CourseKey[]
  tees: ImportTee[]
  settings: ImportSettings | null
  duplicates: ImportLineNote[]
  /** While there is one, nothing is imported. */
  problems: ImportLineNote[]
}

export interface ExistingRecord {
  courses: readonly (CourseKey & { tees?: readonly TeeRecord[] })[]
  rounds: readonly RoundKeyFields[]
}

/** As the database's import does. */
type RoundKeyFields = Pick<
  ImportRound,
  'playedOn' | 'courseName' | 'courseRating' | 'slopeRating' | 'score'
>

export const MAX_IMPORT_BYTES = 1_048_576
export const MAX_IMPORT_ROUNDS = 5_000

export const FILE_TOO_LARGE =
  'This file is larger than 1 MB. Split it into smaller files and import each.'
export const FILE_NOT_TEXT =
  'This file is not a CSV text file. Save it from your spreadsheet as "CSV UTF-8" and try again.'
export const FILE_EMPTY = 'This file has no rounds in it.'
export const TOO_MANY_ROUNDS = `This file has more than ${MAX_IMPORT_ROUNDS.toLocaleString('en')} rounds. Split it into smaller files and import each.`

const COLUMNS = {
  playedOn: { label: 'Date played', names: ['date played', 'date', 'played on', 'played_on'] },
  courseName: { label: 'Course name', names: ['course name', 'course', 'course_name'] },
  courseRating: { label: 'Course rating', names: ['course rating', 'rating', 'course_rating'] },
  slopeRating: {
    label: 'Slope rating',
    names: ['slope rating', 'slope', 'slope_rating'],
  },
  score: { label: 'Score', names: ['score', 'gross score'] },
} as const

/** Missing in an older file: 18 holes on the course's first tee, entered as a total. */
const OPTIONAL_COLUMNS: Record<string, { names: readonly string[] }> = {
  teeName: { names: ['tee', 'tee name', 'tee_name'] },
  holes: { names: ['holes'] },
  game: { names: ['game'] },
  nine: { names: ['nine', 'front or back'] },
  par: { names: ['par'] },
  ...Object.fromEntries(
    HOLES_CSV_COLUMNS.map((column, at) => {
      const label = (HOLES_CSV_HEADER[at] as string).toLowerCase()
      return [column, { names: [label, label.replaceAll(' ', '_')] }]
    }),
  ),
}

type Column = keyof typeof COLUMNS | 'teeName' | 'holes' | 'game' | 'nine' | 'par' | HolesCsvColumn

const FORMULA_START = /^[=+\-@\t\r]/
const TRIMMABLE = /^[\s\uFEFF\u00A0]+|[\s\uFEFF\u00A0]+$/g

/** Never throws: too large, binary or not UTF-8 gets a message the golfer can act on. */
export function readImportFile(bytes: ArrayBuffer): { text: string } | { error: string } {
  if (bytes.byteLength > MAX_IMPORT_BYTES) return { error: FILE_TOO_LARGE }
  const view = new Uint8Array(bytes)
  if (view.includes(0)) return { error: FILE_NOT_TEXT }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(view) }
  } catch {
    return { error: FILE_NOT_TEXT }
  }
}

const normalise = (header: string) =>
  header.replace(TRIMMABLE, '').toLowerCase().replace(/\s+/g, ' ')

export const roundKey = (round: RoundKeyFields) =>
  [
    round.playedOn,
    round.courseName,
    Math.round(round.courseRating * 10),
    round.slopeRating,
    round.score,
  ].join('\u0000')

const courseKey = (course: CourseKey) =>
  [course.name, Math.round(course.rating * 10), course.slope].join('\u0000')

export const emptyPlan = (): ImportPlan => ({
  fileError: null,
  toAdd: [],
  newCourses: [],
  duplicates: [],
  problems: [],
  tees: [],
  settings: null,
})

function findColumns(header: readonly string[]): Record<Column, number> | string[] {
  const names = header.map(normalise)
  const positions = {} as Record<Column, number>
  for (const [column, { names: accepted }] of Object.entries(OPTIONAL_COLUMNS)) {
    positions[column as Column] = names.findIndex((name) =>
      (accepted as readonly string[]).includes(name),
    )
  }
  const missing: string[] = []
  for (const [column, { label, names: accepted }] of Object.entries(COLUMNS) as [
    keyof typeof COLUMNS,
    (typeof COLUMNS)[keyof typeof COLUMNS],
  ][]) {
    const at = names.findIndex((name) => (accepted as readonly string[]).includes(name))
    if (at === -1) missing.push(label)
    else positions[column] = at
  }
  return missing.length > 0 ? missing : positions
}

/** `today` is the golfer's calendar day: a round cannot have been played after it. */
export function planImport(text: string, existing: ExistingRecord, today: string): ImportPlan {
  const plan = emptyPlan()
  let records
  try {
    records = parseCsv(text)
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    return { ...plan, fileError: `Line ${error.line}: ${error.message}. Nothing was read.` }
  }
  const [header, ...lines] = records
  if (!header) return { ...plan, fileError: FILE_EMPTY }

  const positions = findColumns(header.cells)
  if (Array.isArray(positions)) {
    return {
      ...plan,
      fileError: `The first line must name the columns Date played, Course name, Course rating, Slope rating and Score (in any order). Missing: ${positions.join(', ')}.`,
    }
  }
  if (lines.length === 0) return { ...plan, fileError: FILE_EMPTY }
  if (lines.length > MAX_IMPORT_ROUNDS) return { ...plan, fileError: TOO_MANY_ROUNDS }

  const holeColumns = HOLES_CSV_COLUMNS.some((column) => positions[column] !== -1)
  const consider = roundCollector(plan, existing)
  for (const { line, cells } of lines) {
    consider(line, readRound(csvRoundFields(cells, positions, holeColumns), today))
  }
  return plan
}

/** `fileCourses`: the courses a whole file adds before its rounds. */
export function roundCollector(
  plan: ImportPlan,
  existing: ExistingRecord,
  fileCourses: readonly string[] = [],
  entry: 'line' | 'round' = 'line',
) {
  const stored = new Set(existing.rounds.map(roundKey))
  const inFile = new Map<string, number>()
  const knownCourses = new Set(existing.courses.map(courseKey))
  const courseNames = new Set([...existing.courses.map((course) => course.name), ...fileCourses])
  return (line: number, read: Omit<ImportRound, 'line'> | string, at?: string) => {
    // A nine's rating is not a course's: a course is made only from an 18-hole round.
    if (typeof read !== 'string' && read.holes === 9 && !courseNames.has(read.courseName)) {
      read = `A 9-hole round needs its course: add ${read.courseName} (with its 18-hole ratings) first`
    }
    if (typeof read === 'string') {
      plan.problems.push({ line, ...(at === undefined ? {} : { at }), reason: read })
      return
    }
    const round = { line, ...read }
    const key = roundKey(round)
    const earlier = inFile.get(key)
    const where = at === undefined ? {} : { at }
    if (stored.has(key)) {
      plan.duplicates.push({ line, ...where, reason: 'already in your rounds' })
    } else if (earlier !== undefined) {
      plan.duplicates.push({ line, ...where, reason: `the same round as ${entry} ${earlier}` })
    } else {
      inFile.set(key, line)
      plan.toAdd.push(round)
      const course = {
        name: round.courseName,
        rating: round.courseRating,
        slope: round.slopeRating,
      }
      // An older file's round finds its course by name and ratings; a round from a named tee, or
      // a nine, finds it by name (the database adds the tee to it if it has no such tee).
      const known =
        round.teeName === null && round.holes === 18
          ? knownCourses.has(courseKey(course))
          : courseNames.has(course.name)
      if (!known) {
        knownCourses.add(courseKey(course))
        plan.newCourses.push(course)
      }
      courseNames.add(round.courseName)
    }
  }
}

/** Before it is checked: values as read, a name already freed of the CSV's formula guard. */
export interface RoundFields {
  playedOn: unknown
  courseName: unknown
  courseRating: unknown
  slopeRating: unknown
  score: unknown
  teeName: unknown
  holes: unknown
  nine: unknown
  par: unknown
  holeLists: HoleLists | null
  game: unknown
}

export const FORMULA = Symbol('formula')

export function csvRoundFields(
  cells: readonly string[],
  at: Record<Column, number>,
  holeColumns: boolean,
): RoundFields {
  const cell = (column: Column) => (at[column] === -1 ? '' : (cells[at[column]] ?? ''))
  const name = (column: Column) => readText(cell(column).replace(TRIMMABLE, '')) ?? FORMULA
  const game = cell('game').replace(TRIMMABLE, '')
  return {
    playedOn: cell('playedOn'),
    courseName: name('courseName'),
    courseRating: cell('courseRating').replace(',', '.'),
    slopeRating: cell('slopeRating'),
    score: cell('score'),
    teeName: name('teeName'),
    holes: cell('holes'),
    nine: cell('nine'),
    par: cell('par'),
    holeLists: holeColumns
      ? holeListsFromCsv(
          Object.fromEntries(
            HOLES_CSV_COLUMNS.map((column) => [column, cell(column).replace(TRIMMABLE, '')]),
          ) as Record<HolesCsvColumn, string>,
        )
      : null,
    game: game === '' ? null : gameValueFromCsv(game),
  }
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value.replace(TRIMMABLE, '')
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return '?'
}

/** The one check for either file. */
export function readRound(fields: RoundFields, today: string): Omit<ImportRound, 'line'> | string {
  const problems: string[] = []

  const holesText = textOf(fields.holes)
  const holes = holesText === '9' ? 9 : 18
  if (holesText !== '' && holesText !== '9' && holesText !== '18') {
    problems.push('the holes must be 9 or 18')
  }
  const nineText = textOf(fields.nine).toLowerCase()
  const nine = nineText === 'front' || nineText === 'back' ? nineText : null
  if (nineText !== '' && (nine === null || holes !== 9)) {
    problems.push('the nine must be front or back, and only for 9 holes')
  }
  const parText = textOf(fields.par)
  const par = parText === '' ? null : Number(parText)
  const parBounds = TEE_BOUNDS.par[holes]
  if (par !== null && (!/^\d{1,2}$/.test(parText) || par < parBounds.min || par > parBounds.max)) {
    problems.push(`the par must be a whole number from ${parBounds.min} to ${parBounds.max}`)
  }
  const teeText = fields.teeName === FORMULA ? null : textOf(fields.teeName)
  if (teeText === null) {
    problems.push(
      'the tee name starts with =, +, -, @ or a tab, which a spreadsheet would run as a formula',
    )
  } else if ([...teeText].length > 100) {
    problems.push('the tee name is longer than 100 characters')
  }

  const playedOn = textOf(fields.playedOn)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(playedOn) || !isCalendarDate(playedOn)) {
    problems.push('the date played must be a date written YYYY-MM-DD')
  } else if (playedOn > today) {
    problems.push('the date played is in the future')
  } else if (playedOn < '1900-01-01') {
    problems.push('the date played is before 1900')
  }

  const courseName = fields.courseName === FORMULA ? null : textOf(fields.courseName)
  if (courseName === null) {
    problems.push(
      'the course name starts with =, +, -, @ or a tab, which a spreadsheet would run as a formula',
    )
  } else if (courseName === '') {
    problems.push('the course name is empty')
  } else if ([...courseName].length > 100) {
    problems.push('the course name is longer than 100 characters')
  }

  const ratingText = textOf(fields.courseRating)
  const courseRating = Number(ratingText)
  const ratings = holes === 9 ? { min: 10, max: 45 } : { min: 20, max: 90 }
  if (
    !/^\d{1,2}(\.\d)?$/.test(ratingText) ||
    courseRating < ratings.min ||
    courseRating > ratings.max
  ) {
    problems.push(
      `the course rating must be a number from ${ratings.min}.0 to ${ratings.max}.0 with at most one decimal${holes === 9 ? ' for 9 holes' : ''}`,
    )
  }

  const slopeText = textOf(fields.slopeRating)
  const slopeRating = Number(slopeText)
  if (!/^\d{1,3}$/.test(slopeText) || slopeRating < 55 || slopeRating > 155) {
    problems.push('the slope rating must be a whole number from 55 to 155')
  }

  const scoreText = textOf(fields.score)
  const score = Number(scoreText)
  const scores = holes === 9 ? { min: 9, max: 100 } : { min: 18, max: 200 }
  if (!/^\d{1,3}$/.test(scoreText) || score < scores.min || score > scores.max) {
    problems.push(
      `the score must be a whole number from ${scores.min} to ${scores.max}${holes === 9 ? ' for 9 holes' : ''}`,
    )
  }

  let card: RoundHoles = { holePars: null, strokeIndexes: null, holeScores: null }
  if (fields.holeLists && (holesText === '' || holesText === '9' || holesText === '18')) {
    const read = holesFromLists(fields.holeLists, holes, score)
    if (Array.isArray(read)) problems.push(...read)
    else card = read
  }

  const game =
    fields.game === null || fields.game === undefined
      ? null
      : gameRowFrom(fields.game, holes, card.holeScores !== null)
  if (typeof game === 'string') problems.push(game)

  if (problems.length > 0 || courseName === null || teeText === null || typeof game === 'string') {
    return capitalise(problems.join('; '))
  }
  const teeName = teeText === '' ? null : teeText
  return {
    playedOn,
    courseName,
    courseRating,
    slopeRating,
    score,
    teeName,
    holes,
    nine,
    par,
    ...card,
    ...(game ? { game } : {}),
  }
}

/** Text exported with a protective apostrophe ('=…) is read back without it; a formula is refused. */
function readText(text: string): string | null {
  if (text.startsWith("'") && FORMULA_START.test(text.slice(1))) return text.slice(1)
  return FORMULA_START.test(text) ? null : text
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}
