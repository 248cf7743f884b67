import type { Database } from '@/lib/database.types'
import type { Round } from '../types'

export type RoundRow = Database['public']['Tables']['rounds']['Row']

export const ROUND_COLUMNS =
  'id, user_id, course_id, course_name, course_rating, slope_rating, score, played_on, created_at'

export function toRound(row: RoundRow): Round {
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
