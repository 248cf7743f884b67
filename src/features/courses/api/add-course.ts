import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { COURSE_COLUMNS, courseFromRow, courseToRow } from '@/lib/tables/courses'
import type { Course, CourseInput } from '../types'

/** A resend after a lost answer is refused by the primary key, which the outbox counts as stored. */
export async function addCourse(id: string, input: CourseInput): Promise<Course> {
  const { data, error } = await supabase
    .from('courses')
    .insert({ id, ...courseToRow(input) })
    .select(COURSE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return courseFromRow(data)
}
