import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { Course, CourseEdit } from '../types'
import { COURSE_COLUMNS, toCourse } from './course-row'

/** Changes a course's name, ratings or par; rounds already played keep the copies they have. */
export async function updateCourse(id: string, edit: CourseEdit): Promise<Course> {
  const { data, error } = await supabase
    .from('courses')
    .update({ name: edit.name, rating: edit.rating, slope: edit.slope, par: edit.par })
    .eq('id', id)
    .select(COURSE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return toCourse(data)
}
