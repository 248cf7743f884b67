import { createClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import type { Database } from './database.types'

// PKCE, as a popup and its opener share the Google code's URL. detectSessionInUrl is off because
// the code is single-use and only /auth/callback exchanges it (supabase-compat §A.6).
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
