/** With nothing set, development and tests use the local stack and its well-known key, so `npm
 * start` needs no setup. */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321'
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

export interface AppConfig {
  supabaseUrl: string
  supabaseKey: string
}

export interface EnvVariables {
  VITE_SUPABASE_URL?: string
  VITE_SUPABASE_PUBLISHABLE_KEY?: string
  VITE_SUPABASE_ANON_KEY?: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const KEY_NAMES = 'VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY)'

export function readConfig(variables: EnvVariables, isProduction: boolean): AppConfig {
  const url = variables.VITE_SUPABASE_URL?.trim() || undefined
  const key =
    variables.VITE_SUPABASE_PUBLISHABLE_KEY?.trim() ||
    variables.VITE_SUPABASE_ANON_KEY?.trim() ||
    undefined

  if (!url && !key) {
    if (isProduction) {
      throw new ConfigError(
        `HCPFast is not configured: set VITE_SUPABASE_URL and ${KEY_NAMES} when building for production.`,
      )
    }
    return { supabaseUrl: LOCAL_SUPABASE_URL, supabaseKey: LOCAL_PUBLISHABLE_KEY }
  }
  // Half a configuration is a mistake in every mode: the local key would not open another project.
  if (!url)
    throw new ConfigError(
      `HCPFast is not configured: ${KEY_NAMES} is set but VITE_SUPABASE_URL is not.`,
    )
  if (!key)
    throw new ConfigError(
      `HCPFast is not configured: VITE_SUPABASE_URL is set but ${KEY_NAMES} is not.`,
    )

  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError(`HCPFast is not configured: VITE_SUPABASE_URL is not a URL (${url}).`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`HCPFast is not configured: VITE_SUPABASE_URL must be http(s) (${url}).`)
  }
  return { supabaseUrl: url.replace(/\/+$/, ''), supabaseKey: key }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** A build on the local stack served from another host would look like an outage: say what to set. */
export function checkReachable(config: AppConfig, pageHostname: string): AppConfig {
  const apiHost = new URL(config.supabaseUrl).hostname
  if (LOOPBACK.has(apiHost) && !LOOPBACK.has(pageHostname)) {
    throw new ConfigError(
      `HCPFast is not configured: this build talks to the local stack at ${config.supabaseUrl}, which only this machine can reach; set VITE_SUPABASE_URL and ${KEY_NAMES} when building for production.`,
    )
  }
  return config
}

function readConfigOrExplain(): AppConfig {
  try {
    const config = readConfig(import.meta.env, import.meta.env.PROD)
    return import.meta.env.PROD ? checkReachable(config, window.location.hostname) : config
  } catch (error) {
    // The app cannot start; say why on the page too, not only in the console.
    if (error instanceof ConfigError)
      document.getElementById('root')?.replaceChildren(error.message)
    throw error
  }
}

export const env: AppConfig = readConfigOrExplain()
