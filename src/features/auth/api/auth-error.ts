import { isAuthRetryableFetchError, type AuthError } from '@supabase/supabase-js'
import { ServerUnreachableError } from '@/lib/server-unreachable'

/** No answer (a failed fetch, a gateway's 502/503/504) is not a wrong password or a bad email. */
export function authFailure(error: AuthError): Error {
  if (isAuthRetryableFetchError(error)) return new ServerUnreachableError(error.message)
  return error
}
