import { create } from 'zustand'
import { listPublishedCourses } from '../api/list-published-courses'

interface DirectoryState {
  /** Whose entries `published` holds. */
  userId: string | null
  /** The golfer's directory entry ids by their course's id; null until loaded. */
  published: Record<string, string> | null
}

/** Which of the golfer's courses are in the directory, for each course's Publish / Withdraw. */
export const useDirectoryStore = create<DirectoryState>(() => ({ userId: null, published: null }))

/** Loads the golfer's entries once per golfer (a failure leaves them unknown, to try again). */
export async function loadPublishedCourses(userId: string): Promise<void> {
  if (useDirectoryStore.getState().userId === userId) return
  useDirectoryStore.setState({ userId, published: null })
  try {
    const published = await listPublishedCourses(userId)
    if (useDirectoryStore.getState().userId === userId) useDirectoryStore.setState({ published })
  } catch {
    if (useDirectoryStore.getState().userId === userId) useDirectoryStore.setState({ userId: null })
  }
}

/** After a publish (an entry id) or a withdrawal (null). */
export function notePublished(courseId: string, entryId: string | null): void {
  const others = withoutKey(useDirectoryStore.getState().published ?? {}, courseId)
  useDirectoryStore.setState({ published: entryId ? { ...others, [courseId]: entryId } : others })
}

/** A copy of `record` without `key`. */
export const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))
