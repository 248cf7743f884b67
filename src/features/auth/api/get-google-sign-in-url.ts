import { supabase } from '@/lib/supabase'

/**
 * Starts a PKCE sign-in with Google without leaving the page: stores the code verifier and returns
 * the URL to open (in a popup, or in this tab when popups are blocked).
 */
export async function getGoogleSignInUrl(redirectTo: string): Promise<string> {
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  })
  if (error) throw error
  if (!data.url) throw new Error('Supabase returned no Google sign-in URL')
  return data.url
}
