import { ulid } from 'ulid'
import type { DataError } from '@/lib/data-error'
import { enqueue, takeBackDelete, type OutboxEntry, type OutboxKind } from '@/stores/outbox'
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
  EDIT_COURSE_GONE,
  EDIT_COURSE_INVALID,
  EDIT_COURSE_UNAVAILABLE,
  UNDO_COURSE_FAILED,
} from '../lib/course-messages'
import type { Course, CourseEdit, NewCourse } from '../types'
import { useCoursesStore } from './courses-store'

const KIND = 'courses'

type CourseChange =
  | { action: 'add'; course: NewCourse }
  | { action: 'edit'; edit: CourseEdit }
  | { action: 'delete' }
  | { action: 'restore' }

function refusalMessage(change: CourseChange, error: DataError): string {
  switch (change.action) {
    case 'add':
      return error.failure === 'invalid' ? ADD_COURSE_INVALID : ADD_COURSE_UNAVAILABLE
    case 'edit':
      if (error.failure === 'invalid') return EDIT_COURSE_INVALID
      return error.failure === 'gone' ? EDIT_COURSE_GONE : EDIT_COURSE_UNAVAILABLE
    case 'delete':
      return DELETE_COURSE_UNAVAILABLE
    case 'restore':
      return UNDO_COURSE_FAILED
  }
}

/** "Pebble Beach, rating 72.5, slope 135": what the golfer typed, so a refusal loses nothing. */
function typedCourse(course: Course): string {
  const par = course.par === null ? '' : `, par ${course.par}`
  return `${course.name}, rating ${course.rating.toFixed(1)}, slope ${course.slope}${par}`
}

/** How the outbox sends a course's changes, and words a refusal. */
export const coursesOutbox: OutboxKind<Course> = {
  store: useCoursesStore,
  noun: ['course', 'courses'],
  send(entry) {
    const change = entry.payload as CourseChange
    switch (change.action) {
      case 'add':
        return addCourse(entry.id, change.course)
      case 'edit':
        return updateCourse(entry.id, change.edit)
      case 'delete':
        return deleteCourse(entry.id).then(() => null)
      case 'restore':
        return undoCourseDeletion(entry.id).then(() => null)
    }
  },
  refusal(entry: OutboxEntry, error) {
    const change = entry.payload as CourseChange
    const course = entry.record as Course | null
    const typed = course && (change.action === 'add' || change.action === 'edit')
    return { message: refusalMessage(change, error), typed: typed ? typedCourse(course) : null }
  },
}

/** Keeps the course on the device, shows it at once, and saves it now or when it can. */
export function addCourseOptimistically(course: NewCourse): Promise<void> {
  const id = ulid()
  const record: Course = { id, ...course, par: null, createdAt: new Date().toISOString() }
  const change: CourseChange = { action: 'add', course }
  return enqueue({ kind: KIND, action: 'add', id, record, payload: change })
}

/** Shows the edited course at once and saves it; rounds keep the copies they were added with. */
export function editCourseOptimistically(course: Course, edit: CourseEdit): Promise<void> {
  const change: CourseChange = { action: 'edit', edit }
  return enqueue({
    kind: KIND,
    action: 'edit',
    id: course.id,
    record: { ...course, ...edit },
    payload: change,
  })
}

/**
 * Hides the course at once and deletes it when it can. An Undo is offered for a few seconds: it
 * takes the delete back if it has not been sent, or restores the course (its rounds linked to it
 * again) on every device if it has.
 */
export async function deleteCourseOptimistically(id: string): Promise<void> {
  const course = useCoursesStore.getState().byId[id]
  if (!course) return
  const change: CourseChange = { action: 'delete' }
  await enqueue({ kind: KIND, action: 'delete', id, record: null, payload: change })
  offerUndo({ message: COURSE_DELETED, undo: () => void undoCourseDelete(course) })
}

async function undoCourseDelete(course: Course): Promise<void> {
  if (await takeBackDelete(KIND, course.id)) return
  const change: CourseChange = { action: 'restore' }
  await enqueue({ kind: KIND, action: 'restore', id: course.id, record: course, payload: change })
}
