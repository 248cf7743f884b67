import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import { addOptimistically, deleteOptimistically } from '@/stores/optimistic'
import { addRound } from '../api/add-round'
import { deleteRound } from '../api/delete-round'
import {
  ADD_ROUND_COURSE_GONE,
  ADD_ROUND_INVALID,
  ADD_ROUND_UNAVAILABLE,
  DELETE_ROUND_UNAVAILABLE,
} from '../lib/round-messages'
import type { CourseChoice } from '../types'
import { useRoundsStore } from './rounds-store'

function addFailureMessage(error: unknown): string {
  if (!(error instanceof DataError)) return ADD_ROUND_UNAVAILABLE
  if (error.failure === 'invalid') return ADD_ROUND_INVALID
  if (error.failure === 'not-yours') return ADD_ROUND_COURSE_GONE
  return ADD_ROUND_UNAVAILABLE
}

/**
 * Shows the round (and so the new index) at once and saves it; on failure it is taken away again
 * and the golfer is told why.
 */
export function addRoundOptimistically(course: CourseChoice, score: number): Promise<void> {
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
      createdAt: new Date().toISOString(),
    },
    () => addRound(id, course, score),
    addFailureMessage,
  )
}

/** Hides the round (and its effect on the index) at once; puts it back if the delete fails. */
export function deleteRoundOptimistically(id: string): Promise<void> {
  return deleteOptimistically(useRoundsStore, id, deleteRound, DELETE_ROUND_UNAVAILABLE)
}
