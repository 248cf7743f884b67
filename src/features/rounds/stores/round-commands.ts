import { roundFromInput } from '@/lib/tables/rounds'
import { ROUND_DELETED } from '../lib/round-messages'
import type { CourseChoice, Round, RoundInput } from '../types'
import { roundsTable } from './rounds-table'

/** If the server refuses it, it is taken away and the golfer told why, the round written out. */
export function addRoundOptimistically(input: RoundInput, course: CourseChoice): Promise<void> {
  const createdAt = new Date().toISOString()
  return roundsTable.add(input, (id) => roundFromInput(input, course, { id, createdAt }))
}

/** The card's id, so a card finished twice is still one round. True once in the outbox. */
export const addRoundWithId = (input: RoundInput, record: Round): Promise<boolean> =>
  roundsTable.addWithId(record.id, input, record)

/** A round moved to another course shows that course's values, as the database copies them. */
export function editRoundOptimistically(
  round: Round,
  input: RoundInput,
  course: CourseChoice,
): Promise<void> {
  return roundsTable.edit(round.id, input, roundFromInput(input, course, round))
}

export const deleteRoundOptimistically = (id: string) => roundsTable.remove(id, ROUND_DELETED)
