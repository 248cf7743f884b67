import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { ROUND_COLUMNS, roundFromRow, roundToInsert } from '@/lib/tables/rounds'
import type { Round, RoundInput } from '../types'

/**
 * Stores a round on one of the golfer's courses. Only what the golfer decides is sent: the
 * database copies the course's name and ratings (and refuses a course that is not the golfer's),
 * so the stored round is the returned one.
 *
 * The outbox may send it again after an answer was lost: the database then refuses the id it
 * already has (its primary key), and the outbox counts that as stored (src/stores/outbox.ts).
 */
export async function addRound(id: string, input: RoundInput): Promise<Round> {
  const { data, error } = await supabase
    .from('rounds')
    .insert(roundToInsert(id, input))
    .select(ROUND_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return roundFromRow(data)
}
