import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import { TEE_COLUMNS, teeFromRow, teeToRow, type Tee, type TeeInput } from '@/lib/tables/tees'

export async function listTees(userId: string): Promise<Tee[]> {
  const { data, error } = await supabase
    .from('tees')
    .select(TEE_COLUMNS)
    .eq('user_id', userId)
    .order('id')
  if (error) throw new DataError(error)
  return data.map(teeFromRow)
}

export async function addTee(id: string, input: TeeInput): Promise<Tee> {
  const { data, error } = await supabase
    .from('tees')
    .insert({ id, ...teeToRow(input) })
    .select(TEE_COLUMNS)
    .single()
  if (error) throw new DataError(error)
  return teeFromRow(data)
}

/** course_id is not sent: naming it in an update, even unchanged, is refused for want of that
 * column's privilege. */
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

export async function deleteTee(id: string): Promise<void> {
  const { error } = await supabase.from('tees').delete().eq('id', id)
  if (error) throw new DataError(error)
}

export async function undoTeeDeletion(id: string): Promise<void> {
  const { error } = await supabase.rpc('undo_deletion', { kind: 'tees', record_id: id })
  if (error) throw new DataError(error)
}
