import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { HandicapSettings } from '../types'
import { HANDICAP_SETTINGS_COLUMNS, toHandicapSettings } from './handicap-settings-row'

/** The golfer's settings row, as a list of none (never chosen: the defaults) or one. */
export async function listHandicapSettings(userId: string): Promise<HandicapSettings[]> {
  const { data, error } = await supabase
    .from('handicap_settings')
    .select(HANDICAP_SETTINGS_COLUMNS)
    .eq('user_id', userId)
  if (error) throw new DataError(error)
  return data.map(toHandicapSettings)
}
