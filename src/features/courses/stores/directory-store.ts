import { create } from 'zustand'
import { listPublishedCourses } from '../api/list-published-courses'

interface DirectoryState {
  userId: string | null
  /** Entry ids by course id; null until loaded. */
  published: Record<string, string> | null
}

export const useDirectoryStore = create<DirectoryState>(() => ({ userId: null, published: null }))

/** A failure leaves them unknown, to try again. */
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

export function notePublished(courseId: string, entryId: string | null): void {
  const others = withoutKey(useDirectoryStore.getState().published ?? {}, courseId)
  useDirectoryStore.setState({ published: entryId ? { ...others, [courseId]: entryId } : others })
}

export const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))
