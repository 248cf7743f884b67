import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import {
  addOptimistically,
  deleteOptimistically,
  restoreOptimistically,
  updateOptimistically,
} from '@/stores/optimistic'
import { offerUndo } from '@/stores/undo-store'
import { addCourse } from '../api/add-course'
import { deleteCourse } from '../api/delete-course'
import { undoCourseDeletion } from '../api/undo-course-deletion'
import { updateCourse } from '../api/update-course'
import {
  ADD_COURSE_INVALID,
  ADD_COURSE_UNAVAILABLE,
  COURSE_DELETED,
  DELETE_COURSE_UNAVAILABLE,
  EDIT_COURSE_INVALID,
  EDIT_COURSE_UNAVAILABLE,
  UNDO_COURSE_FAILED,
} from '../lib/course-messages'
import type { Course, CourseEdit, NewCourse } from '../types'
import { useCoursesStore } from './courses-store'

/** Shows the course at once and saves it; if the save fails, takes it away again and says why. */
export function addCourseOptimistically(course: NewCourse): Promise<void> {
  const id = ulid()
  return addOptimistically(
    useCoursesStore,
    { id, ...course, par: null, createdAt: new Date().toISOString() },
    () => addCourse(id, course),
    (error) =>
      error instanceof DataError && error.failure === 'invalid'
        ? ADD_COURSE_INVALID
        : ADD_COURSE_UNAVAILABLE,
  )
}

/** Shows the edited course at once and saves it; rounds keep the copies they were added with. */
export function editCourseOptimistically(course: Course, edit: CourseEdit): Promise<void> {
  return updateOptimistically(
    useCoursesStore,
    { ...course, ...edit },
    () => updateCourse(course.id, edit),
    (error) =>
      error instanceof DataError && error.failure === 'invalid'
        ? EDIT_COURSE_INVALID
        : EDIT_COURSE_UNAVAILABLE,
  )
}

/**
 * Hides the course at once and deletes it; if the delete fails, puts it back and says so. Once
 * deleted, an Undo is offered for a few seconds (its rounds are linked to it again).
 */
export async function deleteCourseOptimistically(id: string): Promise<void> {
  const deleted = await deleteOptimistically(
    useCoursesStore,
    id,
    deleteCourse,
    DELETE_COURSE_UNAVAILABLE,
  )
  if (!deleted) return
  offerUndo({
    message: COURSE_DELETED,
    undo: () =>
      void restoreOptimistically(useCoursesStore, deleted, undoCourseDeletion, UNDO_COURSE_FAILED),
  })
}
