import { isAuthRetryableFetchError, type AuthError } from '@supabase/supabase-js'
import { ServerUnreachableError } from '@/lib/server-unreachable'

/**
 * What an Auth call's error becomes: no answer (a failed fetch, or the gateway's 502/503/504,
 * which supabase-js reports as retryable) is not a wrong password or a bad email.
 */
export function authFailure(error: AuthError): Error {
  if (isAuthRetryableFetchError(error)) return new ServerUnreachableError(error.message)
  return error
}
