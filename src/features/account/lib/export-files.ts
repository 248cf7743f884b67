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

export type ExportRound = ScoredRoundRecord
export interface ExportCourse extends CourseRecord {
  tees: TeeRecord[]
}

export type RoundScore = Pick<ExportRound, 'differential' | 'counts' | 'adjustedGross'>

/** Every field of the record but the ids and time this database alone knows, so a new field is
 * exported. */
export function exportRound(
  { courseId: _course, teeId: _tee, createdAt: _made, ...round }: Round,
  score: RoundScore,
): ExportRound {
  return { ...round, ...score }
}

export function exportCourse(
  { createdAt: _made, ...course }: Course,
  tees: readonly Tee[],
): ExportCourse {
  return { ...course, tees: tees.map(teeRecord) }
}

export interface ExportSettings {
  courseHandicapSource: 'spec' | 'whs'
  /** Negative for a plus index. */
  startingIndex: number | null
}

export interface AccountRecord {
  email: string | null
  courses: ExportCourse[]
  rounds: ExportRound[]
  settings?: ExportSettings
}

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

export function fullJson(record: AccountRecord, exportedAt: Date): string {
  return JSON.stringify(
    {
      format: 'hcpfast-export',
      // 2: courses carry their tees, rounds their nine and adjusted gross.
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
