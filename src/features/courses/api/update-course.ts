import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { COURSE_COLUMNS, courseFromRow, courseToRow } from '@/lib/tables/courses'
import type { Course, CourseInput } from '../types'

/** Rounds already played keep the copies they have. */
export async function updateCourse(id: string, input: CourseInput): Promise<Course> {
  const { data, error } = await supabase
    .from('courses')
    .update(courseToRow(input))
    .eq('id', id)
    .select(COURSE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return courseFromRow(data)
}
