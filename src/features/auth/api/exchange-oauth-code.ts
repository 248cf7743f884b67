import { supabase } from '@/lib/supabase'

const exchanges = new Map<string, Promise<void>>()

/** At most once per code: a second call (React's development double effects) gets the first's promise. */
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
