import type { Database } from '../database.types'
import { gameFromRow, gameToRow } from './game-rows'
import type { Game } from './games'
import { HOLES_CSV_HEADER, holesToCsv } from './hole-scores'

export type RoundRow = Pick<
  Database['public']['Tables']['rounds']['Row'],
  | 'id'
  | 'user_id'
  | 'course_id'
  | 'course_name'
  | 'tee_id'
  | 'tee_name'
  | 'holes'
  | 'nine'
  | 'course_rating'
  | 'slope_rating'
  | 'par'
  | 'hole_pars'
  | 'stroke_indexes'
  | 'hole_strokes'
  | 'hole_putts'
  | 'hole_fairways'
  | 'hole_greens'
  | 'hole_penalties'
  | 'game'
  | 'score'
  | 'played_on'
  | 'created_at'
>
type RoundInsert = Database['public']['Tables']['rounds']['Insert']

export interface Round {
  id: string
  /** Null once the course was deleted; the copies below stay. */
  courseId: string | null
  courseName: string
  /** Null once the tee was deleted; the copies stay. */
  teeId: string | null
  teeName: string
  /** 18, or 9 for a nine: two nines count as one 18-hole entry (WHS 2020). */
  holes: 9 | 18
  nine: NineSide | null
  courseRating: number
  slopeRating: number
  par: number | null
  holePars: number[] | null
  strokeIndexes: number[] | null
  score: number
  holeScores: HoleScore[] | null
  game: Game | null
  playedOn: string
  createdAt: string
}

/** A null is a value the golfer did not record. */
export interface HoleScore {
  strokes: number
  putts: number | null
  /** Null when not recorded, and always on a par 3. */
  fairwayHit: boolean | null
  greenInRegulation: boolean | null
  penalties: number | null
}

export interface RoundInput {
  courseId: string
  /** Null: the course's first tee (the database picks it). */
  teeId: string | null
  nine: { side: NineSide; rating: number; slope: number } | null
  score: number
  holeScores: HoleScore[] | null
  /** On an edit, absent keeps the round's game and null removes it. */
  game?: Game | null
  playedOn: string
}

export type NineSide = 'front' | 'back'

export interface RoundCourse {
  id: string
  name: string
  rating: number
  slope: number
  tees?: readonly RoundTee[]
  /** False when `tees` is only the first tee the database makes with a course, as this device
   * has not heard of its tees yet: a round is then sent without a tee (the first is taken). */
  teesKnown?: boolean
}

export interface RoundTee {
  id: string
  name: string
  rating: number
  slope: number
  par: number | null
  holes: 9 | 18
  holePars: readonly number[] | null
  strokeIndexes: readonly number[] | null
}

/** Raise it with a step in `upgradeRoundInput` when the stored shape changes, so an older tab,
 * which would drop the new fields when it sends, leaves such an entry to a newer one. */
export const ROUNDS_VERSION = 6

interface StoredRoundChange {
  version?: number
  action: string
  input?: unknown
  payload?: unknown
}

type RoundPayloadV1 =
  | { action: 'add'; course: RoundCourse; score: number; playedOn: string }
  | { action: 'edit'; edit: RoundInput }

type RoundInputV2 = Omit<RoundInput, 'teeId' | 'nine' | 'holeScores'>
type RoundInputV3 = Omit<RoundInput, 'holeScores'>

export function upgradeRoundInput(entry: StoredRoundChange): RoundInput | null {
  if (entry.action !== 'add' && entry.action !== 'edit') return null
  let input: RoundInputV2 | RoundInputV3 | RoundInput
  if (entry.version === undefined) {
    const payload = entry.payload as RoundPayloadV1
    input =
      payload.action === 'edit'
        ? payload.edit
        : { courseId: payload.course.id, score: payload.score, playedOn: payload.playedOn }
  } else {
    input = entry.input as RoundInputV2 | RoundInputV3 | RoundInput
  }
  // A round without a tee is played from its course's first tee, as the database does.
  const teed = 'teeId' in input ? input : { ...input, teeId: null, nine: null }
  return 'holeScores' in teed ? (teed as RoundInput) : { ...teed, holeScores: null }
}

export function upgradeRoundRecord(record: unknown): Round {
  return {
    teeId: null,
    teeName: '',
    holes: 18,
    nine: null,
    par: null,
    holePars: null,
    strokeIndexes: null,
    holeScores: null,
    game: null,
    ...(record as Omit<
      Round,
      | 'teeId'
      | 'teeName'
      | 'holes'
      | 'nine'
      | 'par'
      | 'holePars'
      | 'strokeIndexes'
      | 'holeScores'
      | 'game'
    >),
  }
}

export const ROUND_COLUMNS =
  'id, user_id, course_id, course_name, tee_id, tee_name, holes, nine, course_rating, slope_rating, par, hole_pars, stroke_indexes, score, hole_strokes, hole_putts, hole_fairways, hole_greens, hole_penalties, game, played_on, created_at'

const numbers = (values: readonly (number | string)[] | null) => values?.map(Number) ?? null

type HoleColumns =
  'hole_strokes' | 'hole_putts' | 'hole_fairways' | 'hole_greens' | 'hole_penalties'

export function holeScoresFromRow(row: Pick<RoundRow, HoleColumns>): HoleScore[] | null {
  if (!row.hole_strokes) return null
  return row.hole_strokes.map((strokes, at) => ({
    strokes: Number(strokes),
    putts: row.hole_putts?.[at] ?? null,
    fairwayHit: row.hole_fairways?.[at] ?? null,
    greenInRegulation: row.hole_greens?.[at] ?? null,
    penalties: row.hole_penalties?.[at] ?? null,
  }))
}

/** The generated types say array elements are never null, but a Postgres array holds nulls. */
function holeColumn<T>(holes: readonly HoleScore[], value: (hole: HoleScore) => T | null) {
  const column = holes.map(value)
  return column.every((item) => item === null) ? null : (column as T[])
}

export function holeScoresToRow(holes: readonly HoleScore[] | null) {
  return {
    hole_strokes: holes ? holes.map((hole) => hole.strokes) : null,
    hole_putts: holes ? holeColumn(holes, (hole) => hole.putts) : null,
    hole_fairways: holes ? holeColumn(holes, (hole) => hole.fairwayHit) : null,
    hole_greens: holes ? holeColumn(holes, (hole) => hole.greenInRegulation) : null,
    hole_penalties: holes ? holeColumn(holes, (hole) => hole.penalties) : null,
  }
}

/** numeric columns may arrive as strings from some paths; the screens need numbers. */
export function roundFromRow(row: RoundRow): Round {
  return {
    id: row.id,
    courseId: row.course_id,
    courseName: row.course_name,
    teeId: row.tee_id,
    teeName: row.tee_name ?? '',
    holes: Number(row.holes) === 9 ? 9 : 18,
    nine: row.nine === 'front' || row.nine === 'back' ? row.nine : null,
    courseRating: Number(row.course_rating),
    slopeRating: Number(row.slope_rating),
    par: row.par === null ? null : Number(row.par),
    holePars: numbers(row.hole_pars),
    strokeIndexes: numbers(row.stroke_indexes),
    score: Number(row.score),
    holeScores: holeScoresFromRow(row),
    game: gameFromRow(row.game),
    playedOn: row.played_on,
    createdAt: row.created_at,
  }
}

/** Only what the golfer decides: the database copies the course's name and ratings. */
export function roundToRow(input: RoundInput) {
  return {
    course_id: input.courseId,
    // Left out rather than null: a round sent without a tee is played from the course's first.
    ...(input.teeId === null ? {} : { tee_id: input.teeId }),
    // A nine from an 18-hole tee sends its typed rating and slope; otherwise the tee's are copied.
    ...(input.nine === null
      ? { nine: null }
      : {
          nine: input.nine.side,
          course_rating: input.nine.rating,
          slope_rating: input.nine.slope,
        }),
    score: input.score,
    ...holeScoresToRow(input.holeScores),
    // Left out when absent: an edit keeps the round's game.
    ...(input.game === undefined
      ? {}
      : { game: input.game === null ? null : gameToRow(input.game) }),
    played_on: input.playedOn,
  }
}

/** The generated Insert type asks for the copies, which the trigger fills before the check. */
export function roundToInsert(id: string, input: RoundInput): RoundInsert {
  return { id, ...roundToRow(input) } as RoundInsert
}

/** A new tee's values are shown as the database will copy them (the course's own when the tee is
 * not known on this device); a round left on its tee keeps its copies. */
export function roundFromInput(
  input: RoundInput,
  course: RoundCourse,
  before: Round | Pick<Round, 'id' | 'createdAt'>,
): Round {
  const tee = course.tees?.find((known) => known.id === input.teeId) ?? course.tees?.[0] ?? null
  const stays =
    'courseName' in before &&
    before.courseId === course.id &&
    before.teeId === input.teeId &&
    before.nine === null &&
    input.nine === null
  const game = input.game !== undefined ? input.game : 'game' in before ? before.game : null
  if (stays) {
    return {
      ...before,
      score: input.score,
      holeScores: input.holeScores,
      game,
      playedOn: input.playedOn,
    }
  }
  const nine = input.nine
  return {
    id: before.id,
    courseId: course.id,
    courseName: course.name,
    teeId: tee?.id ?? input.teeId,
    teeName: tee?.name ?? '',
    holes: nine ? 9 : (tee?.holes ?? 18),
    nine: nine?.side ?? null,
    courseRating: nine?.rating ?? tee?.rating ?? course.rating,
    slopeRating: nine?.slope ?? tee?.slope ?? course.slope,
    par: nine ? ninePar(tee, nine.side) : (tee?.par ?? null),
    holePars: holesOfNine(tee?.holePars, nine?.side),
    strokeIndexes: holesOfNine(tee?.strokeIndexes, nine?.side),
    score: input.score,
    holeScores: input.holeScores,
    game,
    playedOn: input.playedOn,
    createdAt: before.createdAt,
  }
}

function ninePar(tee: RoundTee | null, side: NineSide): number | null {
  const holes = holesOfNine(tee?.holePars, side)
  return holes ? holes.reduce((sum, par) => sum + par, 0) : null
}

function holesOfNine(
  values: readonly number[] | null | undefined,
  side: NineSide | undefined,
): number[] | null {
  if (!values) return null
  // A card's tee holds only the nine played.
  if (side === undefined || values.length === 9) return [...values]
  if (values.length !== 18) return null
  return side === 'front' ? values.slice(0, 9) : values.slice(9)
}

/** The export's line: the record but the ids and time only this database knows. */
export interface ScoredRoundRecord extends Omit<
  Round,
  'courseId' | 'teeId' | 'createdAt' | 'game'
> {
  /** Null while a nine waits for another nine. */
  differential: number | null
  counts: boolean | null
  /** A card's net-double-bogey score or a total's score. Derived: an import recomputes it. */
  adjustedGross: number | null
  whs?: WhsColumns | null
  /** In the database's shape (`GameRow`). */
  game?: Game | null
}

export interface WhsColumns {
  adjustedDifferential: number
  exceptionalReduction: 0 | 1 | 2
  counts: boolean
}

/** The rounds CSV's header; the import reads back its first ten columns but Adjusted gross (the
 * handicap computes it), and the holes'. */
export const ROUNDS_CSV_HEADER = [
  'Date played',
  'Course name',
  'Course rating',
  'Slope rating',
  'Score',
  'Tee',
  'Holes',
  'Nine',
  'Par',
  'Adjusted gross',
  'Differential',
  'Counts',
  'Adjusted differential',
  'Exceptional reduction',
  'Counts for WHS',
  ...HOLES_CSV_HEADER,
  'Game',
] as const

const tenths = (value: number) => value.toFixed(1)
const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? null : value ? 'yes' : 'no'

export function roundToCsv(round: ScoredRoundRecord) {
  return [
    round.playedOn,
    round.courseName,
    tenths(round.courseRating),
    round.slopeRating,
    round.score,
    round.teeName,
    round.holes,
    round.nine,
    round.par,
    round.adjustedGross,
    round.differential === null ? null : tenths(round.differential),
    yesNo(round.counts),
    round.whs ? tenths(round.whs.adjustedDifferential) : null,
    round.whs ? tenths(round.whs.exceptionalReduction) : null,
    yesNo(round.whs?.counts),
    ...holesToCsv(round),
    round.game ? JSON.stringify(gameToRow(round.game)) : null,
  ]
}
