import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { HandicapSettings } from '../types'
import { HANDICAP_SETTINGS_COLUMNS, toHandicapSettings } from './handicap-settings-row'

/**
 * Writes the signed-in golfer's settings, the row made on the first choice; returns what was
 * stored. `user_id` is left to its default (the caller): an upsert sets every column it is sent
 * on a conflict, and golfers may update only `course_handicap_source`.
 */
export async function saveHandicapSettings(
  settings: Pick<HandicapSettings, 'courseHandicapSource'>,
): Promise<HandicapSettings> {
  const { data, error } = await supabase
    .from('handicap_settings')
    .upsert({ course_handicap_source: settings.courseHandicapSource }, { onConflict: 'user_id' })
    .select(HANDICAP_SETTINGS_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return toHandicapSettings(data)
}
