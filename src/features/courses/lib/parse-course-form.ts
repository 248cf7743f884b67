import type { CourseInput, NewCourse } from '../types'

/**
 * The bounds of DESIGN §2, the same as the database's constraints: a course rating from 20.0 to
 * 90.0 with at most one decimal, a whole slope from 55 to 155, a name of 1 to 100 characters
 * after trimming. Only plain decimal digits count as numbers: no signs, exponents, hex, commas,
 * "Infinity" or "NaN", which Number() would otherwise accept or half-accept.
 */
export const COURSE_BOUNDS = {
  rating: { min: 20, max: 90 },
  slope: { min: 55, max: 155 },
  name: { maxLength: 100 },
  /** 18 par-3 holes up to the rating's own bound (see the migration and the README). */
  par: { min: 54, max: 90 },
} as const

const RATING_PATTERN = /^\d{1,3}(\.\d)?$/
const WHOLE_PATTERN = /^\d{1,4}$/

export function parseCourseRating(text: string): number | null {
  const trimmed = text.trim()
  if (!RATING_PATTERN.test(trimmed)) return null
  const rating = Number(trimmed)
  const { min, max } = COURSE_BOUNDS.rating
  return rating >= min && rating <= max ? rating : null
}

export function parseSlopeRating(text: string): number | null {
  const trimmed = text.trim()
  if (!WHOLE_PATTERN.test(trimmed)) return null
  const slope = Number(trimmed)
  const { min, max } = COURSE_BOUNDS.slope
  return slope >= min && slope <= max ? slope : null
}

/** The trimmed name, or null when it is blank or longer than 100 characters (code points). */
export function parseCourseName(text: string): string | null {
  const name = text.trim()
  const length = [...name].length
  return length >= 1 && length <= COURSE_BOUNDS.name.maxLength ? name : null
}

export function parseCourseForm(fields: {
  name: string
  rating: string
  slope: string
}): NewCourse | null {
  const name = parseCourseName(fields.name)
  const rating = parseCourseRating(fields.rating)
  const slope = parseSlopeRating(fields.slope)
  if (name === null || rating === null || slope === null) return null
  return { name, rating, slope }
}

/** Par is optional: blank is no par (null); otherwise a whole number 54–90, or undefined if not. */
export function parsePar(text: string): number | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (!WHOLE_PATTERN.test(trimmed)) return undefined
  const par = Number(trimmed)
  const { min, max } = COURSE_BOUNDS.par
  return par >= min && par <= max ? par : undefined
}

export function parseCourseEditForm(fields: {
  name: string
  rating: string
  slope: string
  par: string
}): CourseInput | null {
  const course = parseCourseForm(fields)
  const par = parsePar(fields.par)
  if (!course || par === undefined) return null
  return { ...course, par }
}
