import { supabase } from '@/lib/supabase'
import { queryAccountRecord, type AccountRecordRows } from './account-queries'

export type { AccountRecordRows } from './account-queries'

/** The device's copy when loaded, else the server: no second download of what the device has. */
export async function readAccountRecord(
  userId: string,
  onDevice: () => AccountRecordRows | null,
): Promise<{ source: 'device' | 'server'; record: AccountRecordRows }> {
  const held = onDevice()
  if (held) return { source: 'device', record: held }
  return { source: 'server', record: await loadAccountRecord(userId) }
}

export const loadAccountRecord = (userId: string) => queryAccountRecord(supabase, userId)
