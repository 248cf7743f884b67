import { describe, expect, it } from 'vitest'
import { fromDatabaseError, statusForSqlState } from './errors.ts'

describe("PostgreSQL errors get PostgREST's status", () => {
  it('maps the codes the app meets', () => {
    expect(statusForSqlState('23505', 'duplicate key value', true)).toBe(409)
    expect(statusForSqlState('23503', 'fk', true)).toBe(409)
    for (const code of ['23514', '23502', '22P02', '42703', 'P0001', '22003']) {
      expect(statusForSqlState(code, 'x', true)).toBe(400)
    }
    expect(statusForSqlState('42501', 'permission denied', true)).toBe(403)
    expect(statusForSqlState('42501', 'permission denied', false)).toBe(401)
    expect(statusForSqlState('21000', 'DELETE requires a WHERE clause', true)).toBe(400)
    expect(statusForSqlState('21000', 'more than one row returned by a subquery', true)).toBe(500)
    expect(statusForSqlState('22023', 'role "nobody" does not exist', true)).toBe(401)
    expect(statusForSqlState('22023', 'invalid value', true)).toBe(400)
    expect(statusForSqlState('25006', 'read-only', true)).toBe(405)
    expect(statusForSqlState('57014', 'canceling statement due to statement timeout', true)).toBe(
      500,
    )
    expect(statusForSqlState('08006', 'connection failure', true)).toBe(503)
    expect(statusForSqlState('PT402', 'pay', true)).toBe(402)
    expect(statusForSqlState('42P01', 'undefined table', true)).toBe(404)
  })

  it("keeps PostgreSQL's message, detail and hint; 401s say how to authenticate", () => {
    const error = fromDatabaseError(
      { code: '42501', message: 'permission denied for table notes', detail: 'd', hint: 'h' },
      false,
    )
    expect(error.status).toBe(401)
    expect(error.body).toEqual({
      code: '42501',
      details: 'd',
      hint: 'h',
      message: 'permission denied for table notes',
    })
    expect(error.headers['WWW-Authenticate']).toBe('Bearer')
  })

  it('treats a lost connection as 503, never leaking a stack', () => {
    const error = fromDatabaseError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, true)
    expect(error.status).toBe(503)
    expect(error.body.code).toBe('PGRST001')
  })

  it('lets a function choose its response with RAISE SQLSTATE PGRST', () => {
    const error = fromDatabaseError(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"Payment Required","details":"Quota exceeded"}',
        detail: '{"status":402,"headers":{"X-Powered-By":"Nerd Rage"}}',
      },
      true,
    )
    expect(error.status).toBe(402)
    expect(error.body).toEqual({
      code: '123',
      message: 'Payment Required',
      details: 'Quota exceeded',
      hint: null,
    })
    expect(error.headers['X-Powered-By']).toBe('Nerd Rage')
  })
})
