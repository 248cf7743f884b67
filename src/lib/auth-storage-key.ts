/** Where supabase-js keeps the session on the device (its own default name), written out because
 * the app reads a kept session itself (watch-session.ts), and the browser journeys put one there. */
export const authStorageKey = (supabaseUrl: string) =>
  `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
