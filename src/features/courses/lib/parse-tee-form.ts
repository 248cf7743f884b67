import type { TeeInput } from '@/lib/tables/tees'
import { parseCourseName } from './parse-course-form'

/**
 * A tee's bounds, the same as the database's constraints (issue 22): rating 20.0–90.0 for 18
 * holes and 10.0–45.0 for a rated nine, slope 55–155, par 27–90 for 18 holes and 27–45 for 9;
 * hole pars 3–6, one per hole, adding up to par; stroke indexes distinct whole numbers 1–18.
 */
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
export const teeParHint = (holes: 9 | 18) =>
  `Optional: ${TEE_BOUNDS.par[holes].min} to ${TEE_BOUNDS.par[holes].max} for ${holes} holes`

const whole = (text: string) => (WHOLE_PATTERN.test(text) ? Number(text) : null)

/** Numbers written with spaces or commas between them ("4 4 3 5"); blank is none. */
function wholeList(text: string): number[] | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const numbers = trimmed.split(/[\s,]+/).map(whole)
  return numbers.every((n) => n !== null) ? (numbers as number[]) : undefined
}

/** The typed rating of a tee (or of a nine) of this many holes, or its problem in words. */
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
  const slope = whole(text.trim())
  const { min, max } = TEE_BOUNDS.slope
  if (slope === null || slope < min || slope > max) {
    return `The slope rating must be a whole number from ${min} to ${max}.`
  }
  return slope
}

export interface TeeFields {
  name: string
  holes: string
  rating: string
  slope: string
  par: string
  holePars: string
  strokeIndexes: string
}

/** The tee typed, or every problem with it, each in words the golfer can act on. */
export function parseTeeForm(
  courseId: string,
  fields: TeeFields,
): { tee: TeeInput } | { problems: string[] } {
  const problems: string[] = []
  const holes = fields.holes === '9' ? 9 : 18
  const name = parseCourseName(fields.name)
  if (name === null) problems.push('The tee name must be 1 to 100 characters.')
  const rating = parseTeeRating(fields.rating, holes)
  if (typeof rating === 'string') problems.push(rating)
  const slope = parseTeeSlope(fields.slope)
  if (typeof slope === 'string') problems.push(slope)

  let par: number | null = null
  const parText = fields.par.trim()
  if (parText !== '') {
    const { min, max } = TEE_BOUNDS.par[holes]
    const typed = whole(parText)
    if (typed === null || typed < min || typed > max) {
      problems.push(`Par must be a whole number from ${min} to ${max} for ${holes} holes.`)
    } else {
      par = typed
    }
  }

  const holePars = wholeList(fields.holePars)
  if (holePars === undefined || (holePars && holePars.length !== holes)) {
    problems.push(`Hole pars must be ${holes} whole numbers, one per hole.`)
  } else if (holePars) {
    const { min, max } = TEE_BOUNDS.holePar
    const sum = holePars.reduce((total, n) => total + n, 0)
    if (holePars.some((n) => n < min || n > max)) {
      problems.push(`Each hole's par must be from ${min} to ${max}.`)
    } else if (parText === '') {
      problems.push('Give the tee’s par with its hole pars.')
    } else if (par !== null && sum !== par) {
      problems.push(`The hole pars add up to ${sum}, not the tee's par of ${par}.`)
    }
  }

  const strokeIndexes = wholeList(fields.strokeIndexes)
  if (strokeIndexes === undefined || (strokeIndexes && strokeIndexes.length !== holes)) {
    problems.push(`Stroke indexes must be ${holes} whole numbers, one per hole.`)
  } else if (strokeIndexes) {
    const { min, max } = TEE_BOUNDS.strokeIndex
    if (strokeIndexes.some((n) => n < min || n > max)) {
      problems.push(`Each stroke index must be from ${min} to ${max}.`)
    } else if (new Set(strokeIndexes).size !== strokeIndexes.length) {
      problems.push('Each stroke index can be used only once.')
    }
  }

  if (problems.length > 0 || name === null || typeof rating === 'string') return { problems }
  if (typeof slope === 'string') return { problems }
  return {
    tee: {
      courseId,
      name,
      rating,
      slope,
      par,
      holes,
      holePars: holePars ?? null,
      strokeIndexes: strokeIndexes ?? null,
    },
  }
}
