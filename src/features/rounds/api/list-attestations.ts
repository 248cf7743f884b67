import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** Round id to the name of the marker who attested it on a shared card. */
export type Attestations = Readonly<Record<string, string>>

/** Every attested round the golfer may read (their shared cards'); theirs are looked up by id. */
export async function listAttestations(): Promise<Attestations> {
  const { data, error } = await supabase.from('round_attestations').select('round_id, attested_by')
  if (error) throw new DataError(error)
  const attestations: Record<string, string> = {}
  for (const { round_id, attested_by } of data) {
    if (round_id && attested_by) attestations[round_id] = attested_by
  }
  return attestations
}
