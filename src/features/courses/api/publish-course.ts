import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Publishes or replaces the course's snapshot; resolves with the directory entry's id. */
export async function publishCourse(courseId: string): Promise<string> {
  const { data, error } = await supabase.rpc('publish_course', { course_id: courseId })
  if (error) throw new DataError(error)
  return data
}
