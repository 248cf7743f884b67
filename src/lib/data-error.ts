/** What went wrong with a database call, in the terms the screens need to word a message. */
export type DataFailure = 'invalid' | 'not-yours' | 'gone' | 'unavailable'

/** Thrown by every feature api/ function: the PostgREST or network error, classified. */
export class DataError extends Error {
  override name = 'DataError'
  readonly failure: DataFailure
  readonly code: string | undefined
  /** The unique constraint a 23505 names ("rounds_pkey"), as Postgres words the message. */
  readonly constraint: string | undefined

  constructor(cause: { message: string; code?: string }) {
    super(cause.message)
    this.code = cause.code || undefined
    this.failure = classify(this.code)
    this.constraint =
      this.code === '23505' ? /unique constraint "([^"]+)"/.exec(cause.message)?.[1] : undefined
  }

  /**
   * The server answered and said no: sending the same change again cannot succeed. Anything else
   * (no answer, a gateway or database that is down, an expired token) is worth retrying.
   */
  get refused(): boolean {
    return this.failure !== 'unavailable'
  }

  /**
   * A row with this id is already in `table`: an insert sent again after its answer was lost, so
   * the change is stored. Told by the constraint: Postgres names a table's primary key
   * `<table>_pkey`, and every table the outbox writes is keyed by its `id` alone
   * (tests/integration/resend.test.ts checks both). Any other unique violation is a refusal.
   */
  alreadyStoredIn(table: string): boolean {
    return this.code === '23505' && this.constraint === `${table}_pkey`
  }
}

function classify(code: string | undefined): DataFailure {
  switch (code) {
    // check, not-null, unique and bad-value violations and bad function arguments: the values
    // were refused, a retry will not help
    case '23514': // a check, or a trigger's refusal in words (a scorecard's "hole 7: putts …")
    case '23502':
    case '23505': // a unique value taken (a resend of a stored id is told apart: keyTaken)
    case '22P02': // a value, or a list of hole values (even nested unevenly), not of its type
    case '22003':
    case '22001':
    case '22023': // a bad argument to a function: import_rounds over its row limit, bad hole data
    case '23001': // a rule that keeps a row: a course's last tee (deleted on two devices at once)
    case 'P0001': // a refusal raised in words: a day's publishing limit
      return 'invalid'
    // RLS or the trigger that only allows a golfer's own course; a foreign key to a deleted row
    case '42501':
    case '23503':
      return 'not-yours'
    // the row to change is not there (deleted on another device): .single() found no row
    case 'PGRST116':
    case 'PT404': // what a function was asked for is gone (a withdrawn course); PostgREST's 404
    case 'P0002': // the same, from a server before PT404
      return 'gone'
    default:
      return 'unavailable'
  }
}
