import { supabase } from '@/lib/supabase'

/** Where the link in the recovery email brings the golfer back to. */
export const RESET_PASSWORD_PATH = '/auth/reset-password'

/**
 * Asks Supabase Auth to email a recovery link. Supabase answers the same whether or not the email
 * is registered, so nothing here can tell a visitor who has an account. PKCE: the link brings back
 * a one-time code that only this browser can trade for a session.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  })
  if (error) throw error
}
