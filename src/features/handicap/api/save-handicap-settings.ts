import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { HandicapSettings } from '../types'
import { HANDICAP_SETTINGS_COLUMNS, toHandicapSettings } from './handicap-settings-row'

/** Only the columns given are sent: an upsert sets every column it is sent, so a change of one
 * setting leaves the other as stored. */
export async function saveHandicapSettings(
  settings: Partial<Pick<HandicapSettings, 'courseHandicapSource' | 'startingIndex'>>,
): Promise<HandicapSettings> {
  const { data, error } = await supabase
    .from('handicap_settings')
    .upsert(
      {
        ...(settings.courseHandicapSource !== undefined && {
          course_handicap_source: settings.courseHandicapSource,
        }),
        ...(settings.startingIndex !== undefined && { starting_index: settings.startingIndex }),
      },
      { onConflict: 'user_id' },
    )
    .select(HANDICAP_SETTINGS_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return toHandicapSettings(data)
}
