import {
  ROUNDS_VERSION,
  roundFromRow,
  upgradeRoundInput,
  upgradeRoundRecord,
} from '@/lib/tables/rounds'
import { defineRecordsTable } from '@/stores/records-table'
import { reloadRecords } from '@/stores/records-sync'
import { addRound } from '../api/add-round'
import { deleteRound } from '../api/delete-round'
import { listRounds } from '../api/list-rounds'
import { undoRoundDeletion } from '../api/undo-round-deletion'
import { updateRound } from '../api/update-round'
import { describeGame } from '../lib/describe-game'
import { formatPlayedOn } from '../lib/played-on'
import {
  ADD_ROUND_COURSE_GONE,
  ADD_ROUND_INVALID,
  ADD_ROUND_UNAVAILABLE,
  DELETE_ROUND_UNAVAILABLE,
  EDIT_ROUND_GONE,
  EDIT_ROUND_UNAVAILABLE,
  gameRefusal,
  UNDO_ROUND_FAILED,
} from '../lib/round-messages'

export const roundsTable = defineRecordsTable({
  table: 'rounds',
  version: ROUNDS_VERSION,
  noun: ['round', 'rounds'],
  fromRow: roundFromRow,
  api: {
    list: listRounds,
    add: addRound,
    edit: updateRound,
    remove: deleteRound,
    restore: undoRoundDeletion,
  },
  refusalMessage(action, error) {
    if (action === 'delete') return DELETE_ROUND_UNAVAILABLE
    if (action === 'restore') return UNDO_ROUND_FAILED
    // A game's bad value (or a partner's tee not the golfer's) is named; never "connection".
    const game = error.failure === 'unavailable' ? null : gameRefusal(error.message)
    if (game) return game
    if (error.failure === 'invalid') return ADD_ROUND_INVALID
    if (error.failure === 'not-yours') return ADD_ROUND_COURSE_GONE
    if (error.failure === 'gone') return EDIT_ROUND_GONE
    return action === 'add' ? ADD_ROUND_UNAVAILABLE : EDIT_ROUND_UNAVAILABLE
  },
  /** What the golfer typed, so a refusal loses nothing (a dash for a hole picked up). */
  describe: (round) =>
    `Score ${round.score} at ${round.courseName}, ${formatPlayedOn(round.playedOn)}${
      round.holeScores ? ` (strokes ${round.holeScores.map((hole) => hole.strokes).join(' ')})` : ''
    }${round.game ? `; ${describeGame(round.game)}` : ''}`,
  upgradeInput: upgradeRoundInput,
  upgradeRecord: upgradeRoundRecord,
})

export const reloadRounds = () => reloadRecords('rounds')
