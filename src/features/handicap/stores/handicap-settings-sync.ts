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

/**
 * The settings row as one of the golfer's synced tables: its device copy, reloads and its part
 * of the one realtime channel, like courses and rounds. It has no outbox kind: a choice is sent
 * at once, and shown back as it was if the server refuses it.
 */
export const handicapSettingsTable: SyncedTable<'handicap_settings', HandicapSettings> = {
  table: 'handicap_settings',
  // 2: the starting index (issue 32). A version 1 copy, the released app's, is still shown, with
  // no starting index, so an offline golfer keeps their choice of source.
  version: 2,
  upgradeRecord: (record, version) =>
    version === 1
      ? { ...(record as Omit<HandicapSettings, 'startingIndex'>), startingIndex: null }
      : null,
  store: useHandicapSettingsStore,
  fromRow: toHandicapSettings,
  list: listHandicapSettings,
}

/**
 * Shows the golfer's choice at once and stores it; the other devices get it from realtime. If the
 * server refuses it, the choice before comes back and the promise says false.
 */
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

/** Why a starting index was not stored: refused (the database's bounds) or not sent (offline). */
export type StartingIndexFailure = 'refused' | 'unsent'

/**
 * Shows the golfer's starting index (null removes it) at once and stores it; the other devices
 * get it from realtime. If the server refuses it or cannot be reached, the one before comes back
 * and the promise says why.
 */
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
