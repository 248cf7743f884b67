import { createClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import type { Database } from './database.types'

/**
 * The one Supabase client. PKCE, because the Google code comes back in a URL that a popup and its
 * opener share. `detectSessionInUrl` is off so that no page exchanges a code on its own when the
 * client starts: the code is single-use, and only the /auth/callback page exchanges it, once
 * (supabase-compat §A.6). The session then reaches every other window of the app through
 * supabase-js's BroadcastChannel and the shared localStorage.
 */
/** supabase-js's own default key, named so the app can read a session it kept while offline. */
export const AUTH_STORAGE_KEY = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`

export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseKey, {
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    flowType: 'pkce',
    detectSessionInUrl: false,
    persistSession: true,
    autoRefreshToken: true,
  },
})
