import {
  COURSES_CSV_HEADER,
  courseToCsv,
  type Course,
  type CourseRecord,
} from '@/lib/tables/courses'
import {
  ROUNDS_CSV_HEADER,
  roundToCsv,
  type Round,
  type ScoredRoundRecord,
} from '@/lib/tables/rounds'
import { teeRecord, type Tee, type TeeRecord } from '@/lib/tables/tees'
import { toCsv } from './csv'

/** A round as exported: the record with its differential and whether the index uses it. */
export type ExportRound = ScoredRoundRecord
/** A course with its tees, first made first (a tee no round was played on too). */
export interface ExportCourse extends CourseRecord {
  tees: TeeRecord[]
}

/** What the handicap makes of a round, from the device's engine or the server's views. */
export type RoundScore = Pick<ExportRound, 'differential' | 'counts' | 'adjustedGross'>

/**
 * A stored round as both files carry it, from the device's store or the server's rows alike: every
 * field of the record but the ids and time this database alone knows, so a new field is exported.
 */
export function exportRound(
  { courseId: _course, teeId: _tee, createdAt: _made, ...round }: Round,
  score: RoundScore,
): ExportRound {
  return { ...round, ...score }
}

/** A stored course and its tees (first made first) as the files carry them. */
export function exportCourse(
  { createdAt: _made, ...course }: Course,
  tees: readonly Tee[],
): ExportCourse {
  return { ...course, tees: tees.map(teeRecord) }
}

/** The golfer's handicap settings as exported: the source and the starting index (issue 32). */
export interface ExportSettings {
  courseHandicapSource: 'spec' | 'whs'
  /** Negative for a plus index, as stored; null when none. */
  startingIndex: number | null
}

export interface AccountRecord {
  email: string | null
  courses: ExportCourse[]
  rounds: ExportRound[]
  settings?: ExportSettings
}

/** Newest first, as the HCP screen lists them. */
export function roundsCsv(rounds: readonly ExportRound[]): string {
  const sorted = [...rounds].sort(
    (a, b) => b.playedOn.localeCompare(a.playedOn) || b.id.localeCompare(a.id),
  )
  return toCsv([ROUNDS_CSV_HEADER, ...sorted.map(roundToCsv)])
}

export function coursesCsv(courses: readonly ExportCourse[]): string {
  const sorted = [...courses].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  )
  return toCsv([
    COURSES_CSV_HEADER,
    ...sorted.flatMap((course) =>
      course.tees.length === 0
        ? [courseToCsv(course, null)]
        : course.tees.map((tee) => courseToCsv(course, tee)),
    ),
  ])
}

/** Everything, as data rather than a spreadsheet: for another app, or to keep. */
export function fullJson(record: AccountRecord, exportedAt: Date): string {
  return JSON.stringify(
    {
      format: 'hcpfast-export',
      // 2: courses carry their tees, rounds their nine and adjusted gross (issue 30).
      version: 2,
      exportedAt: exportedAt.toISOString(),
      email: record.email,
      courses: record.courses,
      rounds: record.rounds,
      settings: record.settings ?? null,
    },
    null,
    2,
  )
}
