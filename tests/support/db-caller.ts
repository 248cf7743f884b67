import { randomUUID } from 'node:crypto'
import pg from 'pg'

export type Caller =
  { role: 'authenticated'; sub: string } | { role: 'anon' } | { role: 'service_role' }

export const golfer = (sub: string): Caller => ({ role: 'authenticated', sub })
export const anon: Caller = { role: 'anon' }
export const serviceRole: Caller = { role: 'service_role' }

/**
 * Runs `work` as `caller` in one transaction with the role and JWT claims PostgREST would set,
 * committed when it succeeds (or rolled back when asked), so what it proves holds for any client.
 */
export async function as<T>(
  pool: pg.Pool,
  caller: Caller,
  work: (db: pg.PoolClient) => Promise<T>,
  outcome: 'commit' | 'rollback' = 'commit',
): Promise<T> {
  const db = await pool.connect()
  try {
    await db.query('begin')
    const claims =
      caller.role === 'authenticated'
        ? { sub: caller.sub, role: caller.role, aud: 'authenticated' }
        : { role: caller.role }
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)])
    await db.query(`set local role ${caller.role}`)
    const result = await work(db)
    await db.query(outcome)
    return result
  } catch (error) {
    await db.query('rollback')
    throw error
  } finally {
    db.release()
  }
}

/** A bare auth.users row, as GoTrue would insert it for a new golfer. */
export async function newAuthUser(pool: pg.Pool, label: string): Promise<string> {
  const id = randomUUID()
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
    [id, `${label}-${id}@db.test`],
  )
  return id
}

/** `as` bound to one pool, and `attempt`: a statement expected to be refused, rolled back whatever happens. */
export function callersOn(pool: pg.Pool) {
  const on = <T>(
    caller: Caller,
    work: (db: pg.PoolClient) => Promise<T>,
    outcome: 'commit' | 'rollback' = 'commit',
  ) => as(pool, caller, work, outcome)
  const attempt = (caller: Caller, statement: string, values: unknown[] = []) =>
    on(caller, (db) => db.query(statement, values), 'rollback')
  return { as: on, attempt }
}
