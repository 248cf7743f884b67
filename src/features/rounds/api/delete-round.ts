import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

export async function deleteRound(id: string): Promise<void> {
  const { error } = await supabase.from('rounds').delete().eq('id', id)
  if (error) throw new DataError(error)
}
