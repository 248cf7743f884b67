import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { Course, NewCourse } from '../types'
import { COURSE_COLUMNS, toCourse } from './course-row'

/**
 * Stores a course under a client-made ULID; the database sets the owner from the session.
 * Idempotent, because the outbox may send it again after an answer was lost: an id the database
 * already has is left as it is (`on conflict do nothing`), and then there is no row to return.
 */
export async function addCourse(id: string, course: NewCourse): Promise<Course | null> {
  const { data, error } = await supabase
    .from('courses')
    .upsert(
      { id, name: course.name, rating: course.rating, slope: course.slope },
      { onConflict: 'id', ignoreDuplicates: true },
    )
    .select(COURSE_COLUMNS)
  if (error) throw new DataError(error)
  const [row] = data
  return row ? toCourse(row) : null
}
