import { supabase } from '@/lib/supabase'

/** A correct password only renews the same golfer's session. Throws when it is wrong. */
export async function verifyPassword(email: string, password: string): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
}
