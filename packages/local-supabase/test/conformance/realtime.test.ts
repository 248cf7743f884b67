import { randomUUID } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { restartablePort, startStack, type Stack } from '../../src/index.ts'
import { changesOf, follow, nextChange, note, rawSocket, rowId } from '../realtime-support.ts'
import { adminPool, FIXTURE_DIR, newClient, newUser, stackInfo } from '../support.ts'

/**
 * Realtime conformance of the stack's /realtime/v1/websocket on the fixture's `notes`: the real
 * supabase-js (and so the real realtime-js and Phoenix client) subscribes to postgres_changes as
 * an app does, and raw websocket frames check what the client hides. Absence is proven with a
 * marker: changes reach a socket in the order of the one WAL stream, so once a later write of the
 * subscriber's own has arrived, an earlier change that was going to arrive would have.
 */

const stack = stackInfo()
const pool = adminPool()
const run = `${process.pid}_${Date.now()}`
const privateTable = `rt_private_${run}`
type User = Awaited<ReturnType<typeof newUser>>

let a: User
let b: User

beforeAll(async () => {
  ;[a, b] = await Promise.all([newUser('rt-a'), newUser('rt-b')])
})

afterAll(async () => {
  await pool.query(`drop table if exists public.${privateTable}`)
  await pool.end()
})

/** The same claims, signed by the project secret with `iat` moved by the given seconds. */
async function signedToken(token: string, shift: { iat: number }): Promise<string> {
  const claims = decodeJwt(token)
  return new SignJWT({ ...claims, iat: (claims.iat ?? 0) + shift.iat })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.jwtSecret))
}

async function succeed(request: PromiseLike<{ error: unknown }>) {
  const { error } = await request
  expect(error).toBeNull()
}

const ISO_COMMIT_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const TIMESTAMPTZ = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/

describe('postgres_changes through supabase-js', () => {
  it("delivers a user's own INSERT, UPDATE and DELETE, and never another user's row", async () => {
    const own = await follow(a.client, [
      { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${a.user.id}` },
    ])
    const unfiltered = await follow(a.client, [{ event: '*', schema: 'public', table: 'notes' }])

    const mine = note({ title: 'Home Course' })
    await succeed(a.client.from('notes').insert(mine))
    const inserted = await nextChange(own, 'INSERT', mine.id)
    expect(inserted).toMatchObject({ schema: 'public', table: 'notes', errors: null, old: {} })
    expect(inserted.commit_timestamp).toMatch(ISO_COMMIT_TIME)
    expect(inserted.new).toEqual({
      ...mine,
      user_id: a.user.id,
      created_at: expect.stringMatching(TIMESTAMPTZ),
    })

    await succeed(a.client.from('notes').update({ title: 'Renamed Note' }).eq('id', mine.id))
    const updated = await nextChange(own, 'UPDATE', mine.id)
    expect(updated.new).toMatchObject({ id: mine.id, title: 'Renamed Note', priority: 3 })
    // notes has REPLICA IDENTITY FULL, so the old row travels whole on UPDATE.
    expect(updated.old).toMatchObject({ id: mine.id, title: 'Home Course', user_id: a.user.id })

    const theirs = note({ title: "B's Secret Course" })
    await succeed(b.client.from('notes').insert(theirs))
    await succeed(b.client.from('notes').update({ title: 'Still Secret' }).eq('id', theirs.id))
    await succeed(b.client.from('notes').delete().eq('id', theirs.id))
    const marker = note({ title: 'Marker' })
    await succeed(a.client.from('notes').insert(marker))
    await nextChange(own, 'INSERT', marker.id)
    await nextChange(unfiltered, 'INSERT', marker.id)

    expect(changesOf(own, theirs.id)).toEqual([])
    // Without a filter, RLS still hides B's INSERT and UPDATE from A. Realtime never checks a
    // DELETE against RLS, so it reaches every subscriber without a filter, carrying only the key.
    expect(
      changesOf(unfiltered, theirs.id).map(({ change }) => [change.eventType, change.old]),
    ).toEqual([['DELETE', { id: theirs.id }]])

    await succeed(a.client.from('notes').delete().eq('id', mine.id))
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
      note({ priority: 1 }),
      note({ priority: 9 }),
      note({ priority: 4 }),
      note({ priority: 5 }),
      note({ priority: 5 }),
    ]
    const mineOnly = `user_id=eq.${a.user.id}`
    const feed = await follow(a.client, [
      { event: 'INSERT', schema: 'public', table: 'notes', filter: `${mineOnly},priority=gt.8` },
      { event: 'INSERT', schema: 'public', table: 'notes', filter: `${mineOnly},priority=lte.1` },
      // integer equality, not text: 04 equals 4
      {
        event: 'INSERT',
        schema: 'public',
        table: 'notes',
        filter: `${mineOnly},priority=eq.04`,
      },
      {
        event: 'INSERT',
        schema: 'public',
        table: 'notes',
        filter: `id=in.(${listed.id},${randomUUID()})`,
      },
      {
        event: 'INSERT',
        schema: 'public',
        table: 'notes',
        filter: `${mineOnly},priority=gte.2,priority=lt.4,title=neq.A note`,
      },
      { event: 'INSERT', schema: 'public', table: 'notes', filter: `id=eq.${marker.id}` },
    ])
    for (const row of [low, high, exact, listed, marker]) {
      await succeed(a.client.from('notes').insert(row))
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
    const feed = await follow(visitor, [{ event: 'INSERT', schema: 'public', table: 'notes' }])
    const row = note()
    await succeed(a.client.from('notes').insert(row))
    // anon may not SELECT notes' primary key, so Realtime sends its 401 in place of the row.
    const change = await feed.watch.until(() => feed.changes[0]?.change, 'the error event')
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
      { event: 'INSERT', schema: 'public', table: 'notes', filter: `user_id=eq.${a.user.id}` },
    ])
    const outside = await follow(a.client, [{ event: '*', schema: 'public', table: privateTable }])
    await outside.watch.until(() => outside.system[0], 'the system message')
    expect(outside.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect(outside.system[0]?.message).toMatch(
      /^Unable to subscribe to changes with given parameters\./,
    )

    const hidden = randomUUID()
    await pool.query(
      `insert into public.${privateTable} (id, user_id, note) values ($1, $2, 'hidden')`,
      [hidden, a.user.id],
    )
    const marker = note({ title: 'Publication marker' })
    await succeed(a.client.from('notes').insert(marker))
    await nextChange(marked, 'INSERT', marker.id)
    expect(outside.changes).toEqual([])

    // The control: once the table is published, the same subscription shape does deliver.
    await pool.query(`alter publication supabase_realtime add table public.${privateTable}`)
    const published = await follow(a.client, [
      { event: '*', schema: 'public', table: privateTable },
    ])
    await published.watch.until(() => published.system[0], 'the system message')
    expect(published.system[0]?.status).toBe('ok')
    const second = randomUUID()
    await pool.query(
      `insert into public.${privateTable} (id, user_id, note) values ($1, $2, 'seen')`,
      [second, a.user.id],
    )
    const change = await published.watch.until(
      () => published.changes[0]?.change,
      'the published change',
    )
    expect(change.new).toMatchObject({ id: second, note: 'seen' })
    for (const feed of [marked, outside, published]) await a.client.removeChannel(feed.channel)
  })

  it('keeps a channel alive and delivering across a token refresh', async () => {
    const user = await newUser('rt-refresh')
    // The session starts with a token of an earlier second, so that the refreshed one always
    // differs (supabase-js and realtime-js push a token only when it changed).
    const earlier = await signedToken(user.session.access_token, { iat: -60 })
    const { error: setError } = await user.client.auth.setSession({
      access_token: earlier,
      refresh_token: user.session.refresh_token,
    })
    expect(setError).toBeNull()
    user.session.access_token = earlier
    const feed = await follow(user.client, [
      { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${user.user.id}` },
    ])
    await feed.watch.until(() => feed.system.length === 1, 'the first system message')
    const before = user.session.access_token
    const { data, error } = await user.client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.access_token).not.toBe(before)
    // realtime-js pushes the new token; Realtime renews the subscription's claims and says so.
    await feed.watch.until(() => feed.system.length === 2, 'the renewed subscription')
    expect(feed.system[1]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' })

    const row = note({ title: 'After refresh' })
    await succeed(user.client.from('notes').insert(row))
    await nextChange(feed, 'INSERT', row.id)
    expect(feed.statuses).toEqual(['SUBSCRIBED'])
    await user.client.removeChannel(feed.channel)
  })

  it('closes a channel whose new token is invalid, with a system error', async () => {
    const user = await newUser('rt-bad-token')
    const feed = await follow(user.client, [
      { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${user.user.id}` },
    ])
    const expired = await new SignJWT({ role: 'authenticated', sub: user.user.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 30)
      .sign(new TextEncoder().encode(stack.jwtSecret))
    await user.client.realtime.setAuth(expired)
    await feed.watch.until(() => feed.statuses.includes('CLOSED'), 'the channel to close')
    expect(feed.system.at(-1)).toMatchObject({ extension: 'system', status: 'error' })
    expect(feed.system.at(-1)?.message).toMatch(/^Token has expired \d+ seconds ago$/)
  })
})

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
      { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${a.user.id}` },
      { event: 'INSERT', schema: 'public', table: 'notes' },
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

    const row = note({ title: 'Wire Course' })
    await succeed(a.client.from('notes').insert(row))
    const change = await socket.next((f) => f[3] === 'postgres_changes', 'the change frame')
    expect(change.slice(0, 3)).toEqual([null, null, topic])
    const { data, ids: delivered } = change[4] as { data: Record<string, unknown>; ids: number[] }
    expect([...delivered].sort()).toEqual([...ids].sort())
    expect(data).toEqual({
      schema: 'public',
      table: 'notes',
      type: 'INSERT',
      commit_timestamp: expect.stringMatching(ISO_COMMIT_TIME),
      errors: null,
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'user_id', type: 'uuid' },
        { name: 'title', type: 'text' },
        { name: 'body', type: 'text' },
        { name: 'priority', type: 'int4' },
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
    // The unknown event's reply may come after the heartbeat's: wait for it rather than assume.
    expect((await socket.next((f) => f[1] === '6', 'reply 6'))[4]).toMatchObject({
      status: 'error',
    })
    await socket.next((f) => f[1] === '9', 'heartbeat 9')
    expect(socket.frames.filter((f) => ['5', '7', '8'].includes(String(f[1])))).toEqual([])
    expect(socket.frames.filter((f) => f[3] === 'system')).toHaveLength(1)

    socket.send(['4', '10', topic, 'phx_leave', {}])
    const closed = await socket.next((f) => f[3] === 'phx_close', 'the close')
    const left = socket.frames.find((f) => f[1] === '10')
    expect(left).toEqual(['4', '10', topic, 'phx_reply', { status: 'ok', response: {} }])
    expect(closed).toEqual(['4', '4', topic, 'phx_close', {}])
    expect(socket.frames.findIndex((frame) => frame === left)).toBeLessThan(
      socket.frames.indexOf(closed),
    )
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
    join('1', { event: '*', schema: 'public', table: 'notes', filter: 'no_such_column=eq.1' })
    join('2', { event: '*', schema: 'public', table: 'notes', filter: 'user_id=eq.not-a-uuid' })
    join('3', { event: '*', schema: 'auth', table: 'users' })
    join('4', { event: '*', schema: 'public', table: 'notes', filter: 'user_id=foo.x' })
    expect(await systemOf('1')).toEqual({
      channel: `refuse-1-${run}`,
      extension: 'postgres_changes',
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: public, table: notes, filters: [{"no_such_column", "eq", "1", false}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter no_such_column',
    })
    expect((await systemOf('2')).message).toMatch(
      /Exception: ERROR 22P02 \(invalid_text_representation\) invalid input syntax for type uuid: "not-a-uuid"$/,
    )
    expect((await systemOf('3')).message).toBe(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: auth, table: users, filters: [], select: nil]',
    )
    expect((await systemOf('4')).message).toBe('Error parsing `filter` params: ["foo", "x"]')
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
    root = await mkdtemp(path.join(tmpdir(), 'local-supabase-rt-restart-'))
    await chmod(root, 0o755)
    const options = {
      projectDir: FIXTURE_DIR,
      apiPort: await restartablePort(),
      dbPort: await restartablePort(),
      inboxPort: await restartablePort(),
      dataDir: path.join(root, 'db'),
      fsync: false,
      seed: false,
    }
    second = await startStack(options)
    const client = newClient(second.keys.publishable, second.apiUrl)
    const { data, error } = await client.auth.signUp({
      email: `rt-restart-${run}@example.test`,
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    const userId = data.user?.id ?? ''
    const feed = await follow(client, [
      { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${userId}` },
    ])
    const before = note({ title: 'Before restart' })
    await succeed(client.from('notes').insert(before))
    await nextChange(feed, 'INSERT', before.id)

    await second.stop()
    await feed.watch.until(
      () => feed.statuses.slice(1).some((status) => status !== 'SUBSCRIBED'),
      'the client to notice',
    )
    second = await startStack(options)

    // realtime-js reconnects with back-off (1 s, 2 s, 5 s, 10 s) and rejoins the channel.
    await feed.watch.until(
      () => feed.statuses.filter((status) => status === 'SUBSCRIBED').length >= 2,
      'the channel to rejoin',
      60_000,
    )
    const after = note({ title: 'After restart' })
    await succeed(client.from('notes').insert(after))
    const change = await nextChange(feed, 'INSERT', after.id)
    expect(change.new).toMatchObject({ title: 'After restart', user_id: userId })
    await client.removeChannel(feed.channel)
  })
})
