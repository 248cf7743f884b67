import type { RecordsStore } from '@/stores/records-store'
import type { Course } from '../types'
import { coursesTable } from './courses-table'

export const useCoursesStore = coursesTable.store

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Alphabetical; ties (same name) in the order they were added. */
export function selectCoursesByName(state: Pick<RecordsStore<Course>, 'byId'>): Course[] {
  return Object.values(state.byId).sort(
    (a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}
