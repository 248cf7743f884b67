import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { TEE_COLUMNS, teeFromRow, teeToRow, type Tee, type TeeInput } from '@/lib/tables/tees'

/**
 * The tees table's calls, each safe to send again after its answer was lost (the outbox does).
 * Row-level security limits every one of them to the golfer's own tees; the database checks the
 * bounds, that hole pars add up to par, and refuses to delete a course's last tee.
 */
export async function listTees(userId: string): Promise<Tee[]> {
  const { data, error } = await supabase
    .from('tees')
    .select(TEE_COLUMNS)
    .eq('user_id', userId)
    .order('id')
  if (error) throw new DataError(error)
  return data.map(teeFromRow)
}

/** A new tee under a client-made ULID (a resend of a stored one: see addCourse). */
export async function addTee(id: string, input: TeeInput): Promise<Tee> {
  const { data, error } = await supabase
    .from('tees')
    .insert({ id, ...teeToRow(input) })
    .select(TEE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return teeFromRow(data)
}

/**
 * Changes a tee; rounds already played from it keep the copies they have. Its course is not
 * sent: a tee never moves, and golfers may update only the columns they can change (naming
 * course_id in the update, even unchanged, is refused for want of that column's privilege).
 */
export async function updateTee(id: string, input: TeeInput): Promise<Tee> {
  const changes: Partial<ReturnType<typeof teeToRow>> = teeToRow(input)
  delete changes.course_id
  const { data, error } = await supabase
    .from('tees')
    .update(changes)
    .eq('id', id)
    .select(TEE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return teeFromRow(data)
}

/** Deletes a tee (never a course's last one); its rounds keep their copies of it. */
export async function deleteTee(id: string): Promise<void> {
  const { error } = await supabase.from('tees').delete().eq('id', id)
  if (error) throw new DataError(error)
}

/** Puts a just-deleted tee back exactly (same id). */
export async function undoTeeDeletion(id: string): Promise<void> {
  const { error } = await supabase.rpc('undo_deletion', { kind: 'tees', record_id: id })
  if (error) throw new DataError(error)
}
