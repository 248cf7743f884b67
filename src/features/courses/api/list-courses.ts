import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { Course } from '../types'
import { COURSE_COLUMNS, courseFromRow } from '@/lib/tables/courses'

/** RLS returns nothing else; the filter says so too. */
export async function listCourses(userId: string): Promise<Course[]> {
  const { data, error } = await supabase
    .from('courses')
    .select(COURSE_COLUMNS)
    .eq('user_id', userId)
    .order('id')
  if (error) throw new DataError(error)
  return data.map(courseFromRow)
}
