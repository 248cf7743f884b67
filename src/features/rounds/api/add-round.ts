import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { ROUND_COLUMNS, roundFromRow, roundToInsert } from '@/lib/tables/rounds'
import type { Round, RoundInput } from '../types'

/** A resend after a lost answer is refused on the primary key; the outbox counts that as stored. */
export async function addRound(id: string, input: RoundInput): Promise<Round> {
  const { data, error } = await supabase
    .from('rounds')
    .insert(roundToInsert(id, input))
    .select(ROUND_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return roundFromRow(data)
}
