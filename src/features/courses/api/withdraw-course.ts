import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Copies already made stay. */
export async function withdrawCourse(directoryId: string): Promise<void> {
  const { error } = await supabase.rpc('withdraw_course', { directory_id: directoryId })
  if (error) throw new DataError(error)
}
