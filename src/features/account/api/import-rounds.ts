import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { importPayload } from '../lib/import-payload'
import type { ImportRound } from '../lib/import-plan'

export interface ImportResult {
  coursesAdded: number
  roundsAdded: number
  roundsSkipped: number
}

/**
 * Stores the rounds, and the courses and tees they need, in one database call and one transaction
 * (public.import_rounds): either all of it is stored or, on any refusal, none of it. A round with
 * a tee name (or 9 holes) is played from the golfer's tee of that name, holes, rating and slope on
 * the course of that name, which the database creates when missing; a round scored hole by hole
 * carries its holes (`importPayload`).
 */
export async function importRounds(rounds: readonly ImportRound[]): Promise<ImportResult> {
  const payload = importPayload(rounds, ulid)
  const { data, error } = await supabase.rpc('import_rounds', { payload })
  if (error) throw new DataError(error)
  const result = data as { courses_added: number; rounds_added: number; rounds_skipped: number }
  return {
    coursesAdded: result.courses_added,
    roundsAdded: result.rounds_added,
    roundsSkipped: result.rounds_skipped,
  }
}
