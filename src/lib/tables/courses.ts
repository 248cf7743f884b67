import type { Database } from '../database.types'
import type { TeeRecord } from './tees'

export type CourseRow = Database['public']['Tables']['courses']['Row']

export interface Course {
  id: string
  name: string
  rating: number
  slope: number
  /** Used for the course handicap. */
  par: number | null
  createdAt: string
}

/** Add Course gives no par (null). */
export interface CourseInput {
  name: string
  rating: number
  slope: number
  par: number | null
}

/** Raise it with a step in `upgradeCourseInput` when the stored shape changes. */
export const COURSES_VERSION = 2

type CoursePayloadV1 =
  { action: 'add'; course: Omit<CourseInput, 'par'> } | { action: 'edit'; edit: CourseInput }

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

export function courseToRow(input: CourseInput) {
  return { name: input.name, rating: input.rating, slope: input.slope, par: input.par }
}

export type CourseRecord = Omit<Course, 'createdAt'>

/** A line per tee, each with its course's four columns as an older file's line had them. */
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
