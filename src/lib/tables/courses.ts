import type { Database } from '../database.types'
import type { TeeRecord } from './tees'

/**
 * A course, in every shape it takes: the table's row, the record the app keeps and shows, what
 * the golfer types (`CourseInput`), what is sent, and the exported CSV line.
 */
export type CourseRow = Database['public']['Tables']['courses']['Row']

export interface Course {
  id: string
  name: string
  /** Course rating, 20.0–90.0 in tenths. */
  rating: number
  /** Slope rating, a whole number 55–155. */
  slope: number
  /** Par of the 18 holes, 54–90, when the golfer has given it (for the course handicap). */
  par: number | null
  createdAt: string
}

/** What the golfer types for a course: Edit Course gives all of it, Add Course no par (null). */
export interface CourseInput {
  name: string
  rating: number
  slope: number
  par: number | null
}

/**
 * The shape of a course's record and of the outbox's course entries. Raise it when either changes,
 * and add the step from the previous version to `upgradeCourseInput` (docs/database.md, "Changing a shape").
 * 1: unversioned (before the records redesign); 2: entries carry a `CourseInput`.
 */
export const COURSES_VERSION = 2

/** Version 1's payload of an add or an edit. */
type CoursePayloadV1 =
  { action: 'add'; course: Omit<CourseInput, 'par'> } | { action: 'edit'; edit: CourseInput }

/** The `CourseInput` of an outbox entry written by this or an older version of the app. */
export function upgradeCourseInput(entry: {
  version?: number
  action: string
  input?: unknown
  payload?: unknown
}): CourseInput | null {
  if (entry.action !== 'add' && entry.action !== 'edit') return null
  if (entry.version === undefined) {
    const payload = entry.payload as CoursePayloadV1
    return payload.action === 'edit' ? payload.edit : { ...payload.course, par: null }
  }
  return entry.input as CourseInput
}

export const COURSE_COLUMNS = 'id, user_id, name, rating, slope, par, created_at'

/** numeric columns may arrive as strings from some paths; the screens need numbers. */
export function courseFromRow(row: CourseRow): Course {
  return {
    id: row.id,
    name: row.name,
    rating: Number(row.rating),
    slope: Number(row.slope),
    par: row.par === null ? null : Number(row.par),
    createdAt: row.created_at,
  }
}

/** What is sent for a new or edited course. */
export function courseToRow(input: CourseInput) {
  return { name: input.name, rating: input.rating, slope: input.slope, par: input.par }
}

/** The export's fields of a course. */
export type CourseRecord = Omit<Course, 'createdAt'>

/**
 * The courses CSV (issue 30): a line per tee, first made first, each with its course's four
 * columns (as an older file's line had them) and the tee's, its hole pars and stroke indexes
 * listed in hole order separated by spaces, as the rounds CSV lists a card's.
 */
export const COURSES_CSV_HEADER = [
  'Course name',
  'Course rating',
  'Slope rating',
  'Par',
  'Tee',
  'Tee course rating',
  'Tee slope rating',
  'Tee par',
  'Holes',
  'Hole pars',
  'Stroke indexes',
] as const

export function courseToCsv(course: CourseRecord, tee: TeeRecord | null) {
  return [
    course.name,
    course.rating.toFixed(1),
    course.slope,
    course.par,
    tee?.name ?? null,
    tee ? tee.rating.toFixed(1) : null,
    tee?.slope ?? null,
    tee?.par ?? null,
    tee?.holes ?? null,
    tee?.holePars?.join(' ') ?? null,
    tee?.strokeIndexes?.join(' ') ?? null,
  ]
}
