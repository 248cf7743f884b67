import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { inject } from 'vitest'
import {
  adminPool as superuserPool,
  createTestClient,
  signUpUser,
  type StackInfo,
} from '../src/testing.ts'

/** The package's own fixture project, passed in as any project would pass its directory. */
export const FIXTURE_DIR = fileURLToPath(new URL('./fixture', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: StackInfo
  }
}

/** The fixture stack the global setup started. */
export const stackInfo = (): StackInfo => inject('localStack')

/** A supabase-js client on the fixture stack (or on `apiUrl`), with its own session. */
export const newClient = (key?: string, apiUrl?: string) =>
  createTestClient({ ...stackInfo(), ...(apiUrl ? { apiUrl } : {}) }, key ? { key } : {})

/** A new user signed up through the fixture stack's Auth API, with its signed-in client. */
export const newUser = (label = 'user') => signUpUser(stackInfo(), { label })

/** A superuser pool on the fixture database. */
export const adminPool = () => superuserPool(stackInfo())

/** A pool on the fixture database as one of the platform's login roles (password `postgres`). */
export function rolePool(role: string, max = 4): pg.Pool {
  const url = new URL(stackInfo().superuserDbUrl)
  url.username = role
  url.password = 'postgres'
  return new pg.Pool({ connectionString: url.toString(), max })
}

export { memoryStorage, nodeRealtime } from '../src/testing.ts'
