import { supabase } from '@/lib/supabase'
import { authFailure } from './auth-error'

/**
 * Registers with email and password. Resolves to whether the golfer is now signed in: a project
 * with email confirmations on answers with a user but no session. Throws ServerUnreachableError
 * when Auth could not be reached.
 */
export async function signUp(email: string, password: string): Promise<{ signedIn: boolean }> {
  const { data, error } = await supabase.auth.signUp({ email, password })
  if (error) throw authFailure(error)
  return { signedIn: data.session !== null }
}
