import { supabase } from '@/lib/supabase'
import { queryAccountRecord, type AccountRecordRows } from './account-queries'

export type { AccountRecordRows } from './account-queries'

/**
 * Where export and the import preview read the golfer's record: what this device already holds
 * when it is loaded (`onDevice`, given by the app: the screens' rows with the same handicap engine
 * they show), otherwise the server. No second download of what the device has.
 */
export async function readAccountRecord(
  userId: string,
  onDevice: () => AccountRecordRows | null,
): Promise<{ source: 'device' | 'server'; record: AccountRecordRows }> {
  const held = onDevice()
  if (held) return { source: 'device', record: held }
  return { source: 'server', record: await loadAccountRecord(userId) }
}

/** The server path, for a golfer whose record this device has not loaded (`queryAccountRecord`). */
export const loadAccountRecord = (userId: string) => queryAccountRecord(supabase, userId)
