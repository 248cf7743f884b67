import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Its rounds stay, keeping their copy of the course's name and ratings. */
export async function deleteCourse(id: string): Promise<void> {
  const { error } = await supabase.from('courses').delete().eq('id', id)
  if (error) throw new DataError(error)
}
