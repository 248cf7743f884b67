import pg from 'pg'

/** A pool or a client inside a transaction; every query in the Auth service takes one of these. */
export type Queryable = pg.Pool | pg.PoolClient

const TIMESTAMPTZ_OID = 1184
const TIMESTAMP_OID = 1114

/**
 * Timestamps stay Postgres text so that the JSON keeps their microseconds, as GoTrue's do; node-pg
 * would round them to milliseconds through Date. Scoped to this service's queries only.
 */
const authTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

export async function query<Row extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const result = await db.query<Row>({ text, values, types: authTypes })
  return result.rows
}

export async function queryOne<Row extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<Row | undefined> {
  const rows = await query<Row>(db, text, values)
  return rows[0]
}

/** A failure that must still commit what the transaction did (GoTrue's NewCommitWithError). */
export class CommitThenThrow extends Error {
  readonly error: Error

  constructor(error: Error) {
    super(error.message)
    this.error = error
  }
}

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('begin')
    try {
      const result = await work(client)
      await client.query('commit')
      return result
    } catch (error) {
      if (error instanceof CommitThenThrow) {
        await client.query('commit')
        throw error.error
      }
      await client.query('rollback').catch(() => {
        broken = true
      })
      throw error
    }
  } finally {
    // A connection whose rollback failed is in an unknown state and must not be reused.
    client.release(broken)
  }
}

const PG_TIMESTAMP =
  /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/

/**
 * Postgres timestamp text → RFC 3339 in UTC with trailing zeros of the fraction dropped, which is
 * how Go's time.Time marshals (RFC3339Nano).
 */
export function rfc3339(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined
  const match = PG_TIMESTAMP.exec(value)
  if (!match) return value
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] =
    match
  const offsetSeconds =
    sign === undefined
      ? 0
      : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 3600 + Number(offsetMinutes ?? 0) * 60)
  const utcMillis =
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    ) -
    offsetSeconds * 1000
  const whole = new Date(utcMillis).toISOString().slice(0, 19)
  const digits = (fraction ?? '').replace(/0+$/, '')
  return `${whole}${digits ? `.${digits}` : ''}Z`
}

/** The row an INSERT … RETURNING (or a lookup that cannot miss) produced. */
export function expectRow<Row>(row: Row | undefined, what: string): Row {
  if (row === undefined) throw new Error(`expected a row from ${what}`)
  return row
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string }
  return pgError.code === '23505' && (!constraint || pgError.constraint === constraint)
}
