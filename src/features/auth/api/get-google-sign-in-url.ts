import { supabase } from '@/lib/supabase'

export async function getGoogleSignInUrl(redirectTo: string): Promise<string> {
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  })
  if (error) throw error
  if (!data.url) throw new Error('Supabase returned no Google sign-in URL')
  return data.url
}
