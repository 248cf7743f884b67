import { roundFromInput } from '@/lib/tables/rounds'
import { ROUND_DELETED } from '../lib/round-messages'
import type { CourseChoice, Round, RoundInput } from '../types'
import { roundsTable } from './rounds-table'

/**
 * Keeps the round on the device, shows it (and so the new index) at once, and saves it — now, or
 * when the connection is back. If the server refuses it, it is taken away and the golfer is told
 * why, with the round still written out. `course` gives the copies shown until the server answers.
 */
export function addRoundOptimistically(input: RoundInput, course: CourseChoice): Promise<void> {
  const createdAt = new Date().toISOString()
  return roundsTable.add(input, (id) => roundFromInput(input, course, { id, createdAt }))
}

/**
 * A scorecard's round: the id is the one its card was made with, so a card finished twice is
 * still one round, and the record shown until the server answers is the card's own copy. True
 * once the round is in the outbox on the device.
 */
export const addRoundWithId = (input: RoundInput, record: Round): Promise<boolean> =>
  roundsTable.addWithId(record.id, input, record)

/**
 * Shows the edited round at once. A round moved to another course shows that course's values, as
 * the database copies them; a round left on its course keeps the copies it has.
 */
export function editRoundOptimistically(
  round: Round,
  input: RoundInput,
  course: CourseChoice,
): Promise<void> {
  return roundsTable.edit(round.id, input, roundFromInput(input, course, round))
}

/** Hides the round (and its effect on the index) at once; Undo is offered for a few seconds. */
export const deleteRoundOptimistically = (id: string) => roundsTable.remove(id, ROUND_DELETED)
