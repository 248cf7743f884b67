import { supabase } from '@/lib/supabase'

/**
 * Registers with email and password. Resolves to whether the golfer is now signed in: a project
 * with email confirmations on answers with a user but no session.
 */
export async function signUp(email: string, password: string): Promise<{ signedIn: boolean }> {
  const { data, error } = await supabase.auth.signUp({ email, password })
  if (error) throw error
  return { signedIn: data.session !== null }
}
