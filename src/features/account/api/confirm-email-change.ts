import { supabase } from '@/lib/supabase'

const confirmations = new Map<string, Promise<void>>()

/**
 * Trades the one-time code from an email-change link for the updated session, once per code
 * (React's development double effects would otherwise spend it twice).
 */
export function confirmEmailChange(code: string): Promise<void> {
  let confirmation = confirmations.get(code)
  if (!confirmation) {
    confirmation = supabase.auth.exchangeCodeForSession(code).then(({ error }) => {
      if (error) throw error
    })
    confirmations.set(code, confirmation)
  }
  return confirmation
}
