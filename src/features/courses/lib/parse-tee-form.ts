import { TEE_BOUNDS, parseTeeRating, parseTeeSlope, type TeeInput } from '@/lib/tables/tees'
import { parseCourseName } from './parse-course-form'

const WHOLE_PATTERN = /^\d{1,4}$/

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
