import { supabase } from '@/lib/supabase'

const exchanges = new Map<string, Promise<void>>()

/**
 * Trades the one-time code from the OAuth redirect for a session, at most once per code for the
 * page's lifetime: a second call (React's development double effects, a re-render) gets the first
 * call's promise instead of spending the code again.
 */
export function exchangeOAuthCode(code: string): Promise<void> {
  let exchange = exchanges.get(code)
  if (!exchange) {
    exchange = supabase.auth.exchangeCodeForSession(code).then(({ error }) => {
      if (error) throw error
    })
    exchanges.set(code, exchange)
  }
  return exchange
}
