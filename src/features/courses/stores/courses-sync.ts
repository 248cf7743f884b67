import { nextReloadToken } from '@/lib/records'
import { listCourses } from '../api/list-courses'
import { subscribeToCourses } from '../api/subscribe-to-courses'
import { useCoursesStore } from './courses-store'

const store = useCoursesStore.getState
let reloadActive: (() => Promise<void>) | null = null

/**
 * Keeps the courses store equal to the golfer's rows while signed in: follows realtime changes,
 * loads the whole list now and again on every (re)join — a change made while the connection was
 * down is never delivered, only found by reloading. The returned stop leaves and resets.
 */
export function syncCourses(userId: string): () => void {
  const reload = async () => {
    const token = nextReloadToken()
    store().beginReload(token)
    try {
      store().finishReload(token, await listCourses(userId))
    } catch {
      store().failReload(token)
    }
  }
  const unsubscribe = subscribeToCourses(userId, {
    onUpsert: (course) => store().upsertCourse(course),
    onRemove: (id) => store().removeCourse(id),
    onHealth: (live) => {
      store().setLive(live)
      if (live === 'live') void reload()
    },
  })
  reloadActive = reload
  void reload()
  return () => {
    if (reloadActive === reload) reloadActive = null
    unsubscribe()
    store().reset()
  }
}

/** "Try again" after a failed load. */
export function reloadCourses(): void {
  void reloadActive?.()
}
