import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { COURSE_COLUMNS, courseFromRow, courseToRow } from '@/lib/tables/courses'
import type { Course, CourseInput } from '../types'

/**
 * Stores a course under a client-made ULID; the database sets the owner from the session.
 * Idempotent, because the outbox may send it again after an answer was lost: an id the database
 * already has is left as it is (`on conflict do nothing`), and then there is no row to return.
 */
export async function addCourse(id: string, input: CourseInput): Promise<Course | null> {
  const { data, error } = await supabase
    .from('courses')
    .upsert({ id, ...courseToRow(input) }, { onConflict: 'id', ignoreDuplicates: true })
    .select(COURSE_COLUMNS)
  if (error) throw new DataError(error)
  const [row] = data
  return row ? courseFromRow(row) : null
}
