import { DataError } from '@/lib/data-error'
import type { SyncedTable } from '@/stores/records-sync'
import { toHandicapSettings } from '../api/handicap-settings-row'
import { listHandicapSettings } from '../api/list-handicap-settings'
import { saveHandicapSettings } from '../api/save-handicap-settings'
import type { CourseHandicapSource, HandicapSettings } from '../types'
import {
  selectCourseHandicapSource,
  selectStartingIndex,
  useHandicapSettingsStore,
} from './handicap-settings-store'

/** No outbox kind: a choice is sent at once, and shown back as it was if the server refuses it. */
export const handicapSettingsTable: SyncedTable<'handicap_settings', HandicapSettings> = {
  table: 'handicap_settings',
  // A version 1 copy is still shown (no starting index), so an offline golfer keeps their choice.
  version: 2,
  upgradeRecord: (record, version) =>
    version === 1
      ? { ...(record as Omit<HandicapSettings, 'startingIndex'>), startingIndex: null }
      : null,
  store: useHandicapSettingsStore,
  fromRow: toHandicapSettings,
  list: listHandicapSettings,
}

/** Resolves false, with the choice before shown again, when the server refuses it. */
export async function chooseCourseHandicapSource(
  userId: string,
  source: CourseHandicapSource,
): Promise<boolean> {
  const store = useHandicapSettingsStore.getState
  const before = selectCourseHandicapSource(store())
  if (before === source) return true
  const startingIndex = selectStartingIndex(store())
  store().upsert({ id: userId, courseHandicapSource: source, startingIndex })
  try {
    store().upsert(await saveHandicapSettings({ courseHandicapSource: source }))
    return true
  } catch {
    store().upsert({ id: userId, courseHandicapSource: before, startingIndex })
    return false
  }
}

export type StartingIndexFailure = 'refused' | 'unsent'

export async function setStartingIndex(
  userId: string,
  startingIndex: number | null,
): Promise<StartingIndexFailure | null> {
  const store = useHandicapSettingsStore.getState
  const before = selectStartingIndex(store())
  if (before === startingIndex) return null
  const courseHandicapSource = selectCourseHandicapSource(store())
  store().upsert({ id: userId, courseHandicapSource, startingIndex })
  try {
    store().upsert(await saveHandicapSettings({ startingIndex }))
    return null
  } catch (error) {
    store().upsert({
      id: userId,
      courseHandicapSource: selectCourseHandicapSource(store()),
      startingIndex: before,
    })
    return error instanceof DataError && error.refused ? 'refused' : 'unsent'
  }
}
