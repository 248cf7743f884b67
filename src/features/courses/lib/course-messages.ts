/** product-spec §8, word for word. */
export const ADD_COURSE_INVALID =
  'Error adding course. Ensure course and slope ratings are valid numbers, and try again.'
export const ADD_COURSE_UNAVAILABLE =
  "Couldn't save the course. Check your connection and try again."
export const DELETE_COURSE_UNAVAILABLE =
  "Couldn't delete the course. Check your connection and try again."
export const LOAD_COURSES_FAILED =
  "Couldn't load your courses. Check your connection and try again."
export const EDIT_COURSE_INVALID =
  'Error saving course. Ensure course and slope ratings are valid numbers, and par is a whole number from 54 to 90.'
export const EDIT_COURSE_UNAVAILABLE =
  "Couldn't save your changes to the course. Check your connection and try again."
export const UNDO_COURSE_FAILED = "Couldn't bring the course back."
export const COURSE_DELETED = 'Course deleted.'

export function roundsKeptMessage(count: number): string {
  return `Its ${count} ${count === 1 ? 'round is' : 'rounds are'} kept, with this course's name and ratings.`
}
export const EDIT_COURSE_GONE =
  "Couldn't save your changes: the course was deleted on another device."
