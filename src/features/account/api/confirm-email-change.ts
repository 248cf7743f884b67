import { oncePerKey } from '@/lib/once-per-key'
import { supabase } from '@/lib/supabase'

/** Trades the one-time code from an email-change link for the updated session, once per code. */
export const confirmEmailChange = oncePerKey((code) =>
  supabase.auth.exchangeCodeForSession(code).then(({ error }) => {
    if (error) throw error
  }),
)
