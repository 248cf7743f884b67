import type { Database } from '../database.types'

export type TeeRow = Database['public']['Tables']['tees']['Row']

export interface TeeInput {
  courseId: string
  /** Free text: "White", "Yellow 9". */
  name: string
  rating: number
  slope: number
  par: number | null
  holes: 9 | 18
  holePars: number[] | null
  strokeIndexes: number[] | null
}

export interface Tee extends TeeInput {
  id: string
  createdAt: string
}

/** Raise it with a step in `upgradeTeeInput` when the stored shape changes. */
export const TEES_VERSION = 1

export function upgradeTeeInput(entry: { action: string; input?: unknown }): TeeInput | null {
  if (entry.action !== 'add' && entry.action !== 'edit') return null
  return entry.input as TeeInput
}

export const TEE_COLUMNS =
  'id, user_id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes, created_at'

const numbers = (values: readonly (number | string)[] | null) =>
  values === null ? null : values.map(Number)

/** numeric columns may arrive as strings from some paths; the screens need numbers. */
export function teeFromRow(row: TeeRow): Tee {
  return {
    id: row.id,
    courseId: row.course_id,
    name: row.name,
    rating: Number(row.course_rating),
    slope: Number(row.slope_rating),
    par: row.par === null ? null : Number(row.par),
    holes: Number(row.holes) === 9 ? 9 : 18,
    holePars: numbers(row.hole_pars),
    strokeIndexes: numbers(row.stroke_indexes),
    createdAt: row.created_at,
  }
}

export type TeeRecord = Omit<Tee, 'courseId' | 'createdAt'>

export const teeRecord = (tee: Tee): TeeRecord => ({
  id: tee.id,
  name: tee.name,
  rating: tee.rating,
  slope: tee.slope,
  par: tee.par,
  holes: tee.holes,
  holePars: tee.holePars,
  strokeIndexes: tee.strokeIndexes,
})

export function teeToRow(input: TeeInput) {
  return {
    course_id: input.courseId,
    name: input.name,
    course_rating: input.rating,
    slope_rating: input.slope,
    par: input.par,
    holes: input.holes,
    hole_pars: input.holePars,
    stroke_indexes: input.strokeIndexes,
  }
}

/** The first is the one a round sent without a tee is played from. */
export function compareTees(a: Pick<Tee, 'createdAt' | 'id'>, b: Pick<Tee, 'createdAt' | 'id'>) {
  return a.createdAt < b.createdAt
    ? -1
    : a.createdAt > b.createdAt
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0
}

/** The same bounds as the database's constraints; a nine played from an 18-hole tee has a nine's
 * rating and slope bounds. */
export const TEE_BOUNDS = {
  rating: { 18: { min: 20, max: 90 }, 9: { min: 10, max: 45 } },
  slope: { min: 55, max: 155 },
  par: { 18: { min: 27, max: 90 }, 9: { min: 27, max: 45 } },
  holePar: { min: 3, max: 6 },
  strokeIndex: { min: 1, max: 18 },
} as const

const RATING_PATTERN = /^\d{1,3}(\.\d)?$/
const WHOLE_PATTERN = /^\d{1,4}$/

export const teeRatingHint = (holes: 9 | 18) =>
  `${TEE_BOUNDS.rating[holes].min.toFixed(1)} to ${TEE_BOUNDS.rating[holes].max.toFixed(1)} for ${holes} holes`

export function parseTeeRating(text: string, holes: 9 | 18): number | string {
  const trimmed = text.trim()
  const { min, max } = TEE_BOUNDS.rating[holes]
  const rating = RATING_PATTERN.test(trimmed) ? Number(trimmed) : null
  if (rating === null || rating < min || rating > max) {
    return `The course rating must be ${teeRatingHint(holes)}, with at most one decimal.`
  }
  return rating
}

export function parseTeeSlope(text: string): number | string {
  const trimmed = text.trim()
  const slope = WHOLE_PATTERN.test(trimmed) ? Number(trimmed) : null
  const { min, max } = TEE_BOUNDS.slope
  if (slope === null || slope < min || slope > max) {
    return `The slope rating must be a whole number from ${min} to ${max}.`
  }
  return slope
}
