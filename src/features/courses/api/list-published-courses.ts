import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Entry ids by the id of the course each is a snapshot of. */
export async function listPublishedCourses(userId: string): Promise<Record<string, string>> {
  const { data, error } = await supabase
    .from('directory_courses')
    .select('id, source_course_id')
    .eq('published_by', userId)
  if (error) throw new DataError(error)
  return Object.fromEntries(data.map((row) => [row.source_course_id, row.id]))
}
