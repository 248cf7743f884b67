import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { MAX_BODY_BYTES, readPayload, readRequestBody } from './payload.ts'

function errorOf(run: () => unknown): ApiError {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected an ApiError')
}

describe('request payloads', () => {
  it('passes the body text on unchanged, wrapping an object in an array', () => {
    const big = '{"n": 12345678901234567890.123456789}'
    expect(readPayload(big, 'application/json', undefined)).toEqual({
      raw: big,
      rows: `[${big}]`,
      keys: ['n'],
    })
    expect(readPayload('[{"a":1,"b":2},{"b":3,"a":4}]', undefined, undefined).keys).toEqual([
      'a',
      'b',
    ])
    expect(readPayload('[]', undefined, undefined)).toEqual({ raw: '[]', rows: '[]', keys: [] })
    expect(readPayload('42', undefined, undefined)).toEqual({ raw: '42', rows: '[]', keys: [] })
  })

  it('takes the columns parameter over the keys', () => {
    expect(
      readPayload('[{"a":1},{"b":2}]', 'application/json; charset=utf-8', ['a', 'b']).keys,
    ).toEqual(['a', 'b'])
  })

  it('refuses malformed JSON, uneven arrays and other content types with PGRST102', () => {
    for (const [text, type, message] of [
      ['{"id": "01', 'application/json', 'Empty or invalid json'],
      ['', 'application/json', 'Empty or invalid json'],
      ['[{"a":1},{"b":2}]', 'application/json', 'All object keys must match'],
      ['[1,2]', 'application/json', 'All object keys must match'],
      ['a,b', 'text/csv', 'Content-Type not acceptable: text/csv'],
    ] as const) {
      const error = errorOf(() => readPayload(text, type, undefined))
      expect(error.status).toBe(400)
      expect(error.body).toEqual({ code: 'PGRST102', details: null, hint: null, message })
    }
  })

  it('refuses bodies over the limit with 413, declared or streamed', async () => {
    const declared = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
      body: 'x',
    })
    await expect(readRequestBody(declared)).rejects.toMatchObject({ status: 413 })
    const chunk = new Uint8Array(64 * 1024)
    let sent = 0
    const streamed = new Request('http://x/', {
      method: 'POST',
      body: new ReadableStream({
        pull(controller) {
          sent += chunk.byteLength
          if (sent > 2 * MAX_BODY_BYTES) controller.close()
          else controller.enqueue(chunk)
        },
      }),
      duplex: 'half',
    } as RequestInit)
    await expect(readRequestBody(streamed)).rejects.toMatchObject({ status: 413 })
    expect(await readRequestBody(new Request('http://x/', { method: 'POST', body: 'héllo' }))).toBe(
      'héllo',
    )
  })
})
