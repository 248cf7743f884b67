import { ulid } from 'ulid'
import { roundFromInput } from '@/lib/tables/rounds'
import { ROUND_DELETED } from '../lib/round-messages'
import type { CourseChoice, Round, RoundInput } from '../types'
import { roundsTable } from './rounds-table'

/** A finished card keeps its id, so a card finished twice is one round. True once in the outbox. */
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
