import { createRecordsSync } from '@/stores/create-records-store'
import { listRounds } from '../api/list-rounds'
import { subscribeToRounds } from '../api/subscribe-to-rounds'
import { useRoundsStore } from './rounds-store'

const roundsSync = createRecordsSync(useRoundsStore, {
  table: 'rounds',
  list: listRounds,
  subscribe: subscribeToRounds,
})

/** Keeps the rounds store equal to the golfer's rows while signed in; returns the stop. */
export const syncRounds = (userId: string) => roundsSync.start(userId)

/** "Try again" after a failed load. */
export const reloadRounds = () => roundsSync.reload()
