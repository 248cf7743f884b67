import type { SyncedTable } from '@/stores/records-sync'
import { toHandicapSettings } from '../api/handicap-settings-row'
import { listHandicapSettings } from '../api/list-handicap-settings'
import { saveHandicapSettings } from '../api/save-handicap-settings'
import type { CourseHandicapSource, HandicapSettings } from '../types'
import { selectCourseHandicapSource, useHandicapSettingsStore } from './handicap-settings-store'

/**
 * The settings row as one of the golfer's synced tables: its device copy, reloads and its part
 * of the one realtime channel, like courses and rounds. It has no outbox kind: a choice is sent
 * at once, and shown back as it was if the server refuses it.
 */
export const handicapSettingsTable: SyncedTable<'handicap_settings', HandicapSettings> = {
  table: 'handicap_settings',
  version: 1,
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
  store().upsert({ id: userId, courseHandicapSource: source })
  try {
    store().upsert(await saveHandicapSettings({ courseHandicapSource: source }))
    return true
  } catch {
    store().upsert({ id: userId, courseHandicapSource: before })
    return false
  }
}
