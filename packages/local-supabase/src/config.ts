import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'

/** The subset of `supabase/config.toml` the local stack honours, with the CLI's defaults. */
export interface StackConfig {
  projectId: string
  apiPort: number
  dbPort: number
  auth: {
    siteUrl: string
    additionalRedirectUrls: string[]
    jwtExpiry: number
    enableRefreshTokenRotation: boolean
    refreshTokenReuseInterval: number
    enableSignup: boolean
    minimumPasswordLength: number
    emailEnableSignup: boolean
    /** `[auth.email] enable_confirmations`; false means GoTrue auto-confirms (MAILER_AUTOCONFIRM). */
    enableConfirmations: boolean
    google: {
      enabled: boolean
      clientId: string
      secret: string
      redirectUri: string
    }
  }
}

type Table = Record<string, unknown>

const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {}

/** `env(NAME)` values are read from the environment, as the CLI does; unset means empty. */
function resolveEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value !== 'string') return value
  const match = /^env\((\w+)\)$/.exec(value.trim())
  return match ? (env[match[1] as string] ?? '') : value
}

function read<T>(tbl: Table, key: string, fallback: T, env: NodeJS.ProcessEnv): T {
  const value = resolveEnv(tbl[key], env)
  if (value === undefined || value === '') return fallback
  if (typeof value !== typeof fallback) {
    throw new Error(`supabase/config.toml: ${key} should be a ${typeof fallback}`)
  }
  return value as T
}

/**
 * Reads `<projectDir>/supabase/config.toml`, the file `supabase init` writes, resolving `env(…)`
 * from `env`. A missing file means the CLI's defaults.
 */
export function loadConfig(projectDir: string, env: NodeJS.ProcessEnv = process.env): StackConfig {
  return parseConfig(configText(projectDir), env)
}

function configText(projectDir: string): string {
  try {
    return readFileSync(path.join(projectDir, 'supabase', 'config.toml'), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw error
  }
}

/** Parses config.toml text; exported for tests of the defaults and `env(…)` handling. */
export function parseConfig(text: string, env: NodeJS.ProcessEnv = process.env): StackConfig {
  const doc = parse(text) as Table
  const api = table(doc.api)
  const db = table(doc.db)
  const auth = table(doc.auth)
  const email = table(auth.email)
  const google = table(table(auth.external).google)
  return {
    projectId: read(doc, 'project_id', 'local', env),
    apiPort: read(api, 'port', 54321, env),
    dbPort: read(db, 'port', 54322, env),
    auth: {
      siteUrl: read(auth, 'site_url', 'http://127.0.0.1:3000', env),
      additionalRedirectUrls: (Array.isArray(auth.additional_redirect_urls)
        ? auth.additional_redirect_urls
        : []
      ).map((url) => String(resolveEnv(url, env))),
      jwtExpiry: read(auth, 'jwt_expiry', 3600, env),
      enableRefreshTokenRotation: read(auth, 'enable_refresh_token_rotation', true, env),
      refreshTokenReuseInterval: read(auth, 'refresh_token_reuse_interval', 10, env),
      enableSignup: read(auth, 'enable_signup', true, env),
      minimumPasswordLength: Math.max(6, read(auth, 'minimum_password_length', 6, env)),
      emailEnableSignup: read(email, 'enable_signup', true, env),
      enableConfirmations: read(email, 'enable_confirmations', false, env),
      google: {
        enabled: read(google, 'enabled', false, env),
        clientId: read(google, 'client_id', '', env),
        secret: read(google, 'secret', '', env),
        redirectUri: read(google, 'redirect_uri', '', env),
      },
    },
  }
}
