import { supabase } from '@/lib/supabase'

/** Sets the signed-in golfer's password, here after a recovery link has signed them in. */
export async function changePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password })
  if (error) throw error
}
