import type { SupabaseClient } from '@supabase/supabase-js'
import { monotonicFactory } from 'ulid'
import { DataError } from '@/lib/data-error'
import type { Database } from '@/lib/database.types'
import { COURSE_COLUMNS, courseFromRow } from '@/lib/tables/courses'
import { ROUND_COLUMNS, roundFromRow, type RoundRow } from '@/lib/tables/rounds'
import { compareTees, TEE_COLUMNS, teeFromRow, type Tee } from '@/lib/tables/tees'
import { exportCourse, exportRound, type ExportCourse, type ExportRound } from '../lib/export-files'
import { importFilePayload } from '../lib/import-payload'
import type { ImportPlan } from '../lib/import-plan'

// Given a client: the app's singleton cannot be constructed in a node test.

// The API answers at most 1,000 rows a request (config.toml [api] max_rows), so read in pages.
const PAGE = 1000

async function allPages<T>(
  page: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: T[] | null; error: { message: string; code?: string } | null }>,
): Promise<T[]> {
  const rows: T[] = []
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1)
    if (error) throw new DataError(error)
    rows.push(...(data ?? []))
    if (!data || data.length < PAGE) return rows
  }
}

export interface AccountRecordRows {
  courses: ExportCourse[]
  rounds: ExportRound[]
}

/** For a golfer whose record this device has not loaded: the database computes each round's
 * differential, "counts" mark and adjusted gross (round_differentials). */
export async function queryAccountRecord(
  client: SupabaseClient<Database>,
  userId: string,
): Promise<AccountRecordRows> {
  const [courses, rounds, scores, tees] = await Promise.all([
    allPages((from, to) =>
      client
        .from('courses')
        .select(COURSE_COLUMNS)
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    allPages((from, to) =>
      client.from('rounds').select(ROUND_COLUMNS).eq('user_id', userId).order('id').range(from, to),
    ),
    allPages((from, to) =>
      client
        .from('round_differentials')
        .select('id, differential, counts, adjusted_score')
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    allPages((from, to) =>
      client.from('tees').select(TEE_COLUMNS).eq('user_id', userId).order('id').range(from, to),
    ),
  ])
  const scoreOf = new Map(scores.map((row) => [String(row.id), row]))
  const teesOf = new Map<string, Tee[]>()
  for (const tee of tees.map(teeFromRow).sort(compareTees)) {
    teesOf.set(tee.courseId, [...(teesOf.get(tee.courseId) ?? []), tee])
  }
  return {
    courses: courses
      .map(courseFromRow)
      .map((course) => exportCourse(course, teesOf.get(course.id) ?? [])),
    rounds: (rounds as unknown as RoundRow[]).map(roundFromRow).map((round) => {
      const score = scoreOf.get(round.id)
      return exportRound(round, {
        differential: numberOrNull(score?.differential),
        counts: score?.counts ?? null,
        adjustedGross: numberOrNull(score?.adjusted_score),
      })
    }),
  }
}

const numberOrNull = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value)

export interface ImportResult {
  coursesAdded: number
  roundsAdded: number
  roundsSkipped: number
  /** 0 for a CSV of rounds. */
  teesAdded: number
  settingsChanged: boolean
}

/** One call and one transaction (public.import_rounds): all of it is stored, or on any refusal
 * none of it. Ids are monotonic, so a course's tees keep their order. */
export async function callImportRounds(
  client: SupabaseClient<Database>,
  plan: Pick<ImportPlan, 'toAdd' | 'tees' | 'settings'>,
): Promise<ImportResult> {
  const payload = importFilePayload(plan, monotonicFactory())
  const { data, error } = await client.rpc('import_rounds', { payload })
  if (error) throw new DataError(error)
  const result = data as {
    courses_added: number
    rounds_added: number
    rounds_skipped: number
    tees_added?: number
    settings_changed?: boolean
  }
  return {
    coursesAdded: result.courses_added,
    roundsAdded: result.rounds_added,
    roundsSkipped: result.rounds_skipped,
    teesAdded: result.tees_added ?? 0,
    settingsChanged: result.settings_changed ?? false,
  }
}
