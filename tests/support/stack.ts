import type { SupabaseClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import {
  adminPool as superuserPool,
  createTestClient,
  signUpUser,
  type StackInfo,
} from 'local-supabase/testing'
import type { Database } from '../../src/lib/database.types.ts'

export type { StackInfo }
export {
  memoryStorage,
  nodeRealtime,
  TEST_PASSWORD,
  uniqueEmail,
  waitFor,
} from 'local-supabase/testing'

/** The stack the global setup started (local-supabase's test kit, on this project). */
export const stackInfo = (): StackInfo => inject('stack')

/** A real supabase-js client against the local stack, as the app configures it. */
export function newClient(key?: string): SupabaseClient<Database> {
  return createTestClient<Database>(stackInfo(), key === undefined ? {} : { key })
}

/** Registers a new golfer through the real Auth API and returns a signed-in client. */
export const newGolfer = (label = 'golfer') => signUpUser<Database>(stackInfo(), { label })

/** A superuser pool on the test database, for setup and for checking what was stored. */
export const adminPool = () => superuserPool(stackInfo())
