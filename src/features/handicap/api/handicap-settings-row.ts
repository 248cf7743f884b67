import type { Database } from '@/lib/database.types'
import type { HandicapSettings } from '../types'

export type HandicapSettingsRow = Database['public']['Tables']['handicap_settings']['Row']

export const HANDICAP_SETTINGS_COLUMNS = 'user_id, course_handicap_source'

export function toHandicapSettings(
  row: Pick<HandicapSettingsRow, 'user_id' | 'course_handicap_source'>,
): HandicapSettings {
  return {
    id: row.user_id,
    courseHandicapSource: row.course_handicap_source === 'whs' ? 'whs' : 'spec',
  }
}
