import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { ROUND_COLUMNS, roundFromRow, roundToRow } from '@/lib/tables/rounds'
import type { Round, RoundInput } from '../types'

/**
 * Changes a round's score, day or course. A new course's name and ratings are copied by the
 * database (which refuses a course that is not the golfer's), so the stored round is the returned one.
 */
export async function updateRound(id: string, input: RoundInput): Promise<Round> {
  const { data, error } = await supabase
    .from('rounds')
    .update(roundToRow(input))
    .eq('id', id)
    .select(ROUND_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return roundFromRow(data)
}
