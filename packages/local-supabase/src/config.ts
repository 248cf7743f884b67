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
    /** `[auth.email]` settings for the mails Auth sends (recovery, email change, reauthentication). */
    email: EmailConfig
    /** `[auth.rate_limit]`, as the CLI passes it to GoTrue. */
    rateLimit: RateLimitConfig
    google: {
      enabled: boolean
      clientId: string
      secret: string
      redirectUri: string
    }
  }
  /** `[inbucket]`: the local inbox (Mailpit under `supabase start`) that receives every mail. */
  inbucket: {
    enabled: boolean
    /** The inbox's web page and API port; 0 picks a free port. */
    port: number
    adminEmail: string
    senderName: string
  }
}

/** One `[auth.email.template.<name>]` table: a subject and/or a content file. */
export interface EmailTemplateConfig {
  subject?: string
  /** Absolute path of the HTML template, read when a mail is sent (so edits apply at once). */
  contentPath?: string
}

export interface EmailConfig {
  /** `double_confirm_changes`: an email change is confirmed from the old and the new address. */
  doubleConfirmChanges: boolean
  /** `secure_password_change`: a password change needs a recent sign-in or a reauthentication nonce. */
  securePasswordChange: boolean
  /** `max_frequency` in seconds: the least time between two mails of one kind to one user. */
  maxFrequencySeconds: number
  otpLength: number
  /** `otp_expiry` in seconds: how long links and codes stay valid. */
  otpExpirySeconds: number
  /** `[auth.email.template.*]` by GoTrue's template name (recovery, email_change, …). */
  templates: Record<string, EmailTemplateConfig>
}

/**
 * Per-IP request budgets (each over 5 minutes) and the hourly number of mails. `emailSent` is what
 * GoTrue is given: the CLI passes `email_sent` only with `[auth.email.smtp]` enabled and 360000
 * otherwise (mail to the local inbox is not limited).
 */
export interface RateLimitConfig {
  emailSent: number
  signInSignUps: number
  tokenRefresh: number
  tokenVerifications: number
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
  const config = parseConfig(configText(projectDir), env)
  // The CLI reads content_path relative to the project directory.
  for (const template of Object.values(config.auth.email.templates)) {
    if (template.contentPath) template.contentPath = path.resolve(projectDir, template.contentPath)
  }
  return config
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
  const rateLimit = table(auth.rate_limit)
  const inbucket = table(doc.inbucket)
  const smtpEnabled = read(table(email.smtp), 'enabled', false, env)
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
      email: {
        doubleConfirmChanges: read(email, 'double_confirm_changes', true, env),
        securePasswordChange: read(email, 'secure_password_change', false, env),
        maxFrequencySeconds: parseDuration(read(email, 'max_frequency', '1s', env)),
        otpLength: read(email, 'otp_length', 6, env),
        otpExpirySeconds: read(email, 'otp_expiry', 3600, env),
        templates: emailTemplates(table(email.template), env),
      },
      rateLimit: {
        emailSent: smtpEnabled ? read(rateLimit, 'email_sent', 2, env) : 360000,
        signInSignUps: read(rateLimit, 'sign_in_sign_ups', 30, env),
        tokenRefresh: read(rateLimit, 'token_refresh', 150, env),
        tokenVerifications: read(rateLimit, 'token_verifications', 30, env),
      },
      google: {
        enabled: read(google, 'enabled', false, env),
        clientId: read(google, 'client_id', '', env),
        secret: read(google, 'secret', '', env),
        redirectUri: read(google, 'redirect_uri', '', env),
      },
    },
    inbucket: {
      enabled: read(inbucket, 'enabled', true, env),
      port: read(inbucket, 'port', 54324, env),
      adminEmail: read(inbucket, 'admin_email', 'admin@email.com', env),
      senderName: read(inbucket, 'sender_name', 'Admin', env),
    },
  }
}

function emailTemplates(
  tables: Table,
  env: NodeJS.ProcessEnv,
): Record<string, EmailTemplateConfig> {
  const templates: Record<string, EmailTemplateConfig> = {}
  for (const [name, value] of Object.entries(tables)) {
    const tbl = table(value)
    const subject = read(tbl, 'subject', '', env)
    const contentPath = read(tbl, 'content_path', '', env)
    templates[name] = {
      ...(subject ? { subject } : {}),
      ...(contentPath ? { contentPath } : {}),
    }
  }
  return templates
}

/** Go's time.ParseDuration for the units config.toml uses (`1s`, `1m30s`, `2h`, `500ms`). */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 }
  let rest = text.trim()
  let seconds = 0
  if (!/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(rest)) {
    throw new Error(`supabase/config.toml: ${JSON.stringify(text)} is not a duration such as "60s"`)
  }
  while (rest) {
    const match = /^(\d+(?:\.\d+)?)(h|ms|m|s)/.exec(rest)
    if (!match) break
    seconds += Number(match[1]) * (units[match[2] as string] ?? 0)
    rest = rest.slice(match[0].length)
  }
  return seconds
}
