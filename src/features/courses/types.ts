export type { Course, CourseInput } from '@/lib/tables/courses'
import type { CourseInput } from '@/lib/tables/courses'

/** A new course has no par until the golfer edits it. */
export type NewCourse = Omit<CourseInput, 'par'>
