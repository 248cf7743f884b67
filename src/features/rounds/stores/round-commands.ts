import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import {
  addOptimistically,
  deleteOptimistically,
  restoreOptimistically,
  updateOptimistically,
} from '@/stores/optimistic'
import { offerUndo } from '@/stores/undo-store'
import { addRound } from '../api/add-round'
import { deleteRound } from '../api/delete-round'
import { undoRoundDeletion } from '../api/undo-round-deletion'
import { updateRound } from '../api/update-round'
import {
  ADD_ROUND_COURSE_GONE,
  ADD_ROUND_INVALID,
  ADD_ROUND_UNAVAILABLE,
  DELETE_ROUND_UNAVAILABLE,
  EDIT_ROUND_UNAVAILABLE,
  ROUND_DELETED,
  UNDO_ROUND_FAILED,
} from '../lib/round-messages'
import type { CourseChoice, Round } from '../types'
import { useRoundsStore } from './rounds-store'

function saveFailureMessage(error: unknown, unavailable: string): string {
  if (!(error instanceof DataError)) return unavailable
  if (error.failure === 'invalid') return ADD_ROUND_INVALID
  if (error.failure === 'not-yours') return ADD_ROUND_COURSE_GONE
  return unavailable
}

/**
 * Shows the round (and so the new index) at once and saves it; on failure it is taken away again
 * and the golfer is told why.
 */
export function addRoundOptimistically(
  course: CourseChoice,
  score: number,
  playedOn: string,
): Promise<void> {
  const id = ulid()
  return addOptimistically(
    useRoundsStore,
    {
      id,
      courseId: course.id,
      courseName: course.name,
      courseRating: course.rating,
      slopeRating: course.slope,
      score,
      playedOn,
      createdAt: new Date().toISOString(),
    },
    () => addRound(id, course, score, playedOn),
    (error) => saveFailureMessage(error, ADD_ROUND_UNAVAILABLE),
  )
}

/**
 * Shows the edited round at once. A round moved to another course shows that course's values, as
 * the database copies them; a round left on its course keeps the copies it has.
 */
export function editRoundOptimistically(
  round: Round,
  course: CourseChoice,
  score: number,
  playedOn: string,
): Promise<void> {
  const moved = course.id !== round.courseId
  return updateOptimistically(
    useRoundsStore,
    {
      ...round,
      score,
      playedOn,
      ...(moved
        ? {
            courseId: course.id,
            courseName: course.name,
            courseRating: course.rating,
            slopeRating: course.slope,
          }
        : {}),
    },
    () => updateRound(round.id, { courseId: course.id, score, playedOn }),
    (error) => saveFailureMessage(error, EDIT_ROUND_UNAVAILABLE),
  )
}

/**
 * Hides the round (and its effect on the index) at once; puts it back if the delete fails. Once
 * deleted, an Undo is offered for a few seconds.
 */
export async function deleteRoundOptimistically(id: string): Promise<void> {
  const deleted = await deleteOptimistically(
    useRoundsStore,
    id,
    deleteRound,
    DELETE_ROUND_UNAVAILABLE,
  )
  if (!deleted) return
  offerUndo({
    message: ROUND_DELETED,
    undo: () =>
      void restoreOptimistically(useRoundsStore, deleted, undoRoundDeletion, UNDO_ROUND_FAILED),
  })
}
