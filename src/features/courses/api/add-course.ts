import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { Course, NewCourse } from '../types'
import { COURSE_COLUMNS, toCourse } from './course-row'

/** Stores a course under a client-made ULID; the database sets the owner from the session. */
export async function addCourse(id: string, course: NewCourse): Promise<Course> {
  const { data, error } = await supabase
    .from('courses')
    .insert({ id, name: course.name, rating: course.rating, slope: course.slope })
    .select(COURSE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return toCourse(data)
}
