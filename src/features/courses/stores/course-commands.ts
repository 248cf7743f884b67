import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import { addOptimistically, deleteOptimistically } from '@/stores/optimistic'
import { addCourse } from '../api/add-course'
import { deleteCourse } from '../api/delete-course'
import {
  ADD_COURSE_INVALID,
  ADD_COURSE_UNAVAILABLE,
  DELETE_COURSE_UNAVAILABLE,
} from '../lib/course-messages'
import type { NewCourse } from '../types'
import { useCoursesStore } from './courses-store'

/** Shows the course at once and saves it; if the save fails, takes it away again and says why. */
export function addCourseOptimistically(course: NewCourse): Promise<void> {
  const id = ulid()
  return addOptimistically(
    useCoursesStore,
    { id, ...course, createdAt: new Date().toISOString() },
    () => addCourse(id, course),
    (error) =>
      error instanceof DataError && error.failure === 'invalid'
        ? ADD_COURSE_INVALID
        : ADD_COURSE_UNAVAILABLE,
  )
}

/** Hides the course at once and deletes it; if the delete fails, puts it back and says so. */
export function deleteCourseOptimistically(id: string): Promise<void> {
  return deleteOptimistically(useCoursesStore, id, deleteCourse, DELETE_COURSE_UNAVAILABLE)
}
