import { randomUUID } from 'node:crypto'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { Watch, type SystemMessage } from '../realtime-support.ts'
import { adminPool, newUser, stackInfo } from '../support.ts'

/**
 * Broadcast, Presence and Broadcast from the database through supabase-js's own RealtimeClient,
 * two clients on real sockets: private channels authorised by the fixture's policies on
 * realtime.messages (a room's members may read and send), a trigger calling
 * realtime.broadcast_changes, the REST broadcast endpoints, and a token refresh that loses the
 * policy. Absence is proven by a later marker sent through the same path.
 */

const pool = adminPool()
type User = Awaited<ReturnType<typeof newUser>>

interface Broadcast {
  event: string
  payload: Record<string, unknown>
  meta?: { id?: string; replayed?: boolean }
}

interface Room {
  channel: RealtimeChannel
  broadcasts: Broadcast[]
  statuses: string[]
  errors: string[]
  system: SystemMessage[]
  syncs: number
  watch: Watch
}

interface RoomConfig {
  private?: boolean
  broadcast?: { self?: boolean; ack?: boolean; replay?: { since: number; limit?: number } }
  presence?: { key?: string; enabled?: boolean }
}

/** Joins `topic` as an app does, recording what arrives; resolves once SUBSCRIBED or refused. */
async function joinRoom(
  client: SupabaseClient,
  topic: string,
  config: RoomConfig,
  presence = false,
): Promise<Room> {
  // The join carries the signed-in user's token, as once supabase-js has handed it over.
  await client.realtime.setAuth()
  const channel = client.channel(topic, { config })
  const watch = new Watch()
  const room: Room = {
    channel,
    broadcasts: [],
    statuses: [],
    errors: [],
    system: [],
    syncs: 0,
    watch,
  }
  channel.on('broadcast', { event: '*' }, (message: Broadcast) => {
    room.broadcasts.push(message)
    watch.notify()
  })
  channel.on('system', {}, (message: SystemMessage) => {
    room.system.push(message)
    watch.notify()
  })
  if (presence) {
    channel.on('presence', { event: 'sync' }, () => {
      room.syncs += 1
      watch.notify()
    })
  }
  await new Promise<void>((resolve) => {
    channel.subscribe((status, error) => {
      room.statuses.push(status)
      if (error) room.errors.push(error.message)
      watch.notify()
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') resolve()
    })
  })
  return room
}

const roomName = () => `room:${randomUUID()}`

async function addMember(room: string, user: User, canSend = true) {
  await pool.query(
    'insert into public.room_members (room, user_id, can_send) values ($1, $2, $3)',
    [room, user.user.id, canSend],
  )
}

/** A post written by the database's owner, committed or rolled back. */
async function writePost(room: string, body: string, outcome: 'commit' | 'rollback' = 'commit') {
  const client = await pool.connect()
  try {
    await client.query('begin')
    await client.query('insert into public.room_posts (room, body) values ($1, $2)', [room, body])
    await client.query(outcome)
  } finally {
    client.release()
  }
}

const bodies = (room: Room) =>
  room.broadcasts.map((message) => (message.payload.record as { body?: string } | null)?.body)

const received = (room: Room, body: string, what = `the broadcast "${body}"`) =>
  room.watch.until(() => bodies(room).includes(body), what)

let member: User
let otherMember: User
let outsider: User
const clients: SupabaseClient[] = []

beforeAll(async () => {
  ;[member, otherMember, outsider] = await Promise.all([
    newUser('rt-member'),
    newUser('rt-other-member'),
    newUser('rt-outsider'),
  ])
  clients.push(member.client, otherMember.client, outsider.client)
})

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()))
  await pool.end()
})

describe('private channels', () => {
  it("refuses a non-member with Realtime's reason, and lets a member in", async () => {
    const room = roomName()
    await addMember(room, member)
    const refused = await joinRoom(outsider.client, room, { private: true })
    await outsider.client.removeChannel(refused.channel)
    expect(refused.statuses[0]).toBe('CHANNEL_ERROR')
    expect(refused.errors.join(' ')).toContain(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${room}`,
    )
    const joined = await joinRoom(member.client, room, { private: true })
    expect(joined.statuses).toEqual(['SUBSCRIBED'])
  })

  it('closes the channel when a renewed token no longer passes the policy', async () => {
    const room = roomName()
    const leaver = await newUser('rt-leaver')
    clients.push(leaver.client)
    await addMember(room, leaver)
    const joined = await joinRoom(leaver.client, room, { private: true })
    expect(joined.statuses).toEqual(['SUBSCRIBED'])

    await pool.query('delete from public.room_members where room = $1', [room])
    // A new session's token reaches the channel as any renewed token does (`access_token`); a
    // refresh within the same second could mint the very same token, which changes nothing.
    const { error } = await leaver.client.auth.signInWithPassword({
      email: leaver.email,
      password: leaver.password,
    })
    expect(error).toBeNull()

    const shutdown = await joined.watch.until(
      () => joined.system.find((message) => message.status === 'error'),
      'the channel shut down',
    )
    expect(shutdown).toMatchObject({
      extension: 'system',
      message: `You do not have permissions to read from this Channel topic: ${room}`,
    })
    await joined.watch.until(() => joined.statuses.includes('CLOSED'), 'the channel closed')
  })
})

describe('sending on a private channel', () => {
  it("drops a broadcast and refuses a track from a member the insert policy doesn't allow", async () => {
    const room = roomName()
    const reader = await newUser('rt-reader')
    clients.push(reader.client)
    await Promise.all([
      addMember(room, member),
      addMember(room, otherMember),
      addMember(room, reader, false),
    ])
    const listener = await joinRoom(member.client, room, { private: true })
    const readOnly = await joinRoom(reader.client, room, { private: true })
    const sender = await joinRoom(otherMember.client, room, { private: true })
    expect(readOnly.statuses).toEqual(['SUBSCRIBED'])

    await readOnly.channel.send({ type: 'broadcast', event: 'said', payload: { from: 'reader' } })
    // The channel handles its messages in order: this answer comes after the broadcast's fate.
    expect(await readOnly.channel.track({ here: true })).toBe('error')
    await sender.channel.send({ type: 'broadcast', event: 'said', payload: { from: 'member' } })
    await listener.watch.until(() => listener.broadcasts.length > 0, 'the member message')
    expect(listener.broadcasts.map((message) => message.payload)).toEqual([{ from: 'member' }])
  })

  it('refuses a broadcast over the payload size limit, answering it with ack', async () => {
    const topic = `big:${randomUUID()}`
    const listener = await joinRoom(otherMember.client, topic, {})
    const sender = await joinRoom(member.client, topic, { broadcast: { ack: true } })
    const big = { blob: 'x'.repeat(3_001_000) }
    expect(await sender.channel.send({ type: 'broadcast', event: 'big', payload: big })).toBe(
      'error',
    )
    expect(
      await sender.channel.send({ type: 'broadcast', event: 'small', payload: { n: 1 } }),
    ).toBe('ok')
    await listener.watch.until(() => listener.broadcasts.length > 0, 'the small message')
    expect(listener.broadcasts.map((message) => message.event)).toEqual(['small'])
  })
})

describe('Broadcast from the database', () => {
  it('sends a committed row change to the members, never a rolled-back one', async () => {
    const room = roomName()
    await addMember(room, member)
    const listener = await joinRoom(member.client, room, { private: true })

    await writePost(room, 'rolled back', 'rollback')
    await writePost(room, 'first marker')
    await received(listener, 'first marker')

    // A transaction still open when a later one commits is not sent until it commits itself.
    const open = await pool.connect()
    try {
      await open.query('begin')
      await open.query('insert into public.room_posts (room, body) values ($1, $2)', [
        room,
        'committed late',
      ])
      await writePost(room, 'second marker')
      await received(listener, 'second marker')
      expect(bodies(listener)).toEqual(['first marker', 'second marker'])
      await open.query('commit')
    } finally {
      open.release()
    }
    await received(listener, 'committed late')
    expect(bodies(listener)).toEqual(['first marker', 'second marker', 'committed late'])

    const message = listener.broadcasts[0]
    expect(message).toMatchObject({
      event: 'INSERT',
      payload: {
        operation: 'INSERT',
        schema: 'public',
        table: 'room_posts',
        old_record: null,
        record: { room, body: 'first marker' },
      },
    })
    expect(message?.meta?.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends what realtime.send_binary stores as a binary payload', async () => {
    const room = roomName()
    await addMember(room, member)
    const listener = await joinRoom(member.client, room, { private: true })
    await pool.query(`select realtime.send_binary('\\x0102ff'::bytea, 'bytes', $1)`, [room])
    const message = await listener.watch.until(() => listener.broadcasts[0], 'the binary message')
    expect(message.event).toBe('bytes')
    expect([...new Uint8Array(message.payload as unknown as ArrayBuffer)]).toEqual([1, 2, 255])
    expect(message.meta?.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('replays what realtime.send stored to a member joining with replay', async () => {
    const room = roomName()
    await addMember(room, member)
    const since = Date.now() - 60_000
    await pool.query(`select realtime.send('{"body": "stored"}'::jsonb, 'note', $1)`, [room])
    const late = await joinRoom(member.client, room, {
      private: true,
      broadcast: { replay: { since, limit: 10 } },
    })
    const replayed = await late.watch.until(() => late.broadcasts[0], 'the replayed message')
    expect(replayed).toMatchObject({
      event: 'note',
      payload: { body: 'stored' },
      meta: { replayed: true },
    })
  })
})

describe('Broadcast between clients', () => {
  it('sends to the others, and to the sender only with self; ack answers the send', async () => {
    const topic = `chat:${randomUUID()}`
    const quiet = await joinRoom(member.client, topic, { broadcast: { ack: true } })
    const echo = await joinRoom(otherMember.client, topic, { broadcast: { self: true } })

    expect(
      await quiet.channel.send({ type: 'broadcast', event: 'said', payload: { text: 'one' } }),
    ).toBe('ok')
    await echo.watch.until(() => echo.broadcasts.length === 1, 'the first message')
    await echo.channel.send({ type: 'broadcast', event: 'said', payload: { text: 'two' } })
    await echo.watch.until(() => echo.broadcasts.length === 2, 'its own message back')
    await quiet.watch.until(() => quiet.broadcasts.length === 1, 'the second message')

    expect(echo.broadcasts.map((message) => message.payload)).toEqual([
      { text: 'one' },
      { text: 'two' },
    ])
    // Without self, the sender never got its own first message before the second arrived.
    expect(quiet.broadcasts.map((message) => message.payload)).toEqual([{ text: 'two' }])
  })

  it('relays a binary payload as binary', async () => {
    const topic = `bytes:${randomUUID()}`
    const listener = await joinRoom(member.client, topic, {})
    const sender = await joinRoom(otherMember.client, topic, {})
    const bytes = new Uint8Array([0, 1, 254]).buffer
    await sender.channel.send({ type: 'broadcast', event: 'raw', payload: bytes })
    const message = await listener.watch.until(() => listener.broadcasts[0], 'the binary message')
    expect(message.event).toBe('raw')
    expect([...new Uint8Array(message.payload as unknown as ArrayBuffer)]).toEqual([0, 1, 254])
  })

  it('serves the REST endpoints, with the insert policy for private topics', async () => {
    const room = roomName()
    await Promise.all([addMember(room, member), addMember(room, otherMember)])
    const listener = await joinRoom(member.client, room, { private: true })

    const sender = otherMember.client.channel(room, { config: { private: true } })
    await expect(sender.httpSend('posted', { via: 'httpSend' })).resolves.toEqual({
      success: true,
    })
    const stranger = outsider.client.channel(room, { config: { private: true } })
    await expect(stranger.httpSend('posted', { via: 'stranger' })).rejects.toThrow('Unauthorized')

    // Before it joins, send() falls back to the batch endpoint; a non-member's message is dropped.
    await outsider.client.realtime.setAuth()
    expect(
      await stranger.send({ type: 'broadcast', event: 'posted', payload: { via: 'stranger' } }),
    ).toBe('ok')
    await otherMember.client.realtime.setAuth()
    expect(
      await sender.send({ type: 'broadcast', event: 'posted', payload: { via: 'batch' } }),
    ).toBe('ok')

    await listener.watch.until(() => listener.broadcasts.length === 2, 'both member messages')
    expect(listener.broadcasts.map((message) => message.payload)).toEqual([
      { via: 'httpSend' },
      { via: 'batch' },
    ])
    await Promise.all([
      otherMember.client.removeChannel(sender),
      outsider.client.removeChannel(stranger),
    ])
  })
})

describe('a client that stops reading', () => {
  it('is cut off, and never holds up delivery to the others', async () => {
    const topic = `flood:${randomUUID()}`
    const { apiUrl, publishableKey } = stackInfo()
    const slow = new WebSocket(
      `${apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${publishableKey}&vsn=2.0.0`,
    )
    const watch = new Watch()
    let frames = 0
    let closed = false
    slow.on('message', () => {
      frames += 1
      watch.notify()
    })
    slow.on('close', () => {
      closed = true
      watch.notify()
    })
    slow.on('error', () => undefined)
    await new Promise((resolve) => slow.once('open', resolve))
    slow.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: {} }]))
    await watch.until(() => frames > 0, 'the slow join reply')
    slow.pause()

    const listener = await joinRoom(otherMember.client, topic, {})
    const sender = await joinRoom(member.client, topic, {})
    // Far more than the server keeps for one client plus what the kernel buffers on loopback,
    // each sent once the listener has the one before, so only the stopped client falls behind.
    const count = 24
    const blob = 'x'.repeat(2_500_000)
    for (let n = 0; n < count; n += 1) {
      await sender.channel.send({ type: 'broadcast', event: 'flood', payload: { n, blob } })
      await listener.watch.until(() => listener.broadcasts.length === n + 1, `message ${n}`)
    }
    expect(listener.statuses).toEqual(['SUBSCRIBED'])
    expect(listener.broadcasts.map((message) => message.payload.n)).toEqual(
      Array.from({ length: count }, (_, n) => n),
    )
    slow.resume()
    await watch.until(() => closed, 'the slow socket closed')
    // Its reply and what fitted in the buffers, never the whole flood.
    expect(frames).toBeLessThan(count + 1)
  })
})

describe('Presence', () => {
  it('syncs who is here between two clients: join, update and leave', async () => {
    const room = roomName()
    await Promise.all([addMember(room, member), addMember(room, otherMember)])
    const config = (user: User) => ({ private: true, presence: { key: user.user.id } })
    const first = await joinRoom(member.client, room, config(member), true)
    expect(await first.channel.track({ hole: 1 })).toBe('ok')

    const second = await joinRoom(otherMember.client, room, config(otherMember), true)
    const state = () => second.channel.presenceState<{ hole: number }>()
    await second.watch.until(() => state()[member.user.id]?.[0]?.hole === 1, "the first's presence")

    expect(await second.channel.track({ hole: 7 })).toBe('ok')
    const seen = () => first.channel.presenceState<{ hole: number }>()
    await first.watch.until(() => seen()[otherMember.user.id]?.[0]?.hole === 7, 'the join')

    expect(await first.channel.track({ hole: 2 })).toBe('ok')
    await second.watch.until(() => state()[member.user.id]?.[0]?.hole === 2, 'the update')
    expect(state()[member.user.id]).toHaveLength(1)

    await otherMember.client.removeChannel(second.channel)
    await first.watch.until(() => !seen()[otherMember.user.id], 'the leave')
    expect(Object.keys(seen())).toEqual([member.user.id])
  })

  it('shuts a channel that tracks more often than the client presence limit allows', async () => {
    const topic = `presence:${randomUUID()}`
    const busy = await joinRoom(member.client, topic, {}, true)
    for (let hole = 1; hole <= 5; hole += 1) {
      expect(await busy.channel.track({ hole })).toBe('ok')
    }
    void busy.channel.track({ hole: 6 })
    const shutdown = await busy.watch.until(
      () => busy.system.find((message) => message.status === 'error'),
      'the shutdown',
    )
    expect(shutdown.message).toBe('Client presence rate limit exceeded')
  })
})
