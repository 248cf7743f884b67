import { supabase } from '@/lib/supabase'
import { authFailure } from './auth-error'

/** With email confirmations on, Auth answers with a user but no session: `signedIn` is false. */
export async function signUp(email: string, password: string): Promise<{ signedIn: boolean }> {
  const { data, error } = await supabase.auth.signUp({ email, password })
  if (error) throw authFailure(error)
  return { signedIn: data.session !== null }
}
