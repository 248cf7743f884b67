import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { CourseChoice, Round } from '../types'
import { ROUND_COLUMNS, toRound } from './round-row'

/**
 * Stores a round on one of the golfer's courses. The copies of the course's name and ratings are
 * sent because the table requires them, but the database overwrites them from the course itself
 * (and refuses a course that is not the golfer's), so the stored round is the returned one.
 *
 * Idempotent, because the outbox may send it again after an answer was lost: an id the database
 * already has is left as it is (`on conflict do nothing`), and then there is no row to return.
 */
export async function addRound(
  id: string,
  course: CourseChoice,
  score: number,
  playedOn: string,
): Promise<Round | null> {
  const { data, error } = await supabase
    .from('rounds')
    .upsert(
      {
        id,
        course_id: course.id,
        score,
        played_on: playedOn,
        course_name: course.name,
        course_rating: course.rating,
        slope_rating: course.slope,
      },
      { onConflict: 'id', ignoreDuplicates: true },
    )
    .select(ROUND_COLUMNS)
  if (error) throw new DataError(error)
  const [row] = data
  return row ? toRound(row) : null
}
