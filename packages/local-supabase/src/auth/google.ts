import { createHash } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import type { ServiceContext } from '../context.ts'
import { authError } from './errors.ts'

/** Google's OIDC endpoints, from https://accounts.google.com/.well-known/openid-configuration */
export const GOOGLE_ISSUER = 'https://accounts.google.com'
const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth'
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs'
const GOOGLE_USERINFO_URL = 'https://www.googleapis.com/userinfo/v2/me'
const GOOGLE_HTTP_TIMEOUT_MS = 10_000

export interface GoogleCredentials {
  clientId: string
  secret: string
  redirectUri: string
}

/** Real Google only when both the client id and secret are configured; otherwise the stand-in. */
export function googleCredentials(ctx: ServiceContext): GoogleCredentials | undefined {
  const { clientId, secret, redirectUri } = ctx.config.auth.google
  if (!clientId || !secret) return undefined
  return { clientId, secret, redirectUri: redirectUri || `${ctx.apiUrl}/auth/v1/callback` }
}

/**
 * The authorization URL golang.org/x/oauth2 builds for GoTrue: `email profile` plus any extra
 * (comma separated) scopes, the flow state id as `state`, and the client's other query parameters
 * passed on; parameters sorted by name as Go encodes them.
 */
export function googleAuthorizeUrl(
  credentials: GoogleCredentials,
  state: string,
  scopes: string,
  forwarded: Array<[string, string]>,
): string {
  const params = new Map<string, string>([
    ['response_type', 'code'],
    ['client_id', credentials.clientId],
    ['redirect_uri', credentials.redirectUri],
    ['scope', ['email', 'profile', ...(scopes ? scopes.split(',') : [])].join(' ')],
    ['state', state],
  ])
  for (const [key, value] of forwarded) params.set(key, value)
  return `${GOOGLE_AUTHORIZE_URL}?${goEncode(params)}`
}

export interface ProviderEmail {
  email: string
  verified: boolean
  primary: boolean
}

/** What an identity provider told us about the person (GoTrue's `UserProvidedData`). */
export interface ProviderUser {
  emails: ProviderEmail[]
  subject: string
  issuer: string
  name: string
  picture: string
  customClaims?: Record<string, unknown>
  providerAccessToken: string
  providerRefreshToken: string
}

/**
 * identity_data / user_metadata for a provider user: GoTrue's `provider.Claims` through
 * `structs.Map`, so empty strings are left out while the two `*_verified` flags always appear.
 */
export function providerClaims(user: ProviderUser): Record<string, unknown> {
  const primary = user.emails.find((email) => email.primary) ?? user.emails.at(-1)
  const claims: Record<string, unknown> = {}
  const optional = (key: string, value: string) => {
    if (value) claims[key] = value
  }
  optional('iss', user.issuer)
  optional('sub', user.subject)
  optional('name', user.name)
  optional('picture', user.picture)
  optional('email', primary?.email.toLowerCase() ?? '')
  claims.email_verified = primary?.verified ?? false
  claims.phone_verified = false
  if (user.customClaims) claims.custom_claims = user.customClaims
  optional('full_name', user.name)
  optional('avatar_url', user.picture)
  optional('provider_id', user.subject)
  return claims
}

/**
 * The person the local stand-in page describes. Google's subject is a stable decimal id; this
 * one is derived from the address, so signing in again with the same email finds the same
 * identity.
 */
export function standInGoogleUser(email: string, name: string): ProviderUser {
  const digest = createHash('sha256')
    .update(`local-supabase-google:${email.toLowerCase()}`)
    .digest()
  const subject = `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`
  return {
    emails: [{ email, verified: true, primary: true }],
    subject,
    issuer: GOOGLE_ISSUER,
    name,
    picture: '',
    providerAccessToken: '',
    providerRefreshToken: '',
  }
}

const googleKeys = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL))

/**
 * The real authorization-code exchange with Google, then the ID token checked against Google's
 * published keys (issuer and audience too), as GoTrue's Google provider does. This talks to
 * Google over the network and needs a real OAuth client, so the test suite cannot exercise it.
 */
export async function exchangeGoogleCode(
  credentials: GoogleCredentials,
  code: string,
): Promise<ProviderUser> {
  let token: { access_token?: string; refresh_token?: string; id_token?: string }
  try {
    const response = await fetch(GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: credentials.redirectUri,
        client_id: credentials.clientId,
        client_secret: credentials.secret,
      }),
      signal: AbortSignal.timeout(GOOGLE_HTTP_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`)
    token = (await response.json()) as typeof token
    if (!token.access_token) throw new Error('Google returned no access token')
  } catch (error) {
    throw Object.assign(
      authError(500, 'unexpected_failure', `Unable to exchange external code: ${code.slice(0, 4)}`),
      { cause: error },
    )
  }

  try {
    const claims = token.id_token
      ? (
          await jwtVerify(token.id_token, googleKeys, {
            issuer: [GOOGLE_ISSUER, 'accounts.google.com'],
            audience: credentials.clientId,
          })
        ).payload
      : await googleUserInfo(token.access_token)
    return googleUserFromClaims(claims, token.access_token, token.refresh_token ?? '', {
      viaUserInfo: !token.id_token,
    })
  } catch (error) {
    throw Object.assign(
      authError(500, 'unexpected_failure', 'Error getting user profile from external provider'),
      { cause: error },
    )
  }
}

async function googleUserInfo(accessToken: string): Promise<JWTPayload> {
  const response = await fetch(GOOGLE_USERINFO_URL, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(GOOGLE_HTTP_TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`)
  return (await response.json()) as JWTPayload
}

function googleUserFromClaims(
  claims: JWTPayload,
  accessToken: string,
  refreshToken: string,
  { viaUserInfo }: { viaUserInfo: boolean },
): ProviderUser {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '')
  const verified =
    claims.email_verified === true ||
    claims.email_verified === 'true' ||
    claims.verified_email === true
  const email = text('email')
  return {
    emails: email ? [{ email, verified, primary: true }] : [],
    subject: viaUserInfo ? text('id') : text('sub'),
    issuer: viaUserInfo ? GOOGLE_USERINFO_URL : text('iss'),
    name: text('name'),
    picture: text('picture'),
    ...(text('hd') ? { customClaims: { hd: text('hd') } } : {}),
    providerAccessToken: accessToken,
    providerRefreshToken: refreshToken,
  }
}

/**
 * Go's `url.Values.Encode`: keys sorted, `QueryEscape`d (space as `+`, `~` kept, `!'()*`
 * escaped).
 */
export function goEncode(params: Map<string, string> | Array<[string, string]>): string {
  const entries = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return entries.map(([key, value]) => `${goQueryEscape(key)}=${goQueryEscape(value)}`).join('&')
}

function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}
