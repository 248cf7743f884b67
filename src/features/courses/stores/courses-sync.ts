import { createRecordsSync } from '@/stores/create-records-store'
import { listCourses } from '../api/list-courses'
import { subscribeToCourses } from '../api/subscribe-to-courses'
import { useCoursesStore } from './courses-store'

const coursesSync = createRecordsSync(useCoursesStore, {
  table: 'courses',
  list: listCourses,
  subscribe: subscribeToCourses,
})

/** Keeps the courses store equal to the golfer's rows while signed in; returns the stop. */
export const syncCourses = (userId: string) => coursesSync.start(userId)

/** "Try again" after a failed load. */
export const reloadCourses = () => coursesSync.reload()
