import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { COURSE_COLUMNS, courseFromRow, courseToRow } from '@/lib/tables/courses'
import type { Course, CourseInput } from '../types'

/**
 * Stores a course under a client-made ULID; the database sets the owner from the session.
 * The outbox may send it again after an answer was lost: the database then refuses the id it
 * already has (its primary key), and the outbox counts that as stored (src/stores/outbox.ts).
 */
export async function addCourse(id: string, input: CourseInput): Promise<Course> {
  const { data, error } = await supabase
    .from('courses')
    .insert({ id, ...courseToRow(input) })
    .select(COURSE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return courseFromRow(data)
}
