import { supabase } from '@/lib/supabase'

export const RESET_PASSWORD_PATH = '/auth/reset-password'

/** Supabase answers the same whether or not the email is registered, so nothing here reveals an
 * account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  })
  if (error) throw error
}
