import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import { showNotice } from '@/stores/notices-store'
import { addCourse } from '../api/add-course'
import { deleteCourse } from '../api/delete-course'
import {
  ADD_COURSE_INVALID,
  ADD_COURSE_UNAVAILABLE,
  DELETE_COURSE_UNAVAILABLE,
} from '../lib/course-messages'
import type { Course, NewCourse } from '../types'
import { useCoursesStore } from './courses-store'

const store = useCoursesStore.getState

/**
 * Shows the course at once and saves it; if the save fails, takes it away again and says why.
 * Resolves either way: the outcome is on screen.
 */
export async function addCourseOptimistically(course: NewCourse): Promise<void> {
  const id = ulid()
  const { epoch } = store()
  store().markPending(id, 'adding')
  store().upsert({ id, ...course, createdAt: new Date().toISOString() })
  try {
    const saved = await addCourse(id, course)
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().upsert(saved)
  } catch (error) {
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().remove(id)
    showNotice(
      error instanceof DataError && error.failure === 'invalid'
        ? ADD_COURSE_INVALID
        : ADD_COURSE_UNAVAILABLE,
    )
  }
}

/** Hides the course at once and deletes it; if the delete fails, puts it back and says so. */
export async function deleteCourseOptimistically(id: string): Promise<void> {
  const course: Course | undefined = store().byId[id]
  if (!course || store().pending[id]) return
  const { epoch } = store()
  store().markPending(id, 'deleting')
  store().remove(id)
  try {
    await deleteCourse(id)
    if (store().epoch === epoch) store().clearPending(id)
  } catch {
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().upsert(course)
    showNotice(DELETE_COURSE_UNAVAILABLE)
  }
}
