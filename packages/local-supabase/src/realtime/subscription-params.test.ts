import { describe, expect, it } from 'vitest'
import {
  bindingId,
  describeParams,
  parseChangeParams,
  parseFilters,
  type ChangeParams,
} from './subscription-params.ts'

const ok = (raw: Record<string, unknown>): ChangeParams => {
  const result = parseChangeParams(raw)
  if (!result.ok) throw new Error(result.message)
  return result.value
}
const refused = (raw: Record<string, unknown>): string => {
  const result = parseChangeParams(raw)
  if (result.ok) throw new Error(`accepted ${JSON.stringify(raw)}`)
  return result.message
}

describe('parseChangeParams', () => {
  it('reads the binding realtime-js sends for the app', () => {
    expect(ok({ event: '*', schema: 'public', table: 'notes', filter: 'user_id=eq.4f9c' })).toEqual(
      {
        action: '*',
        schema: 'public',
        table: 'notes',
        filters: [{ column: 'user_id', op: 'eq', value: '4f9c', negate: false }],
        selectedColumns: null,
      },
    )
  })

  it('maps the event to an action filter; anything unknown means every action', () => {
    expect(ok({ event: 'insert', schema: 'public', table: 't' }).action).toBe('INSERT')
    expect(ok({ event: 'DELETE', schema: 'public', table: 't' }).action).toBe('DELETE')
    expect(ok({ event: 'truncate', schema: 'public', table: 't' }).action).toBe('*')
    expect(ok({ schema: 'public', table: 't' }).action).toBe('*')
  })

  it('accepts a schema alone (every table) or a table alone (schema public)', () => {
    expect(ok({ event: '*', schema: 'public' })).toMatchObject({ schema: 'public', table: '*' })
    expect(ok({ event: '*', table: 'notes' })).toMatchObject({
      schema: 'public',
      table: 'notes',
    })
  })

  it("refuses what Realtime refuses, with Realtime's words", () => {
    expect(refused({})).toBe(
      'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    )
    expect(refused({ event: '*', schema: 'public', filter: 'id=eq.1' })).toBe(
      'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{"event" => "*", "filter" => "id=eq.1", "schema" => "public"}',
    )
    expect(refused({ schema: 'public', table: 't', filter: null, user_token: 'x' })).toMatch(
      /<redacted>$/,
    )
    expect(refused({ schema: 'public', table: 't', filter: 'subject=foo.hey' })).toBe(
      'Error parsing `filter` params: ["foo", "hey"]',
    )
    expect(refused({ schema: 'public', table: 't', filter: 'undefined' })).toBe(
      'Error parsing `filter` params: ["undefined"]',
    )
  })

  it('takes a select list (sorted) but not as a string, and not on a wildcard', () => {
    expect(ok({ schema: 'public', table: 't', select: ['name', 'id', 3] }).selectedColumns).toEqual(
      ['id', 'name'],
    )
    expect(ok({ schema: 'public', table: 't', select: [] }).selectedColumns).toBeNull()
    expect(refused({ schema: 'public', table: 't', select: 'id' })).toMatch(
      /^Error parsing `select` params/,
    )
    expect(refused({ schema: 'public', select: ['id'] })).toMatch(/not supported for wildcard/)
  })
})

describe('parseFilters', () => {
  it('reads each operator, ANDing comma-separated filters', () => {
    const result = parseFilters('a=eq.1,b=neq.2, c=lt.3,d=lte.4,e=gt.5,f=gte.6')
    expect(result).toEqual({
      ok: true,
      value: [
        { column: 'a', op: 'eq', value: '1', negate: false },
        { column: 'b', op: 'neq', value: '2', negate: false },
        { column: 'c', op: 'lt', value: '3', negate: false },
        { column: 'd', op: 'lte', value: '4', negate: false },
        { column: 'e', op: 'gt', value: '5', negate: false },
        { column: 'f', op: 'gte', value: '6', negate: false },
      ],
    })
  })

  it('keeps everything after the first dot as the value', () => {
    expect(parseFilters('rating=gte.71.5')).toEqual({
      ok: true,
      value: [{ column: 'rating', op: 'gte', value: '71.5', negate: false }],
    })
    expect(parseFilters('name=eq.a=b')).toEqual({
      ok: true,
      value: [{ column: 'name', op: 'eq', value: 'a=b', negate: false }],
    })
  })

  it('turns an in list into a Postgres array literal, commas inside it included', () => {
    expect(parseFilters('id=in.(1,2,3),name=eq.x')).toEqual({
      ok: true,
      value: [
        { column: 'id', op: 'in', value: '{1,2,3}', negate: false },
        { column: 'name', op: 'eq', value: 'x', negate: false },
      ],
    })
    expect(parseFilters('id=in.1,2')).toEqual({
      ok: false,
      message: '`in` filter value must be wrapped by parentheses',
    })
  })

  it('treats a blank filter as none and refuses empty segments', () => {
    expect(parseFilters('  ')).toEqual({ ok: true, value: [] })
    expect(parseFilters('a=eq.1,,b=eq.2')).toEqual({
      ok: false,
      message: 'filter must not contain empty segments (check for extra commas)',
    })
  })

  it('reads the newer operators, the not. prefix and double-quoted values', () => {
    expect(parseFilters('title=not.like.A%,done=is.null,body=imatch."^a,b"')).toEqual({
      ok: true,
      value: [
        { column: 'title', op: 'like', value: 'A%', negate: true },
        { column: 'done', op: 'is', value: 'null', negate: false },
        { column: 'body', op: 'imatch', value: '^a,b', negate: false },
      ],
    })
    expect(parseFilters('a=isdistinct."say \\"hi\\"",b=not.in.(1,2)')).toEqual({
      ok: true,
      value: [
        { column: 'a', op: 'isdistinct', value: 'say "hi"', negate: false },
        { column: 'b', op: 'in', value: '{1,2}', negate: true },
      ],
    })
    // A quote that does not close the value is part of it.
    expect(parseFilters('a=eq."x"y')).toEqual({
      ok: true,
      value: [{ column: 'a', op: 'eq', value: '"x"y', negate: false }],
    })
  })

  it('refuses operators Realtime does not have', () => {
    for (const filter of ['a=not.x', 'a=foo.x', 'a=not.not.eq.x']) {
      expect(parseFilters(filter).ok, filter).toBe(false)
    }
  })
})

describe('bindingId', () => {
  it('is a stable integer below 2^27 that ignores key order', () => {
    const params = { event: '*', schema: 'public', table: 'notes', filter: 'user_id=eq.1' }
    const id = bindingId(params)
    expect(Number.isInteger(id)).toBe(true)
    expect(id).toBeGreaterThanOrEqual(0)
    expect(id).toBeLessThan(2 ** 27)
    expect(
      bindingId({ filter: 'user_id=eq.1', table: 'notes', schema: 'public', event: '*' }),
    ).toBe(id)
    expect(bindingId({ ...params, filter: 'user_id=eq.2' })).not.toBe(id)
  })
})

describe('describeParams', () => {
  it("writes a subscription as Realtime's error messages do", () => {
    expect(
      describeParams({
        action: '*',
        schema: 'public',
        table: 'notes',
        filters: [{ column: 'user_id', op: 'eq', value: 'abc', negate: false }],
        selectedColumns: null,
      }),
    ).toBe(
      'event: *, schema: public, table: notes, filters: [{"user_id", "eq", "abc", false}], select: nil',
    )
  })
})
