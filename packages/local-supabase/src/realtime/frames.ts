/**
 * Phoenix socket frames as realtime-js and Realtime exchange them (supabase-compat §C.1). Version
 * 2.0.0 (what realtime-js sends) is a JSON array `[join_ref, ref, topic, event, payload]`; 1.0.0 is
 * the older JSON object, kept because Phoenix negotiates it when `vsn` is absent.
 */

/** Phoenix passes refs through untouched; realtime-js sends strings, but echo whatever came. */
export type Ref = string | number | null

export interface PhoenixMessage {
  joinRef: Ref
  ref: Ref
  topic: string
  event: string
  payload: unknown
}

export type SerializerVersion = 1 | 2

/** Phoenix's version requirements: `~> 1.0.0` and `~> 2.0.0`; a missing vsn means 1.0.0. */
export function serializerFor(vsn: string | null): SerializerVersion | undefined {
  const version = vsn ?? '1.0.0'
  if (/^1\.0\.\d+$/.test(version)) return 1
  if (/^2\.0\.\d+$/.test(version)) return 2
  return undefined
}

const isRef = (value: unknown): value is Ref =>
  value === null || typeof value === 'string' || typeof value === 'number'

/**
 * Parses one text frame, or returns undefined for anything that is not a well-formed message
 * (Realtime logs those as MalformedWebSocketMessage and carries on).
 */
export function decodeFrame(text: string, version: SerializerVersion): PhoenixMessage | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  let joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown
  if (version === 2) {
    if (!Array.isArray(parsed) || parsed.length < 5) return undefined
    ;[joinRef, ref, topic, event, payload] = parsed
  } else {
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
    const object = parsed as Record<string, unknown>
    ;({ topic, event, payload } = object)
    joinRef = object.join_ref ?? null
    ref = object.ref ?? null
  }
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined
  if (!isRef(joinRef) || !isRef(ref)) return undefined
  return { joinRef, ref, topic, event, payload }
}

/**
 * Encodes a message. `payloadJson` lets a caller splice in a payload it has already serialised
 * (a change event is encoded once and sent to many sockets).
 */
export function encodeFrame(
  message: Omit<PhoenixMessage, 'payload'>,
  version: SerializerVersion,
  payloadJson: string,
): string {
  const topic = JSON.stringify(message.topic)
  const event = JSON.stringify(message.event)
  const joinRef = JSON.stringify(message.joinRef)
  const ref = JSON.stringify(message.ref)
  if (version === 2) return `[${joinRef},${ref},${topic},${event},${payloadJson}]`
  return `{"event":${event},"join_ref":${joinRef},"payload":${payloadJson},"ref":${ref},"topic":${topic}}`
}

export const encodeMessage = (message: PhoenixMessage, version: SerializerVersion): string =>
  encodeFrame(message, version, JSON.stringify(message.payload ?? {}))

export const replyPayload = (status: 'ok' | 'error', response: unknown) => ({ status, response })

/**
 * Elixir's `inspect/1` for JSON values, because Realtime's error messages embed inspected terms
 * (e.g. `Error parsing \`filter\` params: ["foo", "hey"]`) and clients may show them verbatim.
 */
export function inspectTerm(value: unknown): string {
  if (value === null || value === undefined) return 'nil'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(inspectTerm).join(', ')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)} => ${inspectTerm(item)}`)
    return `%{${entries.join(', ')}}`
  }
  return String(value)
}

/** realtime-js's binary frame kinds (vsn 2.0.0): a client's broadcast push and a user broadcast. */
const USER_BROADCAST_PUSH = 3
const USER_BROADCAST = 4
const JSON_ENCODING = 1

/** A broadcast a client pushed as a binary frame, as Realtime's V2 serializer decodes it. */
export interface UserBroadcastPush {
  joinRef: Ref
  ref: Ref
  topic: string
  event: string
  /** The user payload: parsed JSON, or the raw bytes of a binary payload. */
  payload: unknown
  binary: boolean
}

/**
 * Decodes `<<3, join_ref_size, ref_size, topic_size, event_size, metadata_size, encoding,
 * join_ref, ref, topic, event, metadata, payload>>`; undefined for anything malformed.
 */
export function decodeUserBroadcastPush(data: Buffer): UserBroadcastPush | undefined {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return undefined
  const sizes = [...data.subarray(1, 6)]
  let offset = 7
  const parts = sizes.map((size) => {
    const part = data.subarray(offset, offset + size).toString('utf8')
    offset += size
    return part
  })
  if (offset > data.length) return undefined
  const [joinRef = '', ref = '', topic = '', event = ''] = parts
  const body = data.subarray(offset)
  const binary = data[6] !== JSON_ENCODING
  let payload: unknown = body
  if (!binary) {
    try {
      payload = JSON.parse(body.toString('utf8'))
    } catch {
      return undefined
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event, payload, binary }
}

/** `<<4, topic_size, event_size, metadata_size, encoding, topic, event, metadata, payload>>`. */
export function encodeUserBroadcast(
  topic: string,
  event: string,
  payload: Buffer,
  binary: boolean,
  metadataJson = '',
): Buffer {
  const [topicBytes, eventBytes, metadataBytes] = [topic, event, metadataJson].map((text) =>
    Buffer.from(text, 'utf8'),
  ) as [Buffer, Buffer, Buffer]
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metadataBytes.length,
    binary ? 0 : JSON_ENCODING,
  ])
  return Buffer.concat([header, topicBytes, eventBytes, metadataBytes, payload])
}
