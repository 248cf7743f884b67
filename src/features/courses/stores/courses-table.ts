import { COURSES_VERSION, courseFromRow, upgradeCourseInput } from '@/lib/tables/courses'
import { defineRecordsTable } from '@/stores/records-table'
import { reloadRecords } from '@/stores/records-sync'
import { addCourse } from '../api/add-course'
import { deleteCourse } from '../api/delete-course'
import { listCourses } from '../api/list-courses'
import { undoCourseDeletion } from '../api/undo-course-deletion'
import { updateCourse } from '../api/update-course'
import {
  ADD_COURSE_INVALID,
  ADD_COURSE_UNAVAILABLE,
  DELETE_COURSE_UNAVAILABLE,
  EDIT_COURSE_GONE,
  EDIT_COURSE_INVALID,
  EDIT_COURSE_UNAVAILABLE,
  UNDO_COURSE_FAILED,
} from '../lib/course-messages'

export const coursesTable = defineRecordsTable({
  table: 'courses',
  version: COURSES_VERSION,
  noun: ['course', 'courses'],
  fromRow: courseFromRow,
  api: {
    list: listCourses,
    add: addCourse,
    edit: updateCourse,
    remove: deleteCourse,
    restore: undoCourseDeletion,
  },
  refusalMessage(action, error) {
    switch (action) {
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
  },
  /** What the golfer typed, so a refusal loses nothing. */
  describe(course) {
    const par = course.par === null ? '' : `, par ${course.par}`
    return `${course.name}, rating ${course.rating.toFixed(1)}, slope ${course.slope}${par}`
  },
  upgradeInput: upgradeCourseInput,
})

export const reloadCourses = () => reloadRecords('courses')
