import { COURSES_CSV_HEADER, courseToCsv, type CourseRecord } from '@/lib/tables/courses'
import { ROUNDS_CSV_HEADER, roundToCsv, type ScoredRoundRecord } from '@/lib/tables/rounds'
import { toCsv } from './csv'

/** A round as exported: the record with its differential and whether the index uses it. */
export type ExportRound = ScoredRoundRecord
export type ExportCourse = CourseRecord

export interface AccountRecord {
  email: string | null
  courses: ExportCourse[]
  rounds: ExportRound[]
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
  return toCsv([COURSES_CSV_HEADER, ...sorted.map(courseToCsv)])
}

/** Everything, as data rather than a spreadsheet: for another app, or to keep. */
export function fullJson(record: AccountRecord, exportedAt: Date): string {
  return JSON.stringify(
    {
      format: 'hcpfast-export',
      version: 1,
      exportedAt: exportedAt.toISOString(),
      email: record.email,
      courses: record.courses,
      rounds: record.rounds,
    },
    null,
    2,
  )
}
