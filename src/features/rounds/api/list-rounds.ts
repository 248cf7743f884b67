import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { Round } from '../types'
import { ROUND_COLUMNS, roundFromRow } from '@/lib/tables/rounds'

export async function listRounds(userId: string): Promise<Round[]> {
  const { data, error } = await supabase
    .from('rounds')
    .select(ROUND_COLUMNS)
    .eq('user_id', userId)
    .order('id')
  if (error) throw new DataError(error)
  return data.map(roundFromRow)
}
