import type pg from 'pg'
import { ApiError } from '../errors.ts'
import { connectionError, fromDatabaseError, type DatabaseErrorLike } from './errors.ts'
import type { AuthResult } from './jwt.ts'

export interface TransactionOptions {
  readOnly: boolean
  auth: AuthResult
  /** `alter role … set …` values of the role, applied as PostgREST does after SET ROLE. */
  roleSettings: [string, string][]
  method: string
  path: string
  headers: Record<string, string>
  cookies: Record<string, string>
  /** End with ROLLBACK instead of COMMIT (`Prefer: tx=rollback`, where allowed). */
  rollback?: boolean
}

// PostgREST's search_path is the request's schema, then db-extra-search-path (Supabase: public,
// extensions), without removing the repeated `public`: EXPLAIN's settings show it as it is.
const SEARCH_PATH = '"public", "public", "extensions"'

/**
 * One transaction per request, as PostgREST runs it (PGRST `Query/PreQuery.hs`): READ COMMITTED,
 * read-only when nothing may change; transaction-local settings first — search_path, the role's
 * own settings, `role`, `request.jwt.claims`, `request.method`, `request.path`,
 * `request.headers`, `request.cookies` — then the request's statement, then COMMIT. Any error
 * rolls everything back, so Postgres (RLS, grants, constraints) decides and nothing is half-done.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  options: TransactionOptions,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await begin(pool, options.readOnly)
  let broken = false
  try {
    const params = new SettingParameters()
    const settings = [
      params.set('search_path', SEARCH_PATH),
      ...options.roleSettings.map(([name, value]) => params.set(name, value)),
      params.set('role', options.auth.role),
      params.set('request.jwt.claims', JSON.stringify(options.auth.claims)),
      params.set('request.method', options.method),
      params.set('request.path', options.path),
      params.set('request.headers', JSON.stringify(options.headers)),
      params.set('request.cookies', JSON.stringify(options.cookies)),
    ]
    await client.query(`select ${settings.join(', ')}`, params.values)
    const result = await work(client)
    await client.query(options.rollback ? 'ROLLBACK' : 'COMMIT')
    return result
  } catch (error) {
    broken = !(error instanceof ApiError) && !isServerError(error)
    if (!broken) await client.query('ROLLBACK').catch(() => (broken = true))
    if (error instanceof ApiError) throw error
    if (broken && !isConnectionError(error)) throw error
    throw fromDatabaseError(error as DatabaseErrorLike, options.auth.authenticated)
  } finally {
    client.release(broken)
  }
}

/**
 * A pooled connection with its transaction begun. A connection that died while idle (the server
 * restarted) fails on BEGIN, before anything ran, so one fresh attempt is safe.
 */
async function begin(pool: pg.Pool, readOnly: boolean): Promise<pg.PoolClient> {
  const sql = `BEGIN ISOLATION LEVEL READ COMMITTED ${readOnly ? 'READ ONLY' : 'READ WRITE'}`
  for (let attempt = 1; ; attempt += 1) {
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      throw connectionError(error as Error)
    }
    try {
      await client.query(sql)
      return client
    } catch (error) {
      client.release(true)
      if (attempt >= 2 || isServerError(error)) throw connectionError(error as Error)
    }
  }
}

/** An error PostgreSQL raised (it has a SQLSTATE); anything else means the connection is gone. */
function isServerError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  )
}

/** What node-postgres reports when the connection, not the statement, failed. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true
  return /connection|terminated|not queryable|timeout/i.test(error.message)
}

class SettingParameters {
  readonly values: string[] = []

  set(name: string, value: string): string {
    this.values.push(name, value)
    const count = this.values.length
    return `set_config($${count - 1}, $${count}, true)`
  }
}
