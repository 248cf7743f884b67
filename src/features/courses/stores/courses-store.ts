import type { RecordsStore } from '@/stores/records-store'
import { nextTask } from '@/lib/slices'
import type { Course } from '../types'
import { coursesTable } from './courses-table'

export const useCoursesStore = coursesTable.store

let byName: Intl.Collator | null = null
const collator = () =>
  (byName ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }))
// Not in the task that evaluates this module: a collator's first creation loads ICU's collation
// data, work enough for a long task of its own on a slow phone.
void nextTask().then(collator)

/** Alphabetical; ties (same name) in the order they were added. */
export function selectCoursesByName(state: Pick<RecordsStore<Course>, 'byId'>): Course[] {
  return Object.values(state.byId).sort(
    (a, b) => collator().compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}
