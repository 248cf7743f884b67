import { create } from 'zustand'
import type { FeedHealth } from '@/lib/realtime'
import {
  beginReload,
  clearPending,
  emptyRecords,
  failReload,
  finishReload,
  markPending,
  removeRecord,
  upsertRecord,
  type PendingChange,
  type RecordsState,
} from '@/lib/records'
import type { Course } from '../types'

interface CoursesState extends RecordsState<Course> {
  live: FeedHealth
  /** Bumped by reset, so work started for a previous session does not write into the next. */
  epoch: number
  upsertCourse(course: Course): void
  removeCourse(id: string): void
  markCoursePending(id: string, change: PendingChange): void
  clearCoursePending(id: string): void
  beginReload(token: number): void
  finishReload(token: number, courses: readonly Course[]): void
  failReload(token: number): void
  setLive(live: FeedHealth): void
  reset(): void
}

export const useCoursesStore = create<CoursesState>()((set) => ({
  ...emptyRecords<Course>(),
  live: 'connecting',
  epoch: 0,
  upsertCourse: (course) => set((state) => upsertRecord(state, course)),
  removeCourse: (id) => set((state) => removeRecord(state, id)),
  markCoursePending: (id, change) => set((state) => markPending(state, id, change)),
  clearCoursePending: (id) => set((state) => clearPending(state, id)),
  beginReload: (token) => set((state) => beginReload(state, token)),
  finishReload: (token, courses) => set((state) => finishReload(state, token, courses)),
  failReload: (token) => set((state) => failReload(state, token)),
  setLive: (live) => set({ live }),
  reset: () =>
    set((state) => ({ ...emptyRecords<Course>(), live: 'connecting', epoch: state.epoch + 1 })),
}))

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Alphabetical, as a golfer looks for a course; ties (same name) in the order they were added. */
export function selectCoursesByName(state: Pick<CoursesState, 'byId'>): Course[] {
  return Object.values(state.byId).sort(
    (a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}
