import pg from 'pg'
import type { Claims } from './tokens.ts'

export interface KeyValue {
  name: string
  regtype: string
  value: string | null
}

/**
 * How long to keep asking whether a decoded transaction is visible yet. It normally is at the
 * first ask; the pauses only matter while the committing session waits for a busy CPU.
 */
const SETTLE_PAUSES_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]

/**
 * Whether a subscriber may see a row, decided by Postgres itself (RT `apply_rls`): as the claims'
 * role, with `request.jwt.claims` set transaction-locally so that policies calling `auth.uid()`
 * work, select the row by its primary key. One round trip; the transaction is always rolled back,
 * so nothing a policy might do is kept and the pooled connection returns as it was.
 *
 * Logical decoding can hand over a commit before the committing session is done: Postgres flushes
 * the commit record first and only then tells other sessions the transaction has ended. A snapshot
 * taken in between sees the transaction as still running and its row as absent, which would hide
 * the change from the user who made it. So the same statement asks whether the change's transaction
 * (`xid`) is visible in its snapshot, and the check is asked again after a pause until it is.
 */
export async function rowVisibleTo(
  db: pg.Pool,
  table: { schema: string; table: string },
  key: KeyValue[],
  claims: Claims,
  xid: number,
  log: (message: string) => void,
): Promise<boolean> {
  if (!key.length || key.some((column) => column.value === null)) return false
  if (!Number.isSafeInteger(xid) || xid < 0) throw new Error(`not a transaction id: ${xid}`)
  const where = key
    .map(
      (column) =>
        `${pg.escapeIdentifier(column.name)} = ${pg.escapeLiteral(column.value ?? '')}::${column.regtype}`,
    )
    .join(' and ')
  const sql = [
    'begin',
    `set local role ${pg.escapeIdentifier(claims.role)}`,
    `select set_config('request.jwt.claims', ${pg.escapeLiteral(JSON.stringify(claims))}, true)`,
    `select ${transactionVisibleSql(xid)} as settled,
            exists (select 1 from ${pg.escapeIdentifier(table.schema)}.${pg.escapeIdentifier(table.table)} where ${where}) as visible`,
    'rollback',
  ].join(';\n')

  for (const pause of [0, ...SETTLE_PAUSES_MS]) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause))
    const answer = await ask(db, sql, table, claims, log)
    if (answer === 'failed') return false
    if (answer.settled) return answer.visible
  }
  log(
    `realtime: transaction ${xid} was decoded but never became visible; its change to ${table.schema}.${table.table} is not sent`,
  )
  return false
}

async function ask(
  db: pg.Pool,
  sql: string,
  table: { schema: string; table: string },
  claims: Claims,
  log: (message: string) => void,
): Promise<{ settled: boolean; visible: boolean } | 'failed'> {
  const client = await db.connect()
  try {
    const results = (await client.query(sql)) as unknown as pg.QueryResult<{
      settled: boolean
      visible: boolean
    }>[]
    const row = results[3]?.rows[0]
    return { settled: row?.settled === true, visible: row?.visible === true }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    log(
      `realtime: RLS check on ${table.schema}.${table.table} as ${claims.role} failed: ${(error as Error).message}`,
    )
    return 'failed'
  } finally {
    client.release()
  }
}

/**
 * `pg_visible_in_snapshot` of a 32-bit xid in the statement's own snapshot. It needs the 64-bit
 * xid: the one with these low 32 bits nearest the snapshot's xmax (a running transaction's xid
 * is within 2^31 of it), so the check stays right across an xid epoch.
 */
export function transactionVisibleSql(xid: number): string {
  return `(select pg_visible_in_snapshot(
      (case when guess > top + 2147483648 then guess - 4294967296
            when guess < top - 2147483648 then guess + 4294967296
            else guess end)::text::xid8,
      pg_current_snapshot())
    from (select top, ((top >> 32) << 32) | ${xid}::bigint as guess
          from (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as top) as snapshot)
      as candidate)`
}
