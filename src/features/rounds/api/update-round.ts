import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { Round } from '../types'
import { ROUND_COLUMNS, toRound } from './round-row'

export interface RoundEdit {
  courseId: string
  score: number
  playedOn: string
}

/**
 * Changes a round's score, day or course. A new course's name and ratings are copied by the
 * database (which refuses a course that is not the golfer's), so the stored round is the returned one.
 */
export async function updateRound(id: string, edit: RoundEdit): Promise<Round> {
  const { data, error } = await supabase
    .from('rounds')
    .update({ course_id: edit.courseId, score: edit.score, played_on: edit.playedOn })
    .eq('id', id)
    .select(ROUND_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return toRound(data)
}
