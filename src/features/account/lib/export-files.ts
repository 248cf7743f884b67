import { toCsv } from './csv'

export interface ExportRound {
  id: string
  playedOn: string
  courseName: string
  courseRating: number
  slopeRating: number
  score: number
  differential: number | null
  /** Whether the handicap index uses this round's differential. */
  counts: boolean | null
}

export interface ExportCourse {
  id: string
  name: string
  rating: number
  slope: number
  par: number | null
}

export interface AccountRecord {
  email: string | null
  courses: ExportCourse[]
  rounds: ExportRound[]
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
] as const

const tenths = (value: number) => value.toFixed(1)

/** Newest first, as the HCP screen lists them. */
export function roundsCsv(rounds: readonly ExportRound[]): string {
  const sorted = [...rounds].sort(
    (a, b) => b.playedOn.localeCompare(a.playedOn) || b.id.localeCompare(a.id),
  )
  return toCsv([
    ROUNDS_CSV_HEADER,
    ...sorted.map((round) => [
      round.playedOn,
      round.courseName,
      tenths(round.courseRating),
      round.slopeRating,
      round.score,
      round.differential === null ? null : tenths(round.differential),
      round.counts === null ? null : round.counts ? 'yes' : 'no',
    ]),
  ])
}

export function coursesCsv(courses: readonly ExportCourse[]): string {
  const sorted = [...courses].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  )
  return toCsv([
    ['Course name', 'Course rating', 'Slope rating', 'Par'],
    ...sorted.map((course) => [course.name, tenths(course.rating), course.slope, course.par]),
  ])
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
