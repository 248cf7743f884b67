import { COURSE_DELETED } from '../lib/course-messages'
import type { Course, CourseInput, NewCourse } from '../types'
import { coursesTable } from './courses-table'

export function addCourseOptimistically(course: NewCourse): Promise<void> {
  const input: CourseInput = { ...course, par: null }
  const createdAt = new Date().toISOString()
  return coursesTable.add(input, (id) => ({ id, ...input, createdAt }))
}

/** Rounds keep the copies they were added with. */
export function editCourseOptimistically(course: Course, input: CourseInput): Promise<void> {
  return coursesTable.edit(course.id, input, { ...course, ...input })
}

export const deleteCourseOptimistically = (id: string) => coursesTable.remove(id, COURSE_DELETED)
