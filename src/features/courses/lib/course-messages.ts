/** product-spec §8, word for word. */
export const ADD_COURSE_INVALID =
  'Error adding course. Ensure course and slope ratings are valid numbers, and try again.'
export const ADD_COURSE_UNAVAILABLE =
  "Couldn't save the course. Check your connection and try again."
export const DELETE_COURSE_UNAVAILABLE =
  "Couldn't delete the course. Check your connection and try again."
export const LOAD_COURSES_FAILED =
  "Couldn't load your courses. Check your connection and try again."
