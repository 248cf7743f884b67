import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { Claims } from './tokens.ts'

export type Extension = 'broadcast' | 'presence'

/** What the policies on `realtime.messages` allow on one topic; undefined = not asked yet. */
export interface Policies {
  broadcast: { read?: boolean; write?: boolean }
  presence: { read?: boolean; write?: boolean }
}

export const emptyPolicies = (): Policies => ({ broadcast: {}, presence: {} })

/** Who asks, about which topic (RT `Authorization.build_authorization_params`). */
export interface AuthorizationContext {
  topic: string
  claims: Claims
  headers?: Record<string, string>
}

/** A policy check that could not be made; Realtime treats it as a refusal and logs it. */
export class PolicyCheckFailed extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The settings Realtime gives a policy check, transaction-locally: the role, `realtime.topic`
 * (what `realtime.topic()` returns), the claims and, for older policies, `request.jwt.claim.*`.
 */
async function setConfig(client: pg.PoolClient, context: AuthorizationContext): Promise<void> {
  const { claims, topic } = context
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.headers', $5, true)`,
    [
      claims.role,
      topic,
      JSON.stringify(claims),
      typeof claims.sub === 'string' ? claims.sub : '',
      JSON.stringify(context.headers ?? {}),
    ],
  )
}

async function inRolledBackTransaction<T>(
  db: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect()
  try {
    await client.query('begin')
    return await work(client)
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    throw new PolicyCheckFailed(code, message ?? String(error))
  } finally {
    await client.query('rollback').catch(() => undefined)
    client.release()
  }
}

/**
 * Read access (RT `get_read_authorizations`): one message row per extension is inserted by the
 * stack (policies do not apply to it), then selected back as the caller; the rows a select policy
 * lets through are the extensions the caller may read. Everything is rolled back.
 */
export async function readAuthorizations(
  db: pg.Pool,
  context: AuthorizationContext,
  policies: Policies,
  extensions: Extension[],
): Promise<Policies> {
  return inRolledBackTransaction(db, async (client) => {
    const ids = extensions.map(() => randomUUID())
    await client.query(
      `insert into realtime.messages (id, topic, extension)
       select id, $1, extension from unnest($2::uuid[], $3::text[]) as probe (id, extension)`,
      [context.topic, ids, extensions],
    )
    await setConfig(client, context)
    const { rows } = await client.query<{ id: string }>(
      'select id from realtime.messages where id = any($1::uuid[])',
      [ids],
    )
    const seen = new Set(rows.map((row) => row.id))
    const result: Policies = {
      broadcast: { ...policies.broadcast },
      presence: { ...policies.presence },
    }
    extensions.forEach((extension, index) => {
      result[extension].read = seen.has(ids[index] ?? '')
    })
    return result
  })
}

/**
 * Write access (RT `get_write_authorizations`): the caller inserts a message row per extension,
 * each in a savepoint; an insert policy's refusal (42501) means no write. Rolled back.
 */
export async function writeAuthorizations(
  db: pg.Pool,
  context: AuthorizationContext,
  policies: Policies,
  extensions: Extension[],
): Promise<Policies> {
  return inRolledBackTransaction(db, async (client) => {
    await setConfig(client, context)
    const result: Policies = {
      broadcast: { ...policies.broadcast },
      presence: { ...policies.presence },
    }
    for (const extension of ['broadcast', 'presence'] as const) {
      if (!extensions.includes(extension)) {
        result[extension].write = false
        continue
      }
      await client.query('savepoint probe')
      try {
        await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
          context.topic,
          extension,
        ])
        result[extension].write = true
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error
        result[extension].write = false
      }
      await client.query('rollback to savepoint probe')
    }
    return result
  })
}
