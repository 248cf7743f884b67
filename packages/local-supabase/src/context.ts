import type pg from 'pg'
import type { StackConfig } from './config.ts'
import type { StackKeys } from './keys.ts'
import type { OutgoingMail } from './inbox/store.ts'
import type { Notifications } from './notifications.ts'

/**
 * What every service of the local stack is given. Services never open their own connections: the
 * stack owns the pools, so shutdown closes everything in one place.
 */
export interface ServiceContext {
  config: StackConfig
  keys: StackKeys
  /** Connected as `supabase_auth_admin` (search_path = auth), the role GoTrue uses. */
  authDb: pg.Pool
  /** Connected as `authenticator` (NOINHERIT); each request switches role inside its transaction. */
  restDb: pg.Pool
  /** Connected as a superuser; for platform work only (replication slot, realtime RLS checks). */
  adminDb: pg.Pool
  /** The Postgres connection string for a superuser (used by the replication client). */
  adminDbUrl: string
  /** The gateway's externally visible base URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string
  log: (message: string) => void
  /** bcrypt's cost for new password hashes (a stored hash keeps the cost it was made with). */
  passwordHashCost: number
  /** The channels the stack LISTENs to (`pgrst`, for PostgREST's reload notifications). */
  notifications?: Notifications
  /** Where Auth's mails go: the local inbox. Without one, mails are dropped (and logged). */
  mailer?: { send(mail: OutgoingMail): void }
}
