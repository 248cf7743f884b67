import { createClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import { authStorageKey } from './auth-storage-key'
import type { Database } from './database.types'

// PKCE, as a popup and its opener share the Google code's URL. detectSessionInUrl is off because
// the code is single-use and only /auth/callback exchanges it (supabase-compat §A.6).
export const AUTH_STORAGE_KEY = authStorageKey(env.supabaseUrl)

const makeClient = () =>
  createClient<Database>(env.supabaseUrl, env.supabaseKey, {
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      flowType: 'pkce',
      detectSessionInUrl: false,
      persistSession: true,
      autoRefreshToken: true,
    },
  })

type Client = ReturnType<typeof makeClient>
let client: Client | null = null

/** Made on first use rather than while the entry script is evaluated, the load's longest task:
 * the app asks for it in a task of its own (main.tsx). Methods are bound to the client. */
export const supabase = new Proxy({} as Client, {
  get(_, key) {
    client ??= makeClient()
    const value: unknown = Reflect.get(client, key, client)
    return typeof value === 'function'
      ? (value as (...args: unknown[]) => unknown).bind(client)
      : value
  },
})
