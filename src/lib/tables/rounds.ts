import type { Database } from '../database.types'

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
  | 'course_rating'
  | 'slope_rating'
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
  courseRating: number
  slopeRating: number
  score: number
  /** The day played, YYYY-MM-DD, as the golfer picked it. */
  playedOn: string
  createdAt: string
}

/** What the golfer types for a round: the Add and Edit Round dialogs give one of these. */
export interface RoundInput {
  courseId: string
  score: number
  /** YYYY-MM-DD. */
  playedOn: string
}

/** The course values a round shows: the database copies them from the course it is played on. */
export interface RoundCourse {
  id: string
  name: string
  rating: number
  slope: number
}

/**
 * The shape of a round's record and of the outbox's round entries. Raise it when either changes,
 * and add the step from the previous version to `upgradeRoundInput` (README, "Changing a shape").
 * 1: unversioned (before the records redesign); 2: entries carry a `RoundInput`.
 */
export const ROUNDS_VERSION = 2

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

/** The `RoundInput` of an outbox entry written by this or an older version of the app. */
export function upgradeRoundInput(entry: StoredRoundChange): RoundInput | null {
  if (entry.action !== 'add' && entry.action !== 'edit') return null
  if (entry.version === undefined) {
    const payload = entry.payload as RoundPayloadV1
    if (payload.action === 'edit') return payload.edit
    return { courseId: payload.course.id, score: payload.score, playedOn: payload.playedOn }
  }
  return entry.input as RoundInput
}

export const ROUND_COLUMNS =
  'id, user_id, course_id, course_name, course_rating, slope_rating, score, played_on, created_at'

/** numeric columns may arrive as strings from some paths; the screens need numbers. */
export function roundFromRow(row: RoundRow): Round {
  return {
    id: row.id,
    courseId: row.course_id,
    courseName: row.course_name,
    courseRating: Number(row.course_rating),
    slopeRating: Number(row.slope_rating),
    score: Number(row.score),
    playedOn: row.played_on,
    createdAt: row.created_at,
  }
}

/**
 * What is sent for a new or edited round: only what the golfer decides. The course's name and
 * ratings are copied by the database from the course (which it checks is the golfer's).
 */
export function roundToRow(input: RoundInput) {
  return { course_id: input.courseId, score: input.score, played_on: input.playedOn }
}

/**
 * A new round's row. The generated Insert type asks for the copies (NOT NULL, no default), which
 * the trigger fills before the row is checked.
 */
export function roundToInsert(id: string, input: RoundInput): RoundInsert {
  return { id, ...roundToRow(input) } as RoundInsert
}

/**
 * The round as the screens show it before the server answers. A new course's values are shown
 * as the database will copy them; a round left on its course keeps the copies it has.
 */
export function roundFromInput(
  input: RoundInput,
  course: RoundCourse,
  before: Round | Pick<Round, 'id' | 'createdAt'>,
): Round {
  const stays = 'courseName' in before && before.courseId === course.id
  return {
    id: before.id,
    courseId: course.id,
    courseName: stays ? before.courseName : course.name,
    courseRating: stays ? before.courseRating : course.rating,
    slopeRating: stays ? before.slopeRating : course.slope,
    score: input.score,
    playedOn: input.playedOn,
    createdAt: before.createdAt,
  }
}

/** A round with what the handicap makes of it: the export's line. */
export interface ScoredRoundRecord extends Pick<
  Round,
  'id' | 'playedOn' | 'courseName' | 'courseRating' | 'slopeRating' | 'score'
> {
  differential: number | null
  /** Whether the handicap index uses this round's differential. */
  counts: boolean | null
  /** The WHS estimate's view of the round, when the app computed it for the file. */
  whs?: WhsColumns | null
}

/** A round as the WHS estimate sees it (issue 24): its three columns of the rounds CSV. */
export interface WhsColumns {
  adjustedDifferential: number
  exceptionalReduction: 0 | 1 | 2
  counts: boolean
}

/** The rounds CSV's header; its first five columns are what the import reads back. */
export const ROUNDS_CSV_HEADER = [
  'Date played',
  'Course name',
  'Course rating',
  'Slope rating',
  'Score',
  'Differential',
  'Counts',
  'Adjusted differential',
  'Exceptional reduction',
  'Counts for WHS',
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
    round.differential === null ? null : tenths(round.differential),
    yesNo(round.counts),
    round.whs ? tenths(round.whs.adjustedDifferential) : null,
    round.whs ? tenths(round.whs.exceptionalReduction) : null,
    yesNo(round.whs?.counts),
  ]
}
