import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Publishes one of the golfer's courses, or replaces its snapshot; the directory entry's id. */
export async function publishCourse(courseId: string): Promise<string> {
  const { data, error } = await supabase.rpc('publish_course', { course_id: courseId })
  if (error) throw new DataError(error)
  return data
}
