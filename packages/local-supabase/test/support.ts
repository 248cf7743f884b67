import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'
import {
  adminPool as superuserPool,
  createTestClient,
  memoryStorage,
  nodeRealtime,
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

export { memoryStorage, nodeRealtime }

/** A message as the inbox's Mailpit API returns it. */
export interface Mail {
  ID: string
  HTML: string
  Text: string
  Subject: string
}

/** The newest mail to `address`, through Mailpit's API. */
export async function lastMail(address: string): Promise<Mail> {
  const { inboxUrl } = stackInfo()
  const found = (await (
    await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)
  ).json()) as { messages: Array<{ ID: string }> }
  const id = found.messages[0]?.ID
  if (!id) throw new Error(`no mail to ${address}`)
  return (await (await fetch(`${inboxUrl}/api/v1/message/${id}`)).json()) as Mail
}

/** The (first) link in a mail. */
export const linkIn = (mail: Mail) => {
  const href = /href="([^"]+)"/.exec(mail.HTML)?.[1]
  if (!href) throw new Error('no link in the mail')
  return href.replace(/&amp;/g, '&')
}

/** The six-digit code in a mail. */
export const codeIn = (mail: Mail) => /code: (\d{6})/.exec(mail.Text)?.[1] ?? ''

/** A supabase-js client on the fixture stack that uses the implicit flow (links without PKCE). */
export const implicitClient = () => {
  const stack = stackInfo()
  return createClient(stack.apiUrl, stack.publishableKey, {
    auth: {
      flowType: 'implicit',
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: nodeRealtime,
  })
}
