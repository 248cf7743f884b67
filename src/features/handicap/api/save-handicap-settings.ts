import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { HandicapSettings } from '../types'
import { HANDICAP_SETTINGS_COLUMNS, toHandicapSettings } from './handicap-settings-row'

/** Writes the golfer's settings, the row made on the first choice; returns what was stored. */
export async function saveHandicapSettings(settings: HandicapSettings): Promise<HandicapSettings> {
  const { data, error } = await supabase
    .from('handicap_settings')
    .upsert({ user_id: settings.id, course_handicap_source: settings.courseHandicapSource })
    .select(HANDICAP_SETTINGS_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return toHandicapSettings(data)
}
