import { ulid } from 'ulid'
import { roundFromInput } from '@/lib/tables/rounds'
import { ROUND_DELETED } from '../lib/round-messages'
import type { CourseChoice, Round, RoundInput } from '../types'
import { roundsTable } from './rounds-table'

/**
 * Every new round, typed or a finished card (which keeps its card's id, so a card finished twice
 * is one round). If the server refuses it, it is taken away and the golfer told why. True once
 * in the outbox.
 */
export function addRoundOptimistically(
  input: RoundInput,
  course: CourseChoice,
  id: string = ulid(),
): Promise<boolean> {
  const createdAt = new Date().toISOString()
  return roundsTable.addWithId(id, input, roundFromInput(input, course, { id, createdAt }))
}

/** A round moved to another course shows that course's values, as the database copies them. */
export function editRoundOptimistically(
  round: Round,
  input: RoundInput,
  course: CourseChoice,
): Promise<void> {
  return roundsTable.edit(round.id, input, roundFromInput(input, course, round))
}

export const deleteRoundOptimistically = (id: string) => roundsTable.remove(id, ROUND_DELETED)
