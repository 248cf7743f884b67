import { createHmac, randomUUID } from 'node:crypto'
import path from 'node:path'
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import { adminPool, nodeRealtime, startTestStack } from 'local-supabase/testing'
import { PROJECT_ROOT } from '../scripts/project.ts'
import { summarise } from './support.ts'

/** The package's fixture: rooms whose members may read them, posts broadcast by a trigger. */
const FIXTURE_DIR = path.join(PROJECT_ROOT, 'packages/local-supabase/test/fixture')

/** An HS256 access token for `sub`, as Auth would sign it. */
function accessToken(secret: string, sub: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

interface Subscriber {
  client: SupabaseClient
  room: string
}

type Mode = 'broadcast' | 'postgres_changes'

/**
 * Commit → client latency with `subscribers` members spread over `rooms` private rooms: each post
 * is one autocommit insert, timed from sending it to the callback of each member of its room,
 * delivered either as Broadcast from the database (a trigger calling realtime.broadcast_changes,
 * private channels authorised at join) or as Postgres Changes (the row checked against RLS for
 * every subscriber of the table). Posts go one at a time, each once the previous one has arrived
 * everywhere, so the figures are latencies, not queueing.
 */
export async function benchRealtimeBroadcast(
  options: { subscribers?: number; rooms?: number; posts?: number } = {},
) {
  const subscriberCount = options.subscribers ?? 100
  const roomCount = options.rooms ?? 25
  const posts = options.posts ?? 200
  const { stack, stop } = await startTestStack({
    projectDir: FIXTURE_DIR,
    tempPrefix: 'realtime-broadcast-bench',
    fsync: true,
  })
  const pool = adminPool({ superuserDbUrl: stack.superuserDbUrl }, 2)
  let lost: Error | undefined
  pool.on('error', (error) => (lost = error))
  try {
    const rooms = Array.from({ length: roomCount }, () => `room:${randomUUID()}`)
    const subscribers: Subscriber[] = []
    for (let i = 0; i < subscriberCount; i += 1) {
      const id = randomUUID()
      const room = rooms[i % roomCount] as string
      await pool.query(
        `insert into auth.users (id, aud, role, email, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
        [id, `bench-${id}@bench.test`],
      )
      await pool.query('insert into public.room_members (room, user_id) values ($1, $2)', [
        room,
        id,
      ])
      const token = accessToken(stack.keys.jwtSecret, id)
      const client = createClient(stack.apiUrl, stack.keys.publishable, {
        accessToken: () => Promise.resolve(token),
        realtime: nodeRealtime,
      })
      subscribers.push({ client, room })
    }
    if (lost) throw lost
    const results: Record<Mode, ReturnType<typeof summarise>> = {
      broadcast: await measure('broadcast', pool, subscribers, rooms, posts),
      postgres_changes: await measure('postgres_changes', pool, subscribers, rooms, posts),
    }
    await Promise.all(subscribers.map(({ client }) => client.realtime.disconnect()))
    return { subscribers: subscriberCount, rooms: roomCount, posts, latency_ms: results }
  } finally {
    await pool.end()
    await stop()
  }
}

async function measure(
  mode: Mode,
  pool: ReturnType<typeof adminPool>,
  subscribers: Subscriber[],
  rooms: string[],
  posts: number,
) {
  const waiting = new Map<string, { sentAt: number; left: number; done: () => void }>()
  const latencies: number[] = []
  const arrived = (body: string | undefined) => {
    const post = body === undefined ? undefined : waiting.get(body)
    if (!post) return
    latencies.push(performance.now() - post.sentAt)
    post.left -= 1
    if (post.left === 0) post.done()
  }
  const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = []
  for (const { client, room } of subscribers) {
    const channel =
      mode === 'broadcast'
        ? client
            .channel(room, { config: { private: true } })
            .on('broadcast', { event: 'INSERT' }, (message) =>
              arrived((message.payload as { record?: { body?: string } }).record?.body),
            )
        : client
            .channel(`changes-${room}-${randomUUID()}`)
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'room_posts', filter: `room=eq.${room}` },
              (change) => arrived((change.new as { body?: string }).body),
            )
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status !== 'CLOSED') reject(error ?? new Error(`${mode}: ${status}`))
      })
    })
    channels.push({ client, channel })
  }
  const perRoom = subscribers.length / rooms.length
  // The first posts warm both paths (the trigger's plan, the feed's relation cache).
  for (let i = -rooms.length; i < posts; i += 1) {
    const body = `${mode}-${i}`
    const room = rooms[(i + rooms.length) % rooms.length] as string
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${mode}: post ${i} never arrived`)), 30_000)
      waiting.set(body, {
        sentAt: performance.now(),
        left: perRoom,
        done: () => {
          clearTimeout(timer)
          resolve()
        },
      })
      pool
        .query('insert into public.room_posts (room, body) values ($1, $2)', [room, body])
        .catch(reject)
    })
    waiting.delete(body)
    if (i < 0) latencies.length = 0
  }
  await Promise.all(channels.map(({ client, channel }) => client.removeChannel(channel)))
  return summarise(latencies)
}
