import { describe, expect, it } from 'vitest'
import {
  decodeFrame,
  decodeUserBroadcastPush,
  encodeFrame,
  encodeMessage,
  encodeUserBroadcast,
  inspectTerm,
  serializerFor,
} from './frames.ts'

describe('serializerFor', () => {
  it('negotiates as Phoenix does: 2.0.x, 1.0.x, and 1.0.0 when vsn is absent', () => {
    expect(serializerFor('2.0.0')).toBe(2)
    expect(serializerFor('1.0.0')).toBe(1)
    expect(serializerFor(null)).toBe(1)
    expect(serializerFor('3.0.0')).toBeUndefined()
    expect(serializerFor('2.1.0')).toBeUndefined()
  })
})

describe('decodeFrame', () => {
  it('reads a v2 array frame as realtime-js sends it', () => {
    const frame = JSON.stringify(['1', '1', 'realtime:room', 'phx_join', { config: {} }])
    expect(decodeFrame(frame, 2)).toEqual({
      joinRef: '1',
      ref: '1',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { config: {} },
    })
  })

  it('ignores what is not a message: garbage, wrong shapes, non-string topics', () => {
    for (const text of [
      'not json at all',
      '{"an":"object"}',
      '[null,"1","phoenix","heartbeat"]',
      '[null,"1",42,"heartbeat",{}]',
      '[null,"1","phoenix",null,{}]',
      '[{"x":1},"1","phoenix","heartbeat",{}]',
      'null',
      '',
    ]) {
      expect(decodeFrame(text, 2), text).toBeUndefined()
    }
  })

  it('keeps numeric refs so they are echoed unchanged', () => {
    expect(decodeFrame('[null,7,"phoenix","heartbeat",{}]', 2)?.ref).toBe(7)
  })

  it('reads v1 object frames', () => {
    const frame = JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3' })
    expect(decodeFrame(frame, 1)).toEqual({
      joinRef: null,
      ref: '3',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    })
    expect(decodeFrame('[null,"3","phoenix","heartbeat",{}]', 1)).toBeUndefined()
  })
})

describe('encodeFrame', () => {
  it('writes the v2 array with the payload spliced in verbatim', () => {
    const frame = encodeFrame(
      { joinRef: null, ref: null, topic: 'realtime:a"b', event: 'postgres_changes' },
      2,
      '{"ids":[1]}',
    )
    expect(frame).toBe('[null,null,"realtime:a\\"b","postgres_changes",{"ids":[1]}]')
    expect(JSON.parse(frame)).toEqual([
      null,
      null,
      'realtime:a"b',
      'postgres_changes',
      { ids: [1] },
    ])
  })

  it('writes v1 objects', () => {
    const frame = encodeMessage(
      { joinRef: '1', ref: '2', topic: 't', event: 'phx_reply', payload: { status: 'ok' } },
      1,
    )
    expect(JSON.parse(frame)).toEqual({
      join_ref: '1',
      ref: '2',
      topic: 't',
      event: 'phx_reply',
      payload: { status: 'ok' },
    })
  })
})

describe('inspectTerm', () => {
  it("spells JSON values as Elixir's inspect does in Realtime's messages", () => {
    expect(inspectTerm(['foo', 'hey'])).toBe('["foo", "hey"]')
    expect(inspectTerm({})).toBe('%{}')
    expect(inspectTerm({ table: 'x', event: '*', n: 1, ok: null })).toBe(
      '%{"event" => "*", "n" => 1, "ok" => nil, "table" => "x"}',
    )
  })
})

/** realtime-js's binary push: kind 3, five sizes, the encoding, then the parts and the payload. */
function push(parts: string[], encoding: number, payload: Buffer): Buffer {
  const bytes = parts.map((part) => Buffer.from(part))
  return Buffer.concat([
    Buffer.from([3, ...bytes.map((part) => part.length), encoding]),
    ...bytes,
    payload,
  ])
}

describe('binary broadcast frames', () => {
  it('reads a JSON user broadcast push, with multi-byte text', () => {
    const frame = push(['4', '7', 'realtime:sälen', 'said', ''], 1, Buffer.from('{"text":"hé"}'))
    expect(decodeUserBroadcastPush(frame)).toEqual({
      joinRef: '4',
      ref: '7',
      topic: 'realtime:sälen',
      event: 'said',
      payload: { text: 'hé' },
      binary: false,
    })
  })

  it('keeps a binary payload as bytes and refuses a truncated frame', () => {
    const frame = push(['4', '', 'realtime:raw', 'bytes', ''], 0, Buffer.from([0, 255]))
    expect(decodeUserBroadcastPush(frame)).toMatchObject({
      ref: null,
      payload: Buffer.from([0, 255]),
      binary: true,
    })
    expect(decodeUserBroadcastPush(frame.subarray(0, 10))).toBeUndefined()
    expect(decodeUserBroadcastPush(Buffer.from([4, 0, 0]))).toBeUndefined()
  })

  it('writes a user broadcast as realtime-js decodes it', () => {
    const frame = encodeUserBroadcast(
      'realtime:raw',
      'bytes',
      Buffer.from([1, 2]),
      true,
      '{"id":"x"}',
    )
    expect([...frame.subarray(0, 5)]).toEqual([4, 12, 5, 10, 0])
    expect(frame.subarray(5).toString('latin1')).toBe('realtime:rawbytes{"id":"x"}\x01\x02')
  })
})
