// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DataError } from './data-error'

const failureOf = (code?: string, message = 'refused') => new DataError({ message, code })

describe('DataError', () => {
  it('counts a refusal the database words itself as refused, so the outbox never resends it', () => {
    // A course's last tee (restrict_violation), a publishing limit (P0001), a withdrawn course.
    expect(failureOf('23001').failure).toBe('invalid')
    expect(failureOf('P0001').failure).toBe('invalid')
    expect(failureOf('P0002').failure).toBe('gone')
    for (const code of ['23001', 'P0001', 'P0002', '23514', '42501', 'PGRST116']) {
      expect(failureOf(code).refused).toBe(true)
    }
  })

  it('counts no answer, a server down and an expired token as worth retrying', () => {
    expect(failureOf(undefined, 'Failed to fetch').refused).toBe(false)
    expect(failureOf('57P01').refused).toBe(false) // the database shutting down
    expect(failureOf('PGRST301').refused).toBe(false) // a JWT that expired on the way
  })

  it('tells a resend of a stored id from another unique value taken', () => {
    const resend = failureOf('23505', 'duplicate key value violates unique constraint "tees_pkey"')
    expect(resend.alreadyStoredIn('tees')).toBe(true)
    expect(resend.alreadyStoredIn('rounds')).toBe(false)
    const other = failureOf('23505', 'duplicate key value violates unique constraint "x_name_key"')
    expect(other.alreadyStoredIn('tees')).toBe(false)
    expect(other.refused).toBe(true)
  })
})
