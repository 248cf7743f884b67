// Relative, not '@/', as import-plan.ts: the import bench runs these files under tsx.
import { gameToRow, UNREADABLE_GAME } from '../../../lib/tables/game-rows'
import type { Game } from '../../../lib/tables/games'
import { TEE_BOUNDS, teeRatingHint, type TeeRecord } from '../../../lib/tables/tees'
import {
  FILE_EMPTY,
  MAX_IMPORT_ROUNDS,
  TOO_MANY_ROUNDS,
  emptyPlan,
  planImport,
  readRound,
  roundCollector,
  type RoundFields,
  type ExistingRecord,
  type ImportPlan,
  type ImportSettings,
  type ImportTee,
} from './import-plan'

/** A round's fields go to the same check as a CSV line's (`readRound`), so both files hold a round
 * to the same bounds; its adjusted gross is not read (the handicap computes it). */
export const FILE_NOT_JSON =
  'This file is not JSON this app can read. Choose the file that "Download everything (JSON)" saved, or a CSV of rounds.'
export const FILE_NOT_EXPORT =
  'This JSON file is not an HCPFast export. Choose the file that "Download everything (JSON)" saved.'

type Entry = Record<string, unknown>
const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function planImportFile(text: string, existing: ExistingRecord, today: string): ImportPlan {
  return /^[\uFEFF\s]*\{/.test(text)
    ? planFileImport(text, existing, today)
    : planImport(text, existing, today)
}

export function planFileImport(text: string, existing: ExistingRecord, today: string): ImportPlan {
  const plan = emptyPlan()
  let file: unknown
  try {
    file = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return { ...plan, fileError: FILE_NOT_JSON }
  }
  if (!isEntry(file) || file.format !== 'hcpfast-export') {
    return { ...plan, fileError: FILE_NOT_EXPORT }
  }
  const courses = file.courses ?? []
  const rounds = file.rounds ?? []
  if (!Array.isArray(courses) || !Array.isArray(rounds)) {
    return { ...plan, fileError: `${FILE_NOT_EXPORT} Its courses and rounds must be lists.` }
  }
  if (rounds.length > MAX_IMPORT_ROUNDS) return { ...plan, fileError: TOO_MANY_ROUNDS }
  const settings = file.settings ?? null
  if (courses.length === 0 && rounds.length === 0 && settings === null) {
    return { ...plan, fileError: FILE_EMPTY }
  }

  const fileCourses = readCourses(plan, courses, existing)
  const consider = roundCollector(plan, existing, fileCourses, 'round')
  rounds.forEach((round: unknown, at) => {
    const where = isEntry(round)
      ? `Round ${at + 1} (${shown(round.playedOn)}, ${shown(round.courseName)})`
      : `Round ${at + 1}`
    consider(
      at + 1,
      isEntry(round) ? readRound(jsonRoundFields(round), today) : 'A round must be an object',
      where,
    )
  })
  if (settings !== null) {
    const read = readSettings(settings)
    if (typeof read === 'string') plan.problems.push({ line: 0, at: 'Settings', reason: read })
    else plan.settings = read
  }
  return plan
}

const shown = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '?'
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function readCourses(plan: ImportPlan, courses: unknown[], existing: ExistingRecord): string[] {
  const names: string[] = []
  const added = new Set<string>()
  courses.forEach((value: unknown, at) => {
    const label = `Course ${at + 1}${isEntry(value) ? ` (${shown(value.name)})` : ''}`
    const course = readCourse(value)
    if (Array.isArray(course)) {
      plan.problems.push({ line: at + 1, at: label, reason: capitalise(course.join('; ')) })
      return
    }
    names.push(course.name)
    const stored = existing.courses.find((known) => known.name === course.name)
    if (!stored && !plan.newCourses.some((known) => known.name === course.name)) {
      plan.newCourses.push({ name: course.name, rating: course.rating, slope: course.slope })
    }
    // A version 1 file has no tees: its course's own values are its one tee, as when it was made.
    const tees =
      isEntry(value) && value.tees !== undefined
        ? value.tees
        : [{ name: 'Default', rating: course.rating, slope: course.slope, par: course.par }]
    if (!Array.isArray(tees)) {
      plan.problems.push({ line: at + 1, at: label, reason: 'The tees must be a list' })
      return
    }
    tees.forEach((teeValue: unknown, teeAt) => {
      const where = `${label}, tee ${teeAt + 1}${isEntry(teeValue) ? ` (${shown(teeValue.name)})` : ''}`
      const tee = readTee(teeValue)
      if (Array.isArray(tee)) {
        plan.problems.push({ line: teeAt + 1, at: where, reason: capitalise(tee.join('; ')) })
        return
      }
      const key = JSON.stringify([course.name, tee])
      if (added.has(key) || stored?.tees?.some((known) => sameTee(known, tee))) return
      added.add(key)
      plan.tees.push({
        courseName: course.name,
        course: { rating: course.rating, slope: course.slope, par: course.par },
        ...tee,
      })
    })
  })
  return names
}

type TeeValues = Omit<ImportTee, 'courseName' | 'course'>

const sameList = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((n, at) => n === b[at])

const sameTee = (known: TeeRecord, tee: TeeValues) =>
  known.name === tee.name &&
  known.holes === tee.holes &&
  known.rating === tee.rating &&
  known.slope === tee.slope &&
  known.par === tee.par &&
  sameList(known.holePars, tee.holePars) &&
  sameList(known.strokeIndexes, tee.strokeIndexes)

const isWhole = (value: unknown, { min, max }: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
const isTenths = (value: unknown, { min, max }: { min: number; max: number }): value is number =>
  typeof value === 'number' &&
  value >= min &&
  value <= max &&
  Math.abs(value * 10 - Math.round(value * 10)) < 1e-9

function readName(value: unknown): string | null {
  const name = typeof value === 'string' ? value.trim() : ''
  return name === '' || [...name].length > 100 ? null : name
}

function readCourse(value: unknown) {
  if (!isEntry(value)) return ['a course must be an object']
  const problems: string[] = []
  const name = readName(value.name)
  if (name === null) problems.push('the course name must be 1 to 100 characters')
  if (!isTenths(value.rating, { min: 20, max: 90 })) {
    problems.push('the course rating must be 20.0 to 90.0, with at most one decimal')
  }
  if (!isWhole(value.slope, TEE_BOUNDS.slope)) {
    problems.push('the slope rating must be a whole number from 55 to 155')
  }
  const par = value.par ?? null
  if (par !== null && !isWhole(par, { min: 54, max: 90 })) {
    problems.push('the par must be a whole number from 54 to 90')
  }
  if (problems.length > 0 || name === null) return problems
  return { name, rating: value.rating as number, slope: value.slope as number, par: par as number }
}

function readHoleList(
  value: unknown,
  holes: 9 | 18,
  label: string,
  what: string,
  bounds: { min: number; max: number },
  problems: string[],
): number[] | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value)) {
    problems.push(`the ${label} must be a list of ${holes} numbers, one per hole`)
    return null
  }
  if (value.length !== holes) {
    problems.push(`the ${label} must list ${holes} values, one per hole (found ${value.length})`)
    return null
  }
  const bad = value.findIndex((item) => !isWhole(item, bounds))
  if (bad !== -1) {
    problems.push(`hole ${bad + 1}: ${what} must be ${bounds.min} to ${bounds.max}`)
    return null
  }
  return value as number[]
}

function readTee(value: unknown): TeeValues | string[] {
  if (!isEntry(value)) return ['a tee must be an object']
  const problems: string[] = []
  const name = readName(value.name)
  if (name === null) problems.push('the tee name must be 1 to 100 characters')
  const holesValue = value.holes ?? 18
  if (holesValue !== 9 && holesValue !== 18) problems.push('the holes must be 9 or 18')
  const holes = holesValue === 9 ? 9 : 18
  if (!isTenths(value.rating, TEE_BOUNDS.rating[holes])) {
    problems.push(`the course rating must be ${teeRatingHint(holes)}, with at most one decimal`)
  }
  if (!isWhole(value.slope, TEE_BOUNDS.slope)) {
    problems.push('the slope rating must be a whole number from 55 to 155')
  }
  const givenPar = value.par ?? null
  const parBounds = TEE_BOUNDS.par[holes]
  if (givenPar !== null && !isWhole(givenPar, parBounds)) {
    problems.push(
      `the par must be a whole number from ${parBounds.min} to ${parBounds.max} for ${holes} holes`,
    )
  }
  const holePars = readHoleList(
    value.holePars,
    holes,
    'hole pars',
    'the par',
    TEE_BOUNDS.holePar,
    problems,
  )
  const strokeIndexes = readHoleList(
    value.strokeIndexes,
    holes,
    'stroke indexes',
    'the stroke index',
    TEE_BOUNDS.strokeIndex,
    problems,
  )
  if (strokeIndexes && new Set(strokeIndexes).size !== holes) {
    problems.push('the stroke indexes must all be different')
  }
  const total = holePars?.reduce((sum, par) => sum + par, 0) ?? null
  if (total !== null && givenPar !== null && total !== givenPar) {
    problems.push(`the hole pars add up to ${total}, not the par ${shown(givenPar)}`)
  } else if (total !== null && (total < parBounds.min || total > parBounds.max)) {
    problems.push(
      `the hole pars add up to ${total}: par must be ${parBounds.min} to ${parBounds.max}`,
    )
  }
  if (problems.length > 0 || name === null) return problems
  return {
    name,
    rating: value.rating as number,
    slope: value.slope as number,
    par: total ?? (givenPar as number | null),
    holes,
    holePars,
    strokeIndexes,
  }
}

function readSettings(value: unknown): ImportSettings | string {
  if (!isEntry(value)) return 'The settings must be an object'
  const problems: string[] = []
  const read: ImportSettings = {}
  const source = value.courseHandicapSource
  if (source !== undefined) {
    if (source === 'spec' || source === 'whs') read.courseHandicapSource = source
    else {
      problems.push(
        `the course handicap source must be spec (HCP) or whs (the WHS estimate), not ${JSON.stringify(source)}`,
      )
    }
  }
  const starting = value.startingIndex
  if (starting !== undefined) {
    if (starting === null || isTenths(starting, { min: -10, max: 54 })) {
      read.startingIndex = starting
    } else {
      problems.push(
        `the starting index must be from -10.0 to 54.0 (a plus index is negative), in tenths, not ${JSON.stringify(starting)}`,
      )
    }
  }
  return problems.length > 0 ? capitalise(problems.join('; ')) : read
}

function holeList(values: unknown): unknown[] | null {
  if (values === undefined || values === null) return null
  if (!Array.isArray(values)) return [Number.NaN]
  return values.every((value) => value === null) ? null : values
}

function gameValue(game: unknown): unknown {
  if (game === undefined || game === null) return null
  try {
    return gameToRow(game as Game)
  } catch {
    return UNREADABLE_GAME
  }
}

function jsonRoundFields(round: Entry): RoundFields {
  const holes = Array.isArray(round.holeScores) ? (round.holeScores as unknown[]) : null
  const detail = (key: string) =>
    holeList(holes?.map((hole) => (isEntry(hole) ? (hole[key] ?? null) : Number.NaN)))
  const name = (value: unknown) => (typeof value === 'string' ? value : '')
  const strokes =
    round.holeScores !== undefined && round.holeScores !== null && !holes
      ? [Number.NaN]
      : detail('strokes')
  return {
    playedOn: round.playedOn,
    courseName: name(round.courseName),
    courseRating: round.courseRating,
    slopeRating: round.slopeRating,
    score: round.score,
    teeName: name(round.teeName),
    holes: round.holes,
    nine: round.nine,
    par: round.par,
    holeLists: {
      holePars: holes ? holeList(round.holePars) : null,
      strokeIndexes: holes ? holeList(round.strokeIndexes) : null,
      strokes,
      putts: detail('putts'),
      fairways: detail('fairwayHit'),
      greens: detail('greenInRegulation'),
      penalties: detail('penalties'),
    },
    game: gameValue(round.game),
  }
}
