import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { ROUND_COLUMNS, roundFromRow, roundToInsert } from '@/lib/tables/rounds'
import type { Round, RoundInput } from '../types'

/**
 * Stores a round on one of the golfer's courses. Only what the golfer decides is sent: the
 * database copies the course's name and ratings (and refuses a course that is not the golfer's),
 * so the stored round is the returned one.
 *
 * Idempotent, because the outbox may send it again after an answer was lost: an id the database
 * already has is left as it is (`on conflict do nothing`), and then there is no row to return.
 * Should a server answer a resend with a unique violation (23505) instead, the round is there
 * all the same: that is stored too, not a failure to retry for ever (DataError counts 23505 as
 * "unavailable") nor a refusal that would list a stored round as not saved.
 */
export async function addRound(id: string, input: RoundInput): Promise<Round | null> {
  const { data, error } = await supabase
    .from('rounds')
    .upsert(roundToInsert(id, input), { onConflict: 'id', ignoreDuplicates: true })
    .select(ROUND_COLUMNS)
  if (error?.code === '23505') return null
  if (error) throw new DataError(error)
  const [row] = data
  return row ? roundFromRow(row) : null
}
