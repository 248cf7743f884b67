import { subscribeToOwnRows, type FeedHealth } from '@/lib/realtime'
import type { Course } from '../types'
import { toCourse } from './course-row'

export interface CoursesFeed {
  onUpsert(course: Course): void
  onRemove(id: string): void
  onHealth(health: Exclude<FeedHealth, 'connecting'>): void
}

export function subscribeToCourses(userId: string, feed: CoursesFeed): () => void {
  return subscribeToOwnRows('courses', userId, {
    onUpsert: (row) => feed.onUpsert(toCourse(row)),
    onRemove: feed.onRemove,
    onHealth: feed.onHealth,
  })
}
