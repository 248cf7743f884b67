import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { gameFromRow } from '@/lib/tables/game-rows'
import { holeScoresFromRow } from '@/lib/tables/rounds'
import type { ExportCourse, ExportRound } from '../lib/export-files'

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

/** The golfer's courses and rounds, for export and for the import preview. */
export interface AccountRecordRows {
  courses: ExportCourse[]
  rounds: ExportRound[]
}

/**
 * Where export and the import preview read the golfer's record: what this device already holds
 * when it is loaded (`onDevice`, given by the app: the screens' rows with the same handicap engine
 * they show), otherwise the server. No second download of what the device has.
 */
export async function readAccountRecord(
  userId: string,
  onDevice: () => AccountRecordRows | null,
): Promise<{ source: 'device' | 'server'; record: AccountRecordRows }> {
  const held = onDevice()
  if (held) return { source: 'device', record: held }
  return { source: 'server', record: await loadAccountRecord(userId) }
}

/**
 * The server path, for a golfer whose record this device has not loaded: each round with the
 * differential and the "counts" mark the database computes (the round_differentials view).
 */
export async function loadAccountRecord(userId: string): Promise<AccountRecordRows> {
  const [courses, rounds, tees] = await Promise.all([
    allPages((from, to) =>
      supabase
        .from('courses')
        .select('id, name, rating, slope, par')
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    allPages((from, to) =>
      supabase
        .from('round_differentials')
        .select(
          'id, played_on, course_name, course_rating, slope_rating, score, holes, differential, counts',
        )
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
    // The tee each round was played from, by name, and its holes (copies the view does not carry).
    allPages((from, to) =>
      supabase
        .from('rounds')
        .select(
          'id, tee_name, par, hole_pars, stroke_indexes, hole_strokes, hole_putts, hole_fairways, hole_greens, hole_penalties, game',
        )
        .eq('user_id', userId)
        .order('id')
        .range(from, to),
    ),
  ])
  const copies = new Map(tees.map((row) => [row.id, row]))
  return {
    courses: courses.map((row) => ({
      id: row.id,
      name: row.name,
      rating: Number(row.rating),
      slope: Number(row.slope),
      par: row.par === null ? null : Number(row.par),
    })),
    rounds: rounds.map((row) => {
      const round = copies.get(String(row.id))
      return {
        id: String(row.id),
        playedOn: String(row.played_on),
        courseName: String(row.course_name),
        teeName: round?.tee_name ?? '',
        holes: row.holes === 9 ? (9 as const) : (18 as const),
        courseRating: Number(row.course_rating),
        slopeRating: Number(row.slope_rating),
        score: Number(row.score),
        differential: row.differential === null ? null : Number(row.differential),
        counts: row.counts,
        par: round?.par ?? null,
        holePars: round?.hole_pars ?? null,
        strokeIndexes: round?.stroke_indexes ?? null,
        holeScores: round ? holeScoresFromRow(round) : null,
        game: gameFromRow(round?.game),
      }
    }),
  }
}
