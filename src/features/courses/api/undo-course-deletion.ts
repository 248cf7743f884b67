import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Same id, with its rounds linked to it again. */
export async function undoCourseDeletion(id: string): Promise<void> {
  const { error } = await supabase.rpc('undo_deletion', { kind: 'courses', record_id: id })
  if (error) throw new DataError(error)
}
