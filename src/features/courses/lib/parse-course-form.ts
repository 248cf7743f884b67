import type { CourseInput, NewCourse } from '../types'

/** DESIGN §2, the database's constraints. Only plain digits count: Number() would accept or
 * half-accept signs, exponents, hex, "Infinity" and "NaN". */
export const COURSE_BOUNDS = {
  rating: { min: 20, max: 90 },
  slope: { min: 55, max: 155 },
  name: { maxLength: 100 },
  /** 18 par-3 holes up to the rating's own bound. */
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

/** Null when blank or over 100 characters (code points). */
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

/** Blank is no par (null); undefined when not a whole number 54–90. */
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
