import { subscribeToOwnRows, type FeedHealth } from '@/lib/realtime'
import type { Round } from '../types'
import { toRound } from './round-row'

export interface RoundsFeed {
  onUpsert(round: Round): void
  onRemove(id: string): void
  onHealth(health: Exclude<FeedHealth, 'connecting'>): void
}

/** Rounds change on their own too: deleting a course sets its rounds' course_id to null. */
export function subscribeToRounds(userId: string, feed: RoundsFeed): () => void {
  return subscribeToOwnRows('rounds', userId, {
    onUpsert: (row) => feed.onUpsert(toRound(row)),
    onRemove: feed.onRemove,
    onHealth: feed.onHealth,
  })
}
