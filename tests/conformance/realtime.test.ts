import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Database } from '../../src/lib/database.types.ts'
import { freePort, startStack, type Stack } from 'local-supabase'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import {
  adminPool,
  memoryStorage,
  newClient,
  newGolfer,
  stackInfo,
  waitFor,
} from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Realtime conformance of the local stack's /realtime/v1/websocket: the real supabase-js (and so
 * the real realtime-js and Phoenix client) subscribes to postgres_changes as HCPFast does, and raw
 * websocket frames check what the client hides. Absence is proven with a marker: changes reach a
 * socket in the order of the one WAL stream, so once a later write of the subscriber's own has
 * arrived, an earlier change that was going to arrive would have.
 */

const stack = stackInfo()
const pool = adminPool()
const run = `${process.pid}_${Date.now()}`
const privateTable = `rt_private_${run}`
type Golfer = Awaited<ReturnType<typeof newGolfer>>
type CourseRow = Database['public']['Tables']['courses']['Row']
type Change = RealtimePostgresChangesPayload<CourseRow>

let a: Golfer
let b: Golfer

beforeAll(async () => {
  ;[a, b] = await Promise.all([newGolfer('rt-a'), newGolfer('rt-b')])
})

afterAll(async () => {
  await pool.query(`drop table if exists public.${privateTable}`)
  await pool.end()
})

const course = (overrides: Partial<CourseRow> = {}) => ({
  id: ulid(),
  name: 'Old Course',
  rating: 72.1,
  slope: 132,
  ...overrides,
})

interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema: string
  table: string
  filter?: string
}

interface Feed {
  channel: RealtimeChannel
  /** Each change with the index of the binding whose callback received it. */
  changes: { binding: number; change: Change }[]
  statuses: string[]
  system: { status: string; message: string; extension: string }[]
}

/** Subscribes like the app does and records everything the channel reports. */
async function follow(client: SupabaseClient<Database>, bindings: Binding[]): Promise<Feed> {
  const channel = client.channel(`rt-${ulid()}`)
  const feed: Feed = { channel, changes: [], statuses: [], system: [] }
  bindings.forEach((binding, index) => {
    channel.on('postgres_changes', binding, (change: Change) =>
      feed.changes.push({ binding: index, change }),
    )
  })
  channel.on('system', {}, (payload: Feed['system'][number]) => feed.system.push(payload))
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      feed.statuses.push(status)
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
  return feed
}

const rowId = (change: Change) =>
  String((change.eventType === 'DELETE' ? change.old : change.new).id ?? '')

const changesOf = (feed: Feed, id: string) =>
  feed.changes.filter(({ change }) => rowId(change) === id)

function nextChange(feed: Feed, type: Change['eventType'], id: string): Promise<Change> {
  return waitFor(
    () =>
      feed.changes.find(({ change }) => change.eventType === type && rowId(change) === id)?.change,
    `${type} of ${id}`,
  )
}

async function succeed(request: PromiseLike<{ error: unknown }>) {
  const { error } = await request
  expect(error).toBeNull()
}

const ISO_COMMIT_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const TIMESTAMPTZ = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/

describe('postgres_changes through supabase-js', () => {
  it("delivers a golfer's own INSERT, UPDATE and DELETE, and never another golfer's row", async () => {
    const own = await follow(a.client, [
      { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${a.user.id}` },
    ])
    const unfiltered = await follow(a.client, [{ event: '*', schema: 'public', table: 'courses' }])

    const mine = course({ name: 'Home Course' })
    await succeed(a.client.from('courses').insert(mine))
    const inserted = await nextChange(own, 'INSERT', mine.id)
    expect(inserted).toMatchObject({ schema: 'public', table: 'courses', errors: null, old: {} })
    expect(inserted.commit_timestamp).toMatch(ISO_COMMIT_TIME)
    expect(inserted.new).toEqual({
      ...mine,
      user_id: a.user.id,
      created_at: expect.stringMatching(TIMESTAMPTZ),
    })

    await succeed(a.client.from('courses').update({ name: 'Renamed Course' }).eq('id', mine.id))
    const updated = await nextChange(own, 'UPDATE', mine.id)
    expect(updated.new).toMatchObject({ id: mine.id, name: 'Renamed Course', rating: 72.1 })
    // courses has REPLICA IDENTITY FULL, so the old row travels whole on UPDATE.
    expect(updated.old).toMatchObject({ id: mine.id, name: 'Home Course', user_id: a.user.id })

    const theirs = course({ name: "B's Secret Course" })
    await succeed(b.client.from('courses').insert(theirs))
    await succeed(b.client.from('courses').update({ name: 'Still Secret' }).eq('id', theirs.id))
    await succeed(b.client.from('courses').delete().eq('id', theirs.id))
    const marker = course({ name: 'Marker' })
    await succeed(a.client.from('courses').insert(marker))
    await nextChange(own, 'INSERT', marker.id)
    await nextChange(unfiltered, 'INSERT', marker.id)

    expect(changesOf(own, theirs.id)).toEqual([])
    // Without a filter, RLS still hides B's INSERT and UPDATE from A. Realtime never checks a
    // DELETE against RLS, so it reaches every subscriber without a filter, carrying only the key.
    expect(
      changesOf(unfiltered, theirs.id).map(({ change }) => [change.eventType, change.old]),
    ).toEqual([['DELETE', { id: theirs.id }]])

    await succeed(a.client.from('courses').delete().eq('id', mine.id))
    const deleted = await nextChange(own, 'DELETE', mine.id)
    // Under RLS a DELETE carries the primary key only; the filter matched on the full old row.
    expect(deleted.old).toEqual({ id: mine.id })
    expect(deleted.new).toEqual({})

    expect(own.statuses).toEqual(['SUBSCRIBED'])
    await a.client.removeChannel(own.channel)
    await a.client.removeChannel(unfiltered.channel)
  })

  it('evaluates eq, neq, lt, lte, gt, gte and in with the column type, server-side', async () => {
    const [low, high, exact, listed, marker] = [
      course({ slope: 60, rating: 61.2 }),
      course({ slope: 150, rating: 61.2 }),
      course({ slope: 100, rating: 70.5 }),
      course({ slope: 100, rating: 61.2 }),
      course({ slope: 100, rating: 61.2 }),
    ]
    const mineOnly = `user_id=eq.${a.user.id}`
    const feed = await follow(a.client, [
      { event: 'INSERT', schema: 'public', table: 'courses', filter: `${mineOnly},slope=gt.140` },
      { event: 'INSERT', schema: 'public', table: 'courses', filter: `${mineOnly},slope=lte.60` },
      // numeric equality, not text: 70.50 equals 70.5
      {
        event: 'INSERT',
        schema: 'public',
        table: 'courses',
        filter: `${mineOnly},rating=eq.70.50`,
      },
      {
        event: 'INSERT',
        schema: 'public',
        table: 'courses',
        filter: `id=in.(${listed.id},${ulid()})`,
      },
      {
        event: 'INSERT',
        schema: 'public',
        table: 'courses',
        filter: `${mineOnly},slope=gte.61,slope=lt.100,rating=neq.61.2`,
      },
      { event: 'INSERT', schema: 'public', table: 'courses', filter: `id=eq.${marker.id}` },
    ])
    for (const row of [low, high, exact, listed, marker]) {
      await succeed(a.client.from('courses').insert(row))
    }
    await nextChange(feed, 'INSERT', marker.id)
    const received = (binding: number) =>
      feed.changes.filter((c) => c.binding === binding).map(({ change }) => rowId(change))
    expect(received(0)).toEqual([high.id])
    expect(received(1)).toEqual([low.id])
    expect(received(2)).toEqual([exact.id])
    expect(received(3)).toEqual([listed.id])
    expect(received(4)).toEqual([])
    expect(received(5)).toEqual([marker.id])
    await a.client.removeChannel(feed.channel)
  })

  it('tells a visitor who is not signed in that a change happened, but nothing of it', async () => {
    const visitor = newClient()
    const feed = await follow(visitor, [{ event: 'INSERT', schema: 'public', table: 'courses' }])
    const row = course()
    await succeed(a.client.from('courses').insert(row))
    // anon may not SELECT courses' primary key, so Realtime sends its 401 in place of the row.
    const change = await waitFor(() => feed.changes[0]?.change, 'the error event')
    expect(change).toMatchObject({
      eventType: 'INSERT',
      new: {},
      errors: ['Error 401: Unauthorized'],
    })
    await visitor.removeChannel(feed.channel)
  })

  it('sends nothing for a table outside the supabase_realtime publication', async () => {
    await pool.query(`
      create table public.${privateTable} (
        id text primary key,
        user_id uuid not null default auth.uid(),
        note text not null
      );
      alter table public.${privateTable} enable row level security;
      create policy owner_reads on public.${privateTable} for select to authenticated
        using (user_id = (select auth.uid()));
      grant select, insert on public.${privateTable} to authenticated;`)
    const marked = await follow(a.client, [
      { event: 'INSERT', schema: 'public', table: 'courses', filter: `user_id=eq.${a.user.id}` },
    ])
    const outside = await follow(a.client, [{ event: '*', schema: 'public', table: privateTable }])
    await waitFor(() => outside.system[0], 'the system message')
    expect(outside.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect(outside.system[0]?.message).toMatch(
      /^Unable to subscribe to changes with given parameters\./,
    )

    const note = ulid()
    await pool.query(
      `insert into public.${privateTable} (id, user_id, note) values ($1, $2, 'hidden')`,
      [note, a.user.id],
    )
    const marker = course({ name: 'Publication marker' })
    await succeed(a.client.from('courses').insert(marker))
    await nextChange(marked, 'INSERT', marker.id)
    expect(outside.changes).toEqual([])

    // The control: once the table is published, the same subscription shape does deliver.
    await pool.query(`alter publication supabase_realtime add table public.${privateTable}`)
    const published = await follow(a.client, [
      { event: '*', schema: 'public', table: privateTable },
    ])
    await waitFor(() => published.system[0], 'the system message')
    expect(published.system[0]?.status).toBe('ok')
    const second = ulid()
    await pool.query(
      `insert into public.${privateTable} (id, user_id, note) values ($1, $2, 'seen')`,
      [second, a.user.id],
    )
    const change = await waitFor(() => published.changes[0]?.change, 'the published change')
    expect(change.new).toMatchObject({ id: second, note: 'seen' })
    for (const feed of [marked, outside, published]) await a.client.removeChannel(feed.channel)
  })

  it('keeps a channel alive and delivering across a token refresh', async () => {
    const golfer = await newGolfer('rt-refresh')
    const feed = await follow(golfer.client, [
      { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${golfer.user.id}` },
    ])
    await waitFor(() => feed.system.length === 1 || undefined, 'the first system message')
    const before = golfer.session.access_token
    // A token minted in the same second as the first would be identical, and never sent.
    const issuedAt = (JSON.parse(atob(before.split('.')[1] ?? '')) as { iat: number }).iat
    await waitFor(() => Date.now() / 1000 >= issuedAt + 1 || undefined, 'the next second')

    const { data, error } = await golfer.client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.access_token).not.toBe(before)
    // realtime-js pushes the new token; Realtime renews the subscription's claims and says so.
    await waitFor(() => feed.system.length === 2 || undefined, 'the renewed subscription')
    expect(feed.system[1]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' })

    const row = course({ name: 'After refresh' })
    await succeed(golfer.client.from('courses').insert(row))
    await nextChange(feed, 'INSERT', row.id)
    expect(feed.statuses).toEqual(['SUBSCRIBED'])
    await golfer.client.removeChannel(feed.channel)
  })

  it('closes a channel whose new token is invalid, with a system error', async () => {
    const golfer = await newGolfer('rt-bad-token')
    const feed = await follow(golfer.client, [
      { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${golfer.user.id}` },
    ])
    const expired = await new SignJWT({ role: 'authenticated', sub: golfer.user.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 30)
      .sign(new TextEncoder().encode(stack.jwtSecret))
    await golfer.client.realtime.setAuth(expired)
    await waitFor(() => feed.statuses.includes('CLOSED') || undefined, 'the channel to close')
    expect(feed.system.at(-1)).toMatchObject({ extension: 'system', status: 'error' })
    expect(feed.system.at(-1)?.message).toMatch(/^Token has expired \d+ seconds ago$/)
  })
})

/** A raw Phoenix v2 socket, for what supabase-js does not expose. */
async function rawSocket(apikey = stack.publishableKey) {
  const socket = new WebSocket(
    `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`,
  )
  const frames: unknown[][] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as unknown[]))
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return {
    frames,
    send: (frame: unknown) =>
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (match: (frame: unknown[]) => boolean, what: string) =>
      waitFor(() => frames.find(match), what),
    close: () => socket.close(),
  }
}

/** How the server answers an upgrade it refuses. */
function refusal(query: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?${query}`,
    )
    socket.on('open', () => {
      socket.close()
      reject(new Error('the upgrade was accepted'))
    })
    socket.on('error', () => undefined)
    socket.on('unexpected-response', (_request, response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += String(chunk)))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
      )
    })
  })
}

describe('the Phoenix protocol on the wire', () => {
  it('refuses an upgrade without a valid key, as Realtime does', async () => {
    expect(await refusal('vsn=2.0.0')).toEqual({
      status: 401,
      body: { error: 'API key is missing' },
    })
    expect(await refusal('apikey=not-a-key&vsn=2.0.0')).toEqual({
      status: 401,
      body: { error: 'The token provided is not a valid JWT' },
    })
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-0000'))
    expect(await refusal(`apikey=${forged}&vsn=2.0.0`)).toEqual({
      status: 401,
      body: { error: 'Failed to validate JWT signature' },
    })
  })

  it('accepts the publishable key, the legacy anon key and the secret key', async () => {
    for (const key of [stack.publishableKey, stack.anonKey, stack.secretKey]) {
      const socket = await rawSocket(key)
      socket.send([null, 'hb', 'phoenix', 'heartbeat', {}])
      await socket.next((f) => f[1] === 'hb', 'the heartbeat reply')
      socket.close()
    }
  })

  it('answers heartbeats, joins, unknown topics and leaves, and shrugs off garbage', async () => {
    const socket = await rawSocket()
    const topic = `realtime:proto-${run}`
    const bindings = [
      { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${a.user.id}` },
      { event: 'INSERT', schema: 'public', table: 'courses' },
    ]
    socket.send('not json at all')
    socket.send({ an: 'object' })
    socket.send([null, 'x', 'phoenix'])
    socket.send([null, '1', 'phoenix', 'heartbeat', {}])
    socket.send([null, '2', 'realtime:nobody-joined-this', 'access_token', { access_token: 'x' }])
    socket.send(['3', '3', 'not-realtime', 'phx_join', {}])
    socket.send([
      '4',
      '4',
      topic,
      'phx_join',
      {
        config: {
          broadcast: { ack: false, self: false },
          presence: { key: '', enabled: false },
          postgres_changes: bindings,
          private: false,
        },
        access_token: a.session.access_token,
      },
    ])

    await socket.next((f) => f[1] === '1', 'the heartbeat reply')
    expect(socket.frames).toContainEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ])
    const unmatched = { status: 'error', response: { reason: 'unmatched topic' } }
    expect(await socket.next((f) => f[1] === '2', 'reply 2')).toEqual([
      null,
      '2',
      'realtime:nobody-joined-this',
      'phx_reply',
      unmatched,
    ])
    expect(await socket.next((f) => f[1] === '3', 'reply 3')).toEqual([
      null,
      '3',
      'not-realtime',
      'phx_reply',
      unmatched,
    ])

    const joined = await socket.next((f) => f[1] === '4', 'the join reply')
    const reply = joined[4] as { status: string; response: { postgres_changes: { id: number }[] } }
    expect(joined.slice(0, 4)).toEqual(['4', '4', topic, 'phx_reply'])
    expect(reply.status).toBe('ok')
    expect(reply.response.postgres_changes).toEqual(
      bindings.map((binding) => ({ ...binding, id: expect.any(Number) })),
    )
    const ids = reply.response.postgres_changes.map((binding) => binding.id)
    expect(ids.every(Number.isInteger)).toBe(true)
    expect(new Set(ids).size).toBe(2)
    expect(await socket.next((f) => f[3] === 'system', 'the system message')).toEqual([
      '4',
      null,
      topic,
      'system',
      {
        channel: `proto-${run}`,
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      },
    ])

    const row = course({ name: 'Wire Course' })
    await succeed(a.client.from('courses').insert(row))
    const change = await socket.next((f) => f[3] === 'postgres_changes', 'the change frame')
    expect(change.slice(0, 3)).toEqual([null, null, topic])
    const { data, ids: delivered } = change[4] as { data: Record<string, unknown>; ids: number[] }
    expect([...delivered].sort()).toEqual([...ids].sort())
    expect(data).toEqual({
      schema: 'public',
      table: 'courses',
      type: 'INSERT',
      commit_timestamp: expect.stringMatching(ISO_COMMIT_TIME),
      errors: null,
      columns: [
        { name: 'id', type: 'text' },
        { name: 'user_id', type: 'uuid' },
        { name: 'name', type: 'text' },
        { name: 'rating', type: 'numeric' },
        { name: 'slope', type: 'int4' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      record: { ...row, user_id: a.user.id, created_at: expect.stringMatching(TIMESTAMPTZ) },
    })

    // A stale join_ref is dropped; an unknown event is answered; sb_ keys and the same token are
    // ignored (a later heartbeat proves nothing came back for them).
    socket.send(['0', '5', topic, 'phx_leave', {}])
    socket.send(['4', '6', topic, 'no_such_event', {}])
    socket.send(['4', '7', topic, 'access_token', { access_token: stack.publishableKey }])
    socket.send(['4', '8', topic, 'access_token', { access_token: a.session.access_token }])
    socket.send([null, '9', 'phoenix', 'heartbeat', {}])
    await socket.next((f) => f[1] === '9', 'heartbeat 9')
    expect(socket.frames.filter((f) => ['5', '7', '8'].includes(String(f[1])))).toEqual([])
    expect(socket.frames.find((f) => f[1] === '6')?.[4]).toMatchObject({ status: 'error' })
    expect(socket.frames.filter((f) => f[3] === 'system')).toHaveLength(1)

    socket.send(['4', '10', topic, 'phx_leave', {}])
    const closed = await socket.next((f) => f[3] === 'phx_close', 'the close')
    const left = socket.frames.find((f) => f[1] === '10')
    expect(left).toEqual(['4', '10', topic, 'phx_reply', { status: 'ok', response: {} }])
    expect(closed).toEqual(['4', '4', topic, 'phx_close', {}])
    expect(socket.frames.indexOf(left ?? [])).toBeLessThan(socket.frames.indexOf(closed))
    socket.close()
  })

  it('refuses subscriptions Realtime would refuse, with its system messages', async () => {
    const socket = await rawSocket()
    const join = (ref: string, binding: Record<string, unknown>) =>
      socket.send([
        ref,
        ref,
        `realtime:refuse-${ref}-${run}`,
        'phx_join',
        { config: { postgres_changes: [binding] }, access_token: a.session.access_token },
      ])
    const systemOf = async (ref: string) => {
      const frame = await socket.next((f) => f[0] === ref && f[3] === 'system', `system ${ref}`)
      return frame[4] as { status: string; message: string }
    }
    join('1', { event: '*', schema: 'public', table: 'courses', filter: 'no_such_column=eq.1' })
    join('2', { event: '*', schema: 'public', table: 'courses', filter: 'user_id=eq.not-a-uuid' })
    join('3', { event: '*', schema: 'auth', table: 'users' })
    join('4', { event: '*', schema: 'public', table: 'courses', filter: 'user_id=like.x' })
    expect(await systemOf('1')).toEqual({
      channel: `refuse-1-${run}`,
      extension: 'postgres_changes',
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: public, table: courses, filters: [{"no_such_column", "eq", "1"}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter no_such_column',
    })
    expect((await systemOf('2')).message).toMatch(
      /Exception: ERROR 22P02 \(invalid_text_representation\) invalid input syntax for type uuid: "not-a-uuid"$/,
    )
    expect((await systemOf('3')).message).toBe(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: auth, table: users, filters: [], select: nil]',
    )
    expect((await systemOf('4')).message).toBe('Error parsing `filter` params: ["like", "x"]')
    // Each join itself succeeded: Realtime replies ok and reports the subscription separately.
    for (const ref of ['1', '2', '3', '4']) {
      expect(socket.frames.find((f) => f[1] === ref)?.[4]).toMatchObject({ status: 'ok' })
    }
    socket.close()
  })

  it(
    "refuses a join with an expired token after Realtime's back-off",
    { timeout: 20_000 },
    async () => {
      const socket = await rawSocket()
      const expired = await new SignJWT({ role: 'authenticated', sub: a.user.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
        .sign(new TextEncoder().encode(stack.jwtSecret))
      socket.send(['1', '1', 'realtime:late', 'phx_join', { config: {}, access_token: expired }])
      const reply = await socket.next((f) => f[1] === '1', 'the join reply')
      expect(reply[4]).toEqual({
        status: 'error',
        response: {
          reason: expect.stringMatching(/^InvalidJWTToken: Token has expired \d+ seconds ago$/),
        },
      })
      socket.close()
    },
  )
})

describe('a stack restart', () => {
  let root: string | undefined
  let second: Stack | undefined

  afterAll(async () => {
    await second?.stop()
    if (root) await rm(root, { recursive: true, force: true })
  })

  it('is followed by the client reconnecting and fresh events', { timeout: 180_000 }, async () => {
    root = await mkdtemp(path.join(tmpdir(), 'hcpfast-rt-restart-'))
    await chmod(root, 0o755)
    const options = {
      projectDir: PROJECT_ROOT,
      apiPort: await freePort(),
      dbPort: await freePort(),
      dataDir: path.join(root, 'db'),
      fsync: false,
      seed: false,
    }
    second = await startStack(options)
    const client = createClient<Database>(second.apiUrl, second.keys.publishable, {
      auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true },
      realtime: { transport: WebSocket as never },
    })
    const { data, error } = await client.auth.signUp({
      email: `rt-restart-${run}@example.test`,
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    const userId = data.user?.id ?? ''
    const feed = await follow(client, [
      { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${userId}` },
    ])
    const before = course({ name: 'Before restart' })
    await succeed(client.from('courses').insert(before))
    await nextChange(feed, 'INSERT', before.id)

    await second.stop()
    await waitFor(() => !client.realtime.isConnected() || undefined, 'the client to notice')
    second = await startStack(options)

    // realtime-js reconnects with back-off (1 s, 2 s, 5 s, 10 s) and rejoins the channel.
    await waitFor(
      () => feed.statuses.filter((status) => status === 'SUBSCRIBED').length >= 2 || undefined,
      'the channel to rejoin',
      60_000,
    )
    const after = course({ name: 'After restart' })
    await succeed(client.from('courses').insert(after))
    const change = await nextChange(feed, 'INSERT', after.id)
    expect(change.new).toMatchObject({ name: 'After restart', user_id: userId })
    await client.removeChannel(feed.channel)
  })
})
