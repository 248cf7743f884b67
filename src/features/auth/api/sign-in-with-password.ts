import { supabase } from '@/lib/supabase'
import { authFailure } from './auth-error'

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw authFailure(error)
}
