import { listed } from '@/lib/listed'
import { TEE_BOUNDS, parseTeeRating, parseTeeSlope, type TeeInput } from '@/lib/tables/tees'
import { parseCourseName } from './parse-course-form'

const WHOLE_PATTERN = /^\d{1,4}$/

export const teeParHint = (holes: 9 | 18) =>
  `Optional: ${TEE_BOUNDS.par[holes].min} to ${TEE_BOUNDS.par[holes].max} for ${holes} holes`

const whole = (text: string) => (WHOLE_PATTERN.test(text) ? Number(text) : null)

/** 18 of each (a nine uses the first 9); a blank stroke index is null. */
export interface HoleEntries {
  pars: readonly number[]
  strokeIndexes: readonly (number | null)[]
}

export const HOLE_COUNT = 18
export const DEFAULT_HOLE_PAR = 4

export const blankHoles = (): HoleEntries => ({
  pars: Array.from({ length: HOLE_COUNT }, () => DEFAULT_HOLE_PAR),
  strokeIndexes: Array.from({ length: HOLE_COUNT }, () => null),
})

export function holesOfTee(tee: Pick<TeeInput, 'holePars' | 'strokeIndexes'>): HoleEntries {
  const blank = blankHoles()
  return {
    pars: blank.pars.map((par, at) => tee.holePars?.[at] ?? par),
    strokeIndexes: blank.strokeIndexes.map((none, at) => tee.strokeIndexes?.[at] ?? none),
  }
}

const sum = (numbers: readonly number[]) => numbers.reduce((total, n) => total + n, 0)

export function freeStrokeIndexes(
  strokeIndexes: readonly (number | null)[],
  holes: 9 | 18,
  at: number,
): number[] {
  const taken = new Set(strokeIndexes.slice(0, holes).filter((n, other) => other !== at))
  const { min, max } = TEE_BOUNDS.strokeIndex
  return Array.from({ length: max - min + 1 }, (_, i) => min + i).filter((n) => !taken.has(n))
}

export interface TeeFields {
  name: string
  holes: string
  rating: string
  slope: string
  /** Typed only for a tee without hole data: with holes, par is their sum. */
  par: string
  holeData: HoleEntries | null
}

export interface TeeProblems {
  problems: string[]
  holeProblems: Record<number, string>
}

function parseHoles(
  data: HoleEntries,
  holes: 9 | 18,
): { holePars: number[]; strokeIndexes: number[] | null; holeProblems: Record<number, string> } {
  const holePars = data.pars.slice(0, holes)
  const typed = data.strokeIndexes.slice(0, holes)
  const holeProblems: Record<number, string> = {}
  const parBounds = TEE_BOUNDS.holePar
  holePars.forEach((par, at) => {
    if (!Number.isInteger(par) || par < parBounds.min || par > parBounds.max) {
      holeProblems[at + 1] =
        `Hole ${at + 1}'s par must be from ${parBounds.min} to ${parBounds.max}.`
    }
  })
  if (typed.every((n) => n === null)) return { holePars, strokeIndexes: null, holeProblems }
  const { min, max } = TEE_BOUNDS.strokeIndex
  const seen = new Map<number, number>()
  typed.forEach((index, at) => {
    const hole = at + 1
    if (index === null) {
      holeProblems[hole] ??= `Choose hole ${hole}'s stroke index, or clear every hole's.`
    } else if (!Number.isInteger(index) || index < min || index > max) {
      holeProblems[hole] ??= `Hole ${hole}'s stroke index must be from ${min} to ${max}.`
    } else if (seen.has(index)) {
      holeProblems[hole] ??= `Stroke index ${index} is already hole ${seen.get(index)}'s.`
    } else {
      seen.set(index, hole)
    }
  })
  return { holePars, strokeIndexes: typed as number[], holeProblems }
}

export function parseTeeForm(courseId: string, fields: TeeFields): { tee: TeeInput } | TeeProblems {
  const problems: string[] = []
  const holes = fields.holes === '9' ? 9 : 18
  const name = parseCourseName(fields.name)
  if (name === null) problems.push('The tee name must be 1 to 100 characters.')
  const rating = parseTeeRating(fields.rating, holes)
  if (typeof rating === 'string') problems.push(rating)
  const slope = parseTeeSlope(fields.slope)
  if (typeof slope === 'string') problems.push(slope)

  const { min, max } = TEE_BOUNDS.par[holes]
  let par: number | null = null
  let holePars: number[] | null = null
  let strokeIndexes: number[] | null = null
  let holeProblems: Record<number, string> = {}
  if (fields.holeData) {
    ;({ holePars, strokeIndexes, holeProblems } = parseHoles(fields.holeData, holes))
    const total = sum(holePars)
    if (total < min || total > max) {
      problems.push(
        `The holes' pars add up to ${total}: par must be ${min} to ${max} for ${holes} holes.`,
      )
    } else {
      par = total
    }
    const marked = Object.keys(holeProblems).map(Number)
    if (marked.length > 0) {
      problems.push(
        `Check ${marked.length === 1 ? 'hole' : 'holes'} ${listed(marked)}: each is marked below.`,
      )
    }
  } else {
    const parText = fields.par.trim()
    if (parText !== '') {
      const typed = whole(parText)
      if (typed === null || typed < min || typed > max) {
        problems.push(`Par must be a whole number from ${min} to ${max} for ${holes} holes.`)
      } else {
        par = typed
      }
    }
  }

  if (problems.length > 0 || name === null || typeof rating === 'string') {
    return { problems, holeProblems }
  }
  if (typeof slope === 'string') return { problems, holeProblems }
  return { tee: { courseId, name, rating, slope, par, holes, holePars, strokeIndexes } }
}
