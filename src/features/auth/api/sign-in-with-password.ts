import { supabase } from '@/lib/supabase'
import { authFailure } from './auth-error'

/** Throws ServerUnreachableError when Auth could not be reached, the Auth error otherwise. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw authFailure(error)
}
