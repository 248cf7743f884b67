import { ulid } from 'ulid'
import type { DataError } from '@/lib/data-error'
import { enqueue, takeBackDelete, type OutboxEntry, type OutboxKind } from '@/stores/outbox'
import { offerUndo } from '@/stores/undo-store'
import { addRound } from '../api/add-round'
import { deleteRound } from '../api/delete-round'
import { undoRoundDeletion } from '../api/undo-round-deletion'
import { updateRound, type RoundEdit } from '../api/update-round'
import { formatPlayedOn } from '../lib/played-on'
import {
  ADD_ROUND_COURSE_GONE,
  ADD_ROUND_INVALID,
  ADD_ROUND_UNAVAILABLE,
  DELETE_ROUND_UNAVAILABLE,
  EDIT_ROUND_GONE,
  EDIT_ROUND_UNAVAILABLE,
  ROUND_DELETED,
  UNDO_ROUND_FAILED,
} from '../lib/round-messages'
import type { CourseChoice, Round } from '../types'
import { useRoundsStore } from './rounds-store'

const KIND = 'rounds'

type RoundChange =
  | { action: 'add'; course: CourseChoice; score: number; playedOn: string }
  | { action: 'edit'; edit: RoundEdit }
  | { action: 'delete' }
  | { action: 'restore' }

function refusalMessage(entry: OutboxEntry, error: DataError): string {
  const change = entry.payload as RoundChange
  if (change.action === 'delete') return DELETE_ROUND_UNAVAILABLE
  if (change.action === 'restore') return UNDO_ROUND_FAILED
  if (error.failure === 'invalid') return ADD_ROUND_INVALID
  if (error.failure === 'not-yours') return ADD_ROUND_COURSE_GONE
  if (error.failure === 'gone') return EDIT_ROUND_GONE
  return change.action === 'add' ? ADD_ROUND_UNAVAILABLE : EDIT_ROUND_UNAVAILABLE
}

/** "Score 88 at Pebble Beach, 12 Nov 2026": what the golfer typed, so a refusal loses nothing. */
function typedRound(round: Round): string {
  return `Score ${round.score} at ${round.courseName}, ${formatPlayedOn(round.playedOn)}`
}

/** How the outbox sends a round's changes, and words a refusal. */
export const roundsOutbox: OutboxKind<Round> = {
  store: useRoundsStore,
  noun: ['round', 'rounds'],
  send(entry) {
    const change = entry.payload as RoundChange
    switch (change.action) {
      case 'add':
        return addRound(entry.id, change.course, change.score, change.playedOn)
      case 'edit':
        return updateRound(entry.id, change.edit)
      case 'delete':
        return deleteRound(entry.id).then(() => null)
      case 'restore':
        return undoRoundDeletion(entry.id).then(() => null)
    }
  },
  refusal(entry, error) {
    const round = entry.record as Round | null
    const change = entry.payload as RoundChange
    const typed = round && (change.action === 'add' || change.action === 'edit')
    return { message: refusalMessage(entry, error), typed: typed ? typedRound(round) : null }
  },
}

/**
 * Keeps the round on the device, shows it (and so the new index) at once, and saves it — now, or
 * when the connection is back. If the server refuses it, it is taken away and the golfer is told
 * why, with the round still written out.
 */
export function addRoundOptimistically(
  course: CourseChoice,
  score: number,
  playedOn: string,
): Promise<void> {
  const id = ulid()
  const round: Round = {
    id,
    courseId: course.id,
    courseName: course.name,
    courseRating: course.rating,
    slopeRating: course.slope,
    score,
    playedOn,
    createdAt: new Date().toISOString(),
  }
  const change: RoundChange = { action: 'add', course, score, playedOn }
  return enqueue({ kind: KIND, action: 'add', id, record: round, payload: change })
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
  const edited: Round = {
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
  }
  const change: RoundChange = { action: 'edit', edit: { courseId: course.id, score, playedOn } }
  return enqueue({ kind: KIND, action: 'edit', id: round.id, record: edited, payload: change })
}

/**
 * Hides the round (and its effect on the index) at once and deletes it when it can. An Undo is
 * offered for a few seconds: it takes the delete back if it has not been sent, or restores the
 * round exactly (same id) on every device if it has.
 */
export async function deleteRoundOptimistically(id: string): Promise<void> {
  const round = useRoundsStore.getState().byId[id]
  if (!round) return
  const change: RoundChange = { action: 'delete' }
  await enqueue({ kind: KIND, action: 'delete', id, record: null, payload: change })
  offerUndo({
    message: ROUND_DELETED,
    undo: () => void undoRoundDelete(round),
  })
}

async function undoRoundDelete(round: Round): Promise<void> {
  if (await takeBackDelete(KIND, round.id)) return
  const change: RoundChange = { action: 'restore' }
  await enqueue({ kind: KIND, action: 'restore', id: round.id, record: round, payload: change })
}
