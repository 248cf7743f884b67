import { COURSE_DELETED } from '../lib/course-messages'
import type { Course, CourseInput, NewCourse } from '../types'
import { coursesTable } from './courses-table'

/** Keeps the course on the device, shows it at once, and saves it now or when it can. */
export function addCourseOptimistically(course: NewCourse): Promise<void> {
  const input: CourseInput = { ...course, par: null }
  const createdAt = new Date().toISOString()
  return coursesTable.add(input, (id) => ({ id, ...input, createdAt }))
}

/** Shows the edited course at once and saves it; rounds keep the copies they were added with. */
export function editCourseOptimistically(course: Course, input: CourseInput): Promise<void> {
  return coursesTable.edit(course.id, input, { ...course, ...input })
}

/** Hides the course at once (its rounds stay); Undo is offered for a few seconds. */
export const deleteCourseOptimistically = (id: string) => coursesTable.remove(id, COURSE_DELETED)
