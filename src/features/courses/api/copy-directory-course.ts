import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Resolves with the new course's id. */
export async function copyDirectoryCourse(directoryId: string): Promise<string> {
  const { data, error } = await supabase.rpc('copy_directory_course', {
    directory_id: directoryId,
  })
  if (error) throw new DataError(error)
  return data
}
