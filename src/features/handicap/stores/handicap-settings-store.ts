import { createRecordsStore, type RecordsStore } from '@/stores/records-store'
import type { CourseHandicapSource, HandicapSettings } from '../types'

/** None until the golfer first chooses. */
export const useHandicapSettingsStore = createRecordsStore<HandicapSettings>()

export function selectCourseHandicapSource(
  state: Pick<RecordsStore<HandicapSettings>, 'byId'>,
): CourseHandicapSource {
  for (const settings of Object.values(state.byId)) return settings.courseHandicapSource
  return 'spec'
}

export function selectStartingIndex(
  state: Pick<RecordsStore<HandicapSettings>, 'byId'>,
): number | null {
  for (const settings of Object.values(state.byId)) return settings.startingIndex
  return null
}
