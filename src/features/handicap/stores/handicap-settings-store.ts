import { createRecordsStore, type RecordsStore } from '@/stores/records-store'
import type { CourseHandicapSource, HandicapSettings } from '../types'

/** The golfer's settings row (none until they first choose), kept like every other table's rows. */
export const useHandicapSettingsStore = createRecordsStore<HandicapSettings>()

/** The index course handicaps use: the spec's unless the golfer chose the estimate. */
export function selectCourseHandicapSource(
  state: Pick<RecordsStore<HandicapSettings>, 'byId'>,
): CourseHandicapSource {
  for (const settings of Object.values(state.byId)) return settings.courseHandicapSource
  return 'spec'
}

/** The golfer's starting index from their federation, or null when none. */
export function selectStartingIndex(
  state: Pick<RecordsStore<HandicapSettings>, 'byId'>,
): number | null {
  for (const settings of Object.values(state.byId)) return settings.startingIndex
  return null
}
