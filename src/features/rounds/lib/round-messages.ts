/** product-spec §8, word for word. */
export const ADD_ROUND_INVALID =
  'Error adding round. Please make sure that score is a valid number and you have selected a course. Input courses on "Courses" page at bottom of screen.'
export const ADD_ROUND_UNAVAILABLE = "Couldn't save the round. Check your connection and try again."
export const ADD_ROUND_COURSE_GONE =
  "Couldn't save the round: its course is no longer in your courses."
export const DELETE_ROUND_UNAVAILABLE =
  "Couldn't delete the round. Check your connection and try again."
export const LOAD_ROUNDS_FAILED = "Couldn't load your rounds. Check your connection and try again."
export const EDIT_ROUND_UNAVAILABLE =
  "Couldn't save your changes to the round. Check your connection and try again."
export const UNDO_ROUND_FAILED = "Couldn't bring the round back."
export const ROUND_DELETED = 'Round deleted.'
export const PLAYED_ON_IN_FUTURE = "The date played can't be in the future."
export const PLAYED_ON_INVALID = 'Enter the date played, from 1900 to today.'
export const EDIT_ROUND_GONE =
  "Couldn't save your changes: the round was deleted on another device."
export const NINE_SCORE_INVALID = 'The gross score of a nine must be a whole number from 9 to 100.'
