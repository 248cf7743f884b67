import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'

/** public.delete_my_account deletes every session and refresh token, so other devices are signed
 * out when their token next renews. */
export async function deleteAccount(): Promise<void> {
  const { error } = await supabase.rpc('delete_my_account')
  if (error) throw new DataError(error)
  // Local: the server has nothing left to sign out, and a global sign-out would be refused.
  await supabase.auth.signOut({ scope: 'local' })
}
