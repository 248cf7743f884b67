import { oncePerKey } from '@/lib/once-per-key'
import { supabase } from '@/lib/supabase'

/** Trades the one-time code of a sign-in or password-reset return for a session, once per code. */
export const exchangeOAuthCode = oncePerKey((code) =>
  supabase.auth.exchangeCodeForSession(code).then(({ error }) => {
    if (error) throw error
  }),
)
