import { Hono, type Context } from 'hono'
import type pg from 'pg'
import type { StackKeys } from '../keys.ts'
import { bearerForKey } from '../keys.ts'
import { emptyPolicies, PolicyCheckFailed, writeAuthorizations } from './authorization.ts'
import { MAX_PAYLOAD_BYTES, tenantTopic, type TenantBroadcaster } from './tenant-broadcaster.ts'
import { verifyRealtimeToken, type Claims } from './tokens.ts'

export interface BroadcastApiEnvironment {
  keys: StackKeys
  db: pg.Pool
  broadcaster: TenantBroadcaster
  log: (message: string) => void
}

/** Realtime's `max_events_per_second` default, over everything the API sends per second. */
const MAX_EVENTS_PER_SECOND = 100

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `/realtime/v1/api`: Realtime's broadcast endpoints (RT `BroadcastController`,
 * `BroadcastSingleController`, `BatchBroadcast`, `AuthTenant`): `POST /broadcast` with a batch of
 * messages (what realtime-js's `send` falls back to before the socket joins) and
 * `POST /broadcast/:topic/events/:event` (`httpSend`). Private messages need the caller's insert
 * policy on the topic; in a batch, a topic without it is skipped silently, as Realtime does.
 */
export function broadcastRoutes(env: BroadcastApiEnvironment): Hono {
  const app = new Hono()
  const sent: number[] = []

  const authenticate = async (c: Context): Promise<Claims | undefined> => {
    const header = c.req.header('authorization')
    const apikey = c.req.header('apikey')
    const bearer = header?.match(/^bearer\s+(\S+)$/i)?.[1]
    const token = bearer ?? (apikey ? bearerForKey(env.keys, apikey) : undefined)
    const check = await verifyRealtimeToken(token, env.keys.jwtSecret)
    return check.ok ? check.claims : undefined
  }
  const unauthorized = (c: Context) => c.json({ message: 'Unauthorized' }, 401)
  const rateRefusal = (count: number): string | undefined => {
    const now = performance.now()
    while (sent.length && now - (sent[0] as number) >= 1000) sent.shift()
    if (sent.length > MAX_EVENTS_PER_SECOND) return 'You have exceeded your rate limit'
    if (sent.length + count > MAX_EVENTS_PER_SECOND) {
      return 'Too many messages to broadcast, please reduce the batch size'
    }
    for (let i = 0; i < count; i += 1) sent.push(now)
    return undefined
  }
  const mayWrite = async (claims: Claims, topic: string): Promise<boolean | 'failed'> => {
    try {
      const policies = await writeAuthorizations(env.db, { topic, claims }, emptyPolicies(), [
        'broadcast',
        'presence',
      ])
      return policies.broadcast.write === true
    } catch (error) {
      if (!(error instanceof PolicyCheckFailed)) throw error
      env.log(`realtime: RlsPolicyError on ${topic}: ${error.message}`)
      return 'failed'
    }
  }
  const publish = (
    message: { topic: string; event: string; payload: unknown; id?: unknown },
    isPrivate: boolean,
  ) => {
    const body: Record<string, unknown> = {
      event: message.event,
      payload: message.payload,
      type: 'broadcast',
    }
    if (message.id !== undefined && message.id !== null) body.meta = { id: message.id }
    env.broadcaster.publish(
      tenantTopic(message.topic, isPrivate),
      'broadcast',
      JSON.stringify(body),
    )
  }

  app.post('/broadcast', async (c) => {
    const claims = await authenticate(c)
    if (!claims) return unauthorized(c)
    const body: unknown = await c.req.json().catch(() => undefined)
    const list = isObject(body) ? body.messages : undefined
    if (!Array.isArray(list) || list.length === 0) {
      return c.json({ errors: { messages: ["can't be blank"] } }, 422)
    }
    const errors = list.map((item) => messageErrors(item))
    if (errors.some((item) => Object.keys(item).length)) {
      return c.json({ errors: { messages: errors } }, 422)
    }
    const messages = list as {
      topic: string
      event: string
      payload: unknown
      private?: unknown
      id?: unknown
    }[]
    const refusal = rateRefusal(messages.length)
    if (refusal) return c.json({ message: refusal }, 429)
    for (const message of messages.filter((item) => item.private !== true)) publish(message, false)
    const privateTopics = new Map<string, typeof messages>()
    for (const message of messages.filter((item) => item.private === true)) {
      privateTopics.set(message.topic, [...(privateTopics.get(message.topic) ?? []), message])
    }
    for (const [topic, group] of privateTopics) {
      if ((await mayWrite(claims, topic)) !== true) continue
      for (const message of group) publish(message, true)
    }
    return c.body(null, 202)
  })

  app.post('/broadcast/:topic/events/:event', async (c) => {
    const claims = await authenticate(c)
    if (!claims) return unauthorized(c)
    const topic = c.req.param('topic')
    const event = c.req.param('event')
    const isPrivate = c.req.query('private') === 'true'
    if ((c.req.header('content-type') ?? '').startsWith('application/octet-stream')) {
      return c.json({ message: 'Binary payloads are not served by the local stack' }, 415)
    }
    const payload: unknown = await c.req.json().catch(() => undefined)
    if (!isObject(payload)) return c.json({ errors: { payload: ["can't be blank"] } }, 422)
    if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) {
      return c.json({ errors: { payload: ['Payload size exceeds tenant limit'] } }, 422)
    }
    const refusal = rateRefusal(1)
    if (refusal) return c.json({ message: refusal }, 429)
    if (isPrivate) {
      const allowed = await mayWrite(claims, topic)
      if (allowed === 'failed') return c.json({ message: 'RLS policy error' }, 422)
      if (!allowed) return c.json({ message: 'Unauthorized' }, 403)
    }
    publish({ topic, event, payload }, isPrivate)
    return c.body(null, 202)
  })

  return app
}

/** BatchBroadcast's message changeset: topic, event and a map payload are required. */
function messageErrors(item: unknown): Record<string, string[]> {
  if (!isObject(item)) return { topic: ["can't be blank"] }
  const errors: Record<string, string[]> = {}
  for (const field of ['topic', 'event'] as const) {
    if (typeof item[field] !== 'string' || item[field] === '') errors[field] = ["can't be blank"]
  }
  if (!isObject(item.payload)) errors.payload = ["can't be blank"]
  else if (Buffer.byteLength(JSON.stringify(item.payload)) > MAX_PAYLOAD_BYTES) {
    errors.payload = ['Payload size exceeds tenant limit']
  }
  return errors
}
