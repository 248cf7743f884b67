import type { Database } from '../database.types'
import { gameFromRow, gameToRow } from './game-rows'
import type { Game } from './games'
import { HOLES_CSV_HEADER, holesToCsv } from './hole-scores'

/**
 * A round, in every shape it takes: the table's row, the record the app keeps and shows, what
 * the golfer types (`RoundInput`, the one thing the dialogs, the commands, the outbox and the
 * api pass along), what is sent, and the exported CSV line. Adding a field to rounds starts here.
 */
/** The columns the app reads (ROUND_COLUMNS): a realtime row has them, and more. */
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
  /** A nine played from an 18-hole tee: which nine (its rating and slope were typed). */
  nine: NineSide | null
  courseRating: number
  slopeRating: number
  /** The tee's par, when it has one. */
  par: number | null
  /** The par and stroke index of each hole played, copied from the tee when it has them. */
  holePars: number[] | null
  strokeIndexes: number[] | null
  /** The gross score: the sum of the holes' strokes for a round scored hole by hole. */
  score: number
  /** Each hole's score, in hole order, for a round scored hole by hole; null for a total. */
  holeScores: HoleScore[] | null
  /** The game the round was played in (issue 31), or null; only on a round scored hole by hole. */
  game: Game | null
  /** The day played, YYYY-MM-DD, as the golfer picked it. */
  playedOn: string
  createdAt: string
}

/** One hole of a round scored hole by hole; a null is a value the golfer did not record. */
export interface HoleScore {
  strokes: number
  putts: number | null
  /** Null when not recorded, and always on a par 3. */
  fairwayHit: boolean | null
  greenInRegulation: boolean | null
  penalties: number | null
}

/** What the golfer types for a round: the Add and Edit Round dialogs give one of these. */
export interface RoundInput {
  courseId: string
  /** The tee played; null: the course's first tee (the database picks it). */
  teeId: string | null
  /** A nine played from an 18-hole tee, with the nine's own rating and slope as typed. */
  nine: { side: NineSide; rating: number; slope: number } | null
  /** The gross score; for a round scored hole by hole, the sum of its holes' strokes. */
  score: number
  /** Each hole's score, in hole order, for a round scored hole by hole; null for a total. */
  holeScores: HoleScore[] | null
  /** The game the round was played in (issue 31): sent with a new round; on an edit, absent
   * keeps the round's game, null removes it. */
  game?: Game | null
  /** YYYY-MM-DD. */
  playedOn: string
}

export type NineSide = 'front' | 'back'

/** The course values a round shows: the database copies them from the course it is played on. */
export interface RoundCourse {
  id: string
  name: string
  rating: number
  slope: number
  /** Its tees, first made first. */
  tees?: readonly RoundTee[]
  /** False when `tees` is only the first tee the database makes with a course, as this device
   * has not heard of its tees yet: a round is then sent without a tee (the first is taken). */
  teesKnown?: boolean
}

/** The tee values a round shows: the database copies them from the tee it is played from. */
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

/**
 * The shape of a round's record and of the outbox's round entries. Raise it when either changes,
 * and add the step from the previous version to `upgradeRoundInput` (docs/database.md, "Changing a shape").
 * 1: unversioned (before the records redesign); 2: entries carry a `RoundInput`; 3: the round is
 * played from a tee (`teeId`, null for the course's first) and the record has the tee's copies;
 * 4: a round may be scored hole by hole (`holeScores`), and the record has its holes' pars and
 * stroke indexes; 5: a round may have a game (issue 31): the record's `game`, and the input's
 * optional `game` (absent in an older entry: an add without a game, an edit that keeps it);
 * 6: a game may carry side games (`game.sideGames`; absent in an older entry: none), so a tab
 * still on 5, which would drop them when it sends, leaves such an entry to a newer tab.
 */
export const ROUNDS_VERSION = 6

/** An outbox entry of any version, as far as its input goes. */
interface StoredRoundChange {
  version?: number
  action: string
  input?: unknown
  payload?: unknown
}

/** Version 1's payload of an add or an edit. */
type RoundPayloadV1 =
  | { action: 'add'; course: RoundCourse; score: number; playedOn: string }
  | { action: 'edit'; edit: RoundInput }

/** Version 2's input: no tee. */
type RoundInputV2 = Omit<RoundInput, 'teeId' | 'nine' | 'holeScores'>
/** Version 3's input: a tee, no holes. */
type RoundInputV3 = Omit<RoundInput, 'holeScores'>

/** The `RoundInput` of an outbox entry written by this or an older version of the app. */
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
  // Before version 3 a round had no tee: it is played from its course's first tee, as the
  // database does for a round sent without one. Before version 4 every round was a total.
  const teed = 'teeId' in input ? input : { ...input, teeId: null, nine: null }
  return 'holeScores' in teed ? (teed as RoundInput) : { ...teed, holeScores: null }
}

/**
 * The record of an outbox entry written by this or an older version: before version 3 a round had
 * no tee, and was played over 18 holes from its course's first tee; before version 4 it was a
 * total, with no hole data; before version 5 it had no game; before 6 a game had no side games,
 * which its absent `sideGames` already says.
 */
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

/** The hole arrays of a row as one list of holes; null for a round entered as a total. */
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

/**
 * A detail of every hole as one column, or null when no hole has it recorded. The generated types
 * give array elements as never null, but a Postgres array holds nulls: here, values not recorded.
 */
function holeColumn<T>(holes: readonly HoleScore[], value: (hole: HoleScore) => T | null) {
  const column = holes.map(value)
  return column.every((item) => item === null) ? null : (column as T[])
}

/** The hole arrays sent for a round scored hole by hole, all null for a total. */
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

/**
 * What is sent for a new or edited round: only what the golfer decides. The course's name and
 * ratings are copied by the database from the course (which it checks is the golfer's).
 */
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

/**
 * A new round's row. The generated Insert type asks for the copies (NOT NULL, no default), which
 * the trigger fills before the row is checked.
 */
export function roundToInsert(id: string, input: RoundInput): RoundInsert {
  return { id, ...roundToRow(input) } as RoundInsert
}

/**
 * The round as the screens show it before the server answers. A new tee's values are shown as
 * the database will copy them (the course's own values when the tee is not known on this device);
 * a round left on its tee keeps the copies it has.
 */
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

/** A nine's par from its 18-hole tee's hole pars, as the database sums them; null without them. */
function ninePar(tee: RoundTee | null, side: NineSide): number | null {
  const holes = holesOfNine(tee?.holePars, side)
  return holes ? holes.reduce((sum, par) => sum + par, 0) : null
}

/** A tee's per-hole values for the holes played (a nine's slice from an 18-hole tee), as the
 * database copies them; null when the tee has none. */
function holesOfNine(
  values: readonly number[] | null | undefined,
  side: NineSide | undefined,
): number[] | null {
  if (!values) return null
  if (side === undefined) return [...values]
  if (values.length !== 18) return null
  return side === 'front' ? values.slice(0, 9) : values.slice(9)
}

/** A round with what the handicap makes of it: the export's line (every field of the record but
 * the ids and time only this database knows). */
export interface ScoredRoundRecord extends Omit<
  Round,
  'courseId' | 'teeId' | 'createdAt' | 'game'
> {
  /** The differential of the round's 18-hole entry (a pair's, for a nine); null while a nine
   * waits for another nine. */
  differential: number | null
  /** Whether the handicap index uses this round's differential. */
  counts: boolean | null
  /** The score the differential is made from: a card's adjusted gross score (net double bogey),
   * a total's score; null when not known. Derived: an import recomputes it. */
  adjustedGross: number | null
  /** The WHS estimate's view of the round, when the app computed it for the file. */
  whs?: WhsColumns | null
  /** The rounds CSV's Game column, as compact JSON in the database's shape (`GameRow`). */
  game?: Game | null
}

/** A round as the WHS estimate sees it (issue 24): its three columns of the rounds CSV. */
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
