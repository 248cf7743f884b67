import { SignJWT } from 'jose'

/** Supabase CLI's well-known local defaults (`supabase status -o env`), so tools written for
 * `supabase start` work unchanged against this stack. Never use these on a public server. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export const DEFAULT_KEYS = {
  anon: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  serviceRole:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  publishable: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  secret: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
} as const

export interface StackKeys {
  jwtSecret: string
  anon: string
  serviceRole: string
  publishable: string
  secret: string
}

/** Keys for a JWT secret: the published defaults for the default secret, freshly signed otherwise. */
export async function keysFor(jwtSecret: string): Promise<StackKeys> {
  if (jwtSecret === DEFAULT_JWT_SECRET) return { jwtSecret, ...DEFAULT_KEYS }
  const key = new TextEncoder().encode(jwtSecret)
  const sign = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key)
  return {
    jwtSecret,
    anon: await sign('anon'),
    serviceRole: await sign('service_role'),
    publishable: DEFAULT_KEYS.publishable,
    secret: DEFAULT_KEYS.secret,
  }
}

/**
 * Kong's key mapping (supabase-compat §0): a Bearer that starts with `sb_` is not a JWT, so the
 * gateway replaces it with the legacy JWT the key stands for; anything else passes through.
 */
export function bearerForKey(keys: StackKeys, token: string): string {
  if (token === keys.secret) return keys.serviceRole
  if (token === keys.publishable) return keys.anon
  return token
}
