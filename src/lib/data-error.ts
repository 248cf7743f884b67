export type DataFailure = 'invalid' | 'not-yours' | 'gone' | 'unavailable'

export class DataError extends Error {
  override name = 'DataError'
  readonly failure: DataFailure
  readonly code: string | undefined
  /** The unique constraint a 23505 names ("rounds_pkey"). */
  readonly constraint: string | undefined

  constructor(cause: { message: string; code?: string }) {
    super(cause.message)
    this.code = cause.code || undefined
    this.failure = classify(this.code)
    this.constraint =
      this.code === '23505' ? /unique constraint "([^"]+)"/.exec(cause.message)?.[1] : undefined
  }

  /** The server said no: the same change cannot succeed. No answer or an expired token is retryable. */
  get refused(): boolean {
    return this.failure !== 'unavailable'
  }

  /** An insert resent after its answer was lost: Postgres names the primary key `<table>_pkey`, and
   * every outbox table is keyed by `id` alone (tests/integration/resend.test.ts). */
  alreadyStoredIn(table: string): boolean {
    return this.code === '23505' && this.constraint === `${table}_pkey`
  }
}

function classify(code: string | undefined): DataFailure {
  switch (code) {
    // The values were refused (a constraint, a trigger's or function's refusal): a retry will not help.
    case '23514':
    case '23502':
    case '23505':
    case '22P02':
    case '22003':
    case '22001':
    case '22023':
    case '23001': // a course's last tee
    case 'P0001':
    case 'PT409': // the card's state forbids it (signed, closed, disputed)
      return 'invalid'
    // RLS, or a foreign key to a deleted row.
    case '42501':
    case '23503':
      return 'not-yours'
    // The row is gone (deleted on another device, a withdrawn course).
    case 'PGRST116':
    case 'PT404':
    case 'P0002': // PT404 from an older server
      return 'gone'
    default:
      return 'unavailable'
  }
}
