import { supabase } from '@/lib/supabase'

/**
 * Asks Supabase Auth to move the account to `email`: it sends a confirmation link to the new
 * address (and, with "secure email change", to the old one); the email changes when it is opened.
 */
export async function changeEmail(email: string): Promise<void> {
  const { error } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: `${window.location.origin}/account` },
  )
  if (error) throw error
}
