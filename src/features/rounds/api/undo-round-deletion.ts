import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Puts a just-deleted round back exactly: same id, day, score and course copies. */
export async function undoRoundDeletion(id: string): Promise<void> {
  const { error } = await supabase.rpc('undo_deletion', { kind: 'rounds', record_id: id })
  if (error) throw new DataError(error)
}
