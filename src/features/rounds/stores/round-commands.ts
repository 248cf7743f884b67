import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import { showNotice } from '@/stores/notices-store'
import { addRound } from '../api/add-round'
import { deleteRound } from '../api/delete-round'
import {
  ADD_ROUND_COURSE_GONE,
  ADD_ROUND_INVALID,
  ADD_ROUND_UNAVAILABLE,
  DELETE_ROUND_UNAVAILABLE,
} from '../lib/round-messages'
import type { CourseChoice, Round } from '../types'
import { useRoundsStore } from './rounds-store'

const store = useRoundsStore.getState

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
export async function addRoundOptimistically(course: CourseChoice, score: number): Promise<void> {
  const id = ulid()
  const { epoch } = store()
  store().markPending(id, 'adding')
  store().upsert({
    id,
    courseId: course.id,
    courseName: course.name,
    courseRating: course.rating,
    slopeRating: course.slope,
    score,
    createdAt: new Date().toISOString(),
  })
  try {
    const saved = await addRound(id, course, score)
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().upsert(saved)
  } catch (error) {
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().remove(id)
    showNotice(addFailureMessage(error))
  }
}

export async function deleteRoundOptimistically(id: string): Promise<void> {
  const round: Round | undefined = store().byId[id]
  if (!round || store().pending[id]) return
  const { epoch } = store()
  store().markPending(id, 'deleting')
  store().remove(id)
  try {
    await deleteRound(id)
    if (store().epoch === epoch) store().clearPending(id)
  } catch {
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().upsert(round)
    showNotice(DELETE_ROUND_UNAVAILABLE)
  }
}
