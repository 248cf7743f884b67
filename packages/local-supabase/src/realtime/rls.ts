import pg from 'pg'
import type { Claims } from './tokens.ts'

export interface KeyValue {
  name: string
  regtype: string
  value: string | null
}

/**
 * Whether a subscriber may see a row, decided by Postgres itself (RT `apply_rls`): as the claims'
 * role, with `request.jwt.claims` set transaction-locally so that policies calling `auth.uid()`
 * work, select the row by its primary key. One round trip; the transaction is always rolled back,
 * so nothing a policy might do is kept and the pooled connection returns as it was.
 */
export async function rowVisibleTo(
  db: pg.Pool,
  table: { schema: string; table: string },
  key: KeyValue[],
  claims: Claims,
  log: (message: string) => void,
): Promise<boolean> {
  if (!key.length || key.some((column) => column.value === null)) return false
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
    `select exists (select 1 from ${pg.escapeIdentifier(table.schema)}.${pg.escapeIdentifier(table.table)} where ${where}) as visible`,
    'rollback',
  ].join(';\n')

  const client = await db.connect()
  try {
    const results = (await client.query(sql)) as unknown as pg.QueryResult<{ visible: boolean }>[]
    return results[3]?.rows[0]?.visible === true
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    log(
      `realtime: RLS check on ${table.schema}.${table.table} as ${claims.role} failed: ${(error as Error).message}`,
    )
    return false
  } finally {
    client.release()
  }
}
