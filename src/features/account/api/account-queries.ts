import type { SupabaseClient } from '@supabase/supabase-js'
import { monotonicFactory } from 'ulid'
import { DataError } from '@/lib/data-error'
import type { Database } from '@/lib/database.types'
import { gameFromRow } from '@/lib/tables/game-rows'
import { holeScoresFromRow } from '@/lib/tables/rounds'
import { compareTees, TEE_COLUMNS, teeFromRow, teeRecord, type TeeRecord } from '@/lib/tables/tees'
import type { ExportCourse, ExportRound } from '../lib/export-files'
import { importFilePayload } from '../lib/import-payload'
import type { ImportPlan } from '../lib/import-plan'

// The export's read and the import's call given a client: the app's singleton (which a node test
// cannot construct) is passed in by load-account-record.ts and import-rounds.ts.

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

/** The golfer's courses (with their tees) and rounds, for export and for the import preview. */
export interface AccountRecordRows {
  courses: ExportCourse[]
  rounds: ExportRound[]
}

/**
 * The server path, for a golfer whose record this device has not loaded: each round with the
 * differential, the "counts" mark and the adjusted gross score the database computes (the
 * round_differentials view), each course with its tees. `client`: the app's (loadAccountRecord), or a test's.
 */
export async function queryAccountRecord(
  client: SupabaseClient<Database>,
  userId: string,
): Promise<AccountRecordRows> {
  const [courses, rounds, copiesOfTees, tees] = await Promise.all([
    allPages((from, to) =>
      client
        .from('courses')
        .select('id, name, rating, slope, par')
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    allPages((from, to) =>
      client
        .from('round_differentials')
        .select(
          'id, played_on, course_name, course_rating, slope_rating, score, holes, differential, counts, adjusted_score',
        )
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    // The tee each round was played from, by name, and its holes (copies the view does not carry).
    allPages((from, to) =>
      client
        .from('rounds')
        .select(
          'id, tee_name, nine, par, hole_pars, stroke_indexes, hole_strokes, hole_putts, hole_fairways, hole_greens, hole_penalties, game',
        )
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    allPages((from, to) =>
      client.from('tees').select(TEE_COLUMNS).eq('user_id', userId).order('id').range(from, to),
    ),
  ])
  const copies = new Map(copiesOfTees.map((row) => [row.id, row]))
  const teesOf = new Map<string, TeeRecord[]>()
  for (const tee of tees.map(teeFromRow).sort(compareTees)) {
    teesOf.set(tee.courseId, [...(teesOf.get(tee.courseId) ?? []), teeRecord(tee)])
  }
  return {
    courses: courses.map((row) => ({
      id: row.id,
      name: row.name,
      rating: Number(row.rating),
      slope: Number(row.slope),
      par: row.par === null ? null : Number(row.par),
      tees: teesOf.get(row.id) ?? [],
    })),
    rounds: rounds.map((row) => {
      const round = copies.get(String(row.id))
      return {
        id: String(row.id),
        playedOn: String(row.played_on),
        courseName: String(row.course_name),
        teeName: round?.tee_name ?? '',
        holes: row.holes === 9 ? (9 as const) : (18 as const),
        nine: round?.nine === 'front' || round?.nine === 'back' ? round.nine : null,
        courseRating: Number(row.course_rating),
        slopeRating: Number(row.slope_rating),
        score: Number(row.score),
        differential: row.differential === null ? null : Number(row.differential),
        counts: row.counts,
        adjustedGross: row.adjusted_score === null ? null : Number(row.adjusted_score),
        par: round?.par ?? null,
        holePars: round?.hole_pars ?? null,
        strokeIndexes: round?.stroke_indexes ?? null,
        holeScores: round ? holeScoresFromRow(round) : null,
        game: gameFromRow(round?.game),
      }
    }),
  }
}

export interface ImportResult {
  coursesAdded: number
  roundsAdded: number
  roundsSkipped: number
  /** A whole file's tees added; 0 for a CSV of rounds. */
  teesAdded: number
  settingsChanged: boolean
}

/**
 * Stores the rounds, and the courses and tees they need, in one database call and one transaction
 * (public.import_rounds): either all of it is stored or, on any refusal, none of it. A round with
 * a tee name (or 9 holes) is played from the golfer's tee of that name, holes, rating and slope on
 * the course of that name, which the database creates when missing; a round scored hole by hole
 * carries its holes (`importPayload`). A whole file also brings its tees and settings, stored in
 * the same call (`importFilePayload`). Ids are monotonic, so a course's tees keep their order.
 * `client`: the app's (importRounds), or a test's.
 */
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
