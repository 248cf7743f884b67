import type { Database } from '@/lib/database.types'
import type { HandicapSettings } from '../types'

export type HandicapSettingsRow = Database['public']['Tables']['handicap_settings']['Row']

export const HANDICAP_SETTINGS_COLUMNS = 'user_id, course_handicap_source, starting_index'

/** A numeric column as PostgREST (a JSON number) or realtime (possibly its text) sends it. */
function startingIndexOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const index = Number(value)
  return Number.isFinite(index) ? index : null
}

export function toHandicapSettings(
  row: Pick<HandicapSettingsRow, 'user_id' | 'course_handicap_source'> &
    Partial<Pick<HandicapSettingsRow, 'starting_index'>>,
): HandicapSettings {
  return {
    id: row.user_id,
    courseHandicapSource: row.course_handicap_source === 'whs' ? 'whs' : 'spec',
    startingIndex: startingIndexOf(row.starting_index),
  }
}
