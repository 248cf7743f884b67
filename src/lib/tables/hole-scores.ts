import type { HoleScore, Round } from './rounds'
import { TEE_BOUNDS } from './tees'

// `-` is a hole where the detail was not recorded; an empty cell, a detail recorded on no hole.
export const HOLES_CSV_HEADER = [
  'Hole pars',
  'Stroke indexes',
  'Hole strokes',
  'Hole putts',
  'Hole fairways',
  'Hole greens',
  'Hole penalties',
] as const

export type HolesCsvColumn =
  'holePars' | 'strokeIndexes' | 'strokes' | 'putts' | 'fairways' | 'greens' | 'penalties'

export const HOLES_CSV_COLUMNS: readonly HolesCsvColumn[] = [
  'holePars',
  'strokeIndexes',
  'strokes',
  'putts',
  'fairways',
  'greens',
  'penalties',
]

export type RoundHoles = Pick<Round, 'holePars' | 'strokeIndexes' | 'holeScores'>

/** As the database's constraints on rounds have them. */
export const HOLE_BOUNDS = {
  strokes: { min: 1, max: 20 },
  putts: { min: 0, max: 10 },
  penalties: { min: 0, max: 10 },
} as const

const NOT_RECORDED = '-'
const yesNo = (value: boolean) => (value ? 'yes' : 'no')

function detailCell<T>(
  holes: readonly HoleScore[],
  value: (hole: HoleScore) => T | null,
  show: (value: T) => string,
): string | null {
  const values = holes.map(value)
  if (values.every((item) => item === null)) return null
  return values.map((item) => (item === null ? NOT_RECORDED : show(item))).join(' ')
}

export function holesToCsv(round: RoundHoles): (string | null)[] {
  const holes = round.holeScores
  if (!holes) return HOLES_CSV_HEADER.map(() => null)
  return [
    round.holePars?.join(' ') ?? null,
    round.strokeIndexes?.join(' ') ?? null,
    holes.map((hole) => hole.strokes).join(' '),
    detailCell(holes, (hole) => hole.putts, String),
    detailCell(holes, (hole) => hole.fairwayHit, yesNo),
    detailCell(holes, (hole) => hole.greenInRegulation, yesNo),
    detailCell(holes, (hole) => hole.penalties, String),
  ]
}

const NO_HOLES: RoundHoles = { holePars: null, strokeIndexes: null, holeScores: null }

/** Per column, the holes' values in order (null: not recorded on that hole), or null when the
 * file records it on no hole. */
export type HoleLists = Record<HolesCsvColumn, readonly unknown[] | null>

/** This app's export puts an apostrophe before a cell starting with "-" (a hole not recorded), so
 * that no spreadsheet runs it as a formula. */
export function holeListsFromCsv(cells: Readonly<Record<HolesCsvColumn, string>>): HoleLists {
  const lists = {} as Record<HolesCsvColumn, unknown[] | null>
  for (const column of HOLES_CSV_COLUMNS) {
    const text = cells[column].replace(/^'(?=-)/, '').trim()
    lists[column] =
      text === '' ? null : text.split(/\s+/).map((value) => (value === NOT_RECORDED ? null : value))
  }
  return lists
}

export const holesFromCsv = (
  cells: Readonly<Record<HolesCsvColumn, string>>,
  holes: 9 | 18,
  score: number,
): RoundHoles | string[] => holesFromLists(holeListsFromCsv(cells), holes, score)

/** Every problem names the hole ("hole 7: …"). */
export function holesFromLists(
  lists: Readonly<HoleLists>,
  holes: 9 | 18,
  score: number,
): RoundHoles | string[] {
  if (lists.strokes === null) {
    const details = HOLES_CSV_COLUMNS.slice(3).filter((column) => lists[column] !== null)
    return details.length === 0 ? NO_HOLES : ['the hole details need the hole strokes']
  }
  const problems: string[] = []
  for (const [at, column] of HOLES_CSV_COLUMNS.entries()) {
    const found = lists[column]?.length ?? holes
    if (found !== holes) {
      const name = (HOLES_CSV_HEADER[at] as string).toLowerCase()
      problems.push(`the ${name} must list ${holes} values, one per hole (found ${found})`)
    }
  }
  if (problems.length > 0) return problems
  const { holePars: parTexts, strokeIndexes: indexTexts, strokes: strokeTexts } = lists
  if (!parTexts || !indexTexts || !strokeTexts) {
    return ['a round with hole strokes needs its hole pars and stroke indexes']
  }

  const whole = (value: unknown, { min, max }: { min: number; max: number }) => {
    const number = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value
    return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
      ? number
      : null
  }
  const optional = <T>(
    values: readonly unknown[] | null,
    at: number,
    read: (value: unknown) => T | null,
  ) => {
    const value = values?.[at] ?? null
    return value === null ? { value: null } : { value: read(value) ?? undefined }
  }
  const flag = (value: unknown) => {
    if (typeof value === 'boolean') return value
    if (typeof value !== 'string') return null
    return /^y(es)?$/i.test(value) ? true : /^no?$/i.test(value) ? false : null
  }

  const holePars: number[] = []
  const strokeIndexes: number[] = []
  const holeScores: HoleScore[] = []
  for (let at = 0; at < holes; at += 1) {
    const hole = `hole ${at + 1}`
    const par = whole(parTexts[at], TEE_BOUNDS.holePar)
    const index = whole(indexTexts[at], TEE_BOUNDS.strokeIndex)
    const strokes = whole(strokeTexts[at], HOLE_BOUNDS.strokes)
    const putts = optional(lists.putts, at, (value) => whole(value, HOLE_BOUNDS.putts))
    const fairwayHit = optional(lists.fairways, at, flag)
    const greenInRegulation = optional(lists.greens, at, flag)
    const penalties = optional(lists.penalties, at, (value) => whole(value, HOLE_BOUNDS.penalties))
    if (par === null) problems.push(`${hole}: the par must be 3 to 6`)
    if (index === null) problems.push(`${hole}: the stroke index must be 1 to 18`)
    if (strokes === null) problems.push(`${hole}: the strokes must be 1 to 20`)
    if (putts.value === undefined || (strokes !== null && (putts.value ?? 0) > strokes)) {
      problems.push(`${hole}: the putts must be 0 to 10, and not more than the strokes`)
    }
    if (penalties.value === undefined || (strokes !== null && (penalties.value ?? 0) >= strokes)) {
      problems.push(`${hole}: the penalty strokes must be 0 to 10, and fewer than the strokes`)
    }
    if (fairwayHit.value === undefined || greenInRegulation.value === undefined) {
      problems.push(`${hole}: a fairway or green is yes, no or - (not recorded)`)
    } else if (fairwayHit.value !== null && par !== null && par < 4) {
      problems.push(`${hole}: a par ${par} has no fairway to hit (write -)`)
    }
    holePars.push(par ?? 0)
    strokeIndexes.push(index ?? 0)
    holeScores.push({
      strokes: strokes ?? 0,
      putts: putts.value ?? null,
      fairwayHit: fairwayHit.value ?? null,
      greenInRegulation: greenInRegulation.value ?? null,
      penalties: penalties.value ?? null,
    })
  }
  if (!strokeIndexes.includes(0) && new Set(strokeIndexes).size !== holes) {
    problems.push('the stroke indexes must all be different')
  }
  const total = holeScores.reduce((sum, hole) => sum + hole.strokes, 0)
  if (problems.length === 0 && total !== score) {
    problems.push(`the hole strokes add up to ${total}, not the score ${score}`)
  }
  return problems.length > 0 ? problems : { holePars, strokeIndexes, holeScores }
}
