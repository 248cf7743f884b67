import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  follow,
  joinFrame,
  nextChange,
  note,
  rawSocket,
  rowId,
  type Binding,
  type Feed,
  type Frame,
} from '../realtime-support.ts'
import { adminPool, newUser, stackInfo } from '../support.ts'

/**
 * What one hostile client may do to Realtime, and what it may not do to anyone else: the limits
 * Supabase Realtime has (100 channels per client, 100 joins per second, 5,000,000-byte frames),
 * a bound on filters, isolation of one subscriber's failing filters, and a refused token renewal
 * that ends the subscriptions it was meant to keep. Each attack is followed by a victim's own
 * change arriving live.
 */

const stack = stackInfo()
const pool = adminPool()
type User = Awaited<ReturnType<typeof newUser>>

let attacker: User
let victim: User
let victimFeed: Feed

beforeAll(async () => {
  ;[attacker, victim] = await Promise.all([newUser('rt-attacker'), newUser('rt-victim')])
  victimFeed = await follow(victim.client, [
    { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${victim.user.id}` },
  ])
  // SUBSCRIBED is the join reply; the database subscription is confirmed by this message (and a
  // join that raced the client's first token is re-made when the token arrives).
  await victimFeed.watch.until(
    () => victimFeed.system.some((m) => m.extension === 'postgres_changes' && m.status === 'ok'),
    "the victim's subscription",
  )
})

afterAll(async () => {
  await victim.client.removeChannel(victimFeed.channel)
  await pool.end()
})

/** The victim writes a note and sees it arrive on their channel within a few seconds. */
async function victimStillServed(label: string) {
  const row = note({ title: `Victim after ${label}` })
  const { error } = await victim.client.from('notes').insert(row)
  expect(error).toBeNull()
  await nextChange(victimFeed, 'INSERT', row.id, 10_000).catch((failure: unknown) => {
    const seen = JSON.stringify({ statuses: victimFeed.statuses, system: victimFeed.system })
    throw new Error(`${(failure as Error).message}; the victim's channel saw ${seen}`)
  })
}

const notesOf = (user: User, filter = `user_id=eq.${user.user.id}`): Binding => ({
  event: '*',
  schema: 'public',
  table: 'notes',
  filter,
})

const replyTo = (ref: string) => (frame: Frame) => frame[1] === ref && frame[3] === 'phx_reply'
const systemOf = (topic: string) => (frame: Frame) =>
  frame[2] === `realtime:${topic}` && frame[3] === 'system'

describe('Realtime limits', () => {
  it('refuses a binding with more than 100 filters and a channel with more than 100 bindings', async () => {
    const socket = await rawSocket()
    const token = attacker.session.access_token
    const many = Array.from({ length: 33_000 }, (_, i) => `priority=neq.${i % 10}`).join(',')
    socket.send(joinFrame('1', 'filters', [notesOf(attacker, many)], token))
    const bindings = Array.from({ length: 101 }, (_, i) =>
      notesOf(attacker, `user_id=eq.${attacker.user.id},priority=neq.${i % 10}`),
    )
    socket.send(joinFrame('2', 'bindings', bindings, token))

    const filters = await socket.next(systemOf('filters'), 'the filters system message', 10_000)
    expect(filters[4]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect((filters[4] as { message: string }).message).toMatch(
      /Exception: ERROR P0001 \(raise_exception\) too many filters\. Maximum 100$/,
    )
    const tooMany = await socket.next(systemOf('bindings'), 'the bindings system message')
    expect(tooMany[4]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect((tooMany[4] as { message: string }).message).toMatch(/maximum 100 per channel$/)

    // Nothing of either was subscribed: the attacker's own note reaches neither channel.
    const own = note({ title: 'Attacker note' })
    expect((await attacker.client.from('notes').insert(own)).error).toBeNull()
    await victimStillServed('the filter flood')
    expect(socket.frames.filter((frame) => frame[3] === 'postgres_changes')).toEqual([])
    socket.close()
  })

  it(
    'refuses the 101st channel of one client with ChannelRateLimitReached',
    { timeout: 30_000 },
    async () => {
      const socket = await rawSocket()
      const token = attacker.session.access_token
      // The first join is refused after Realtime's 5 s back-off; its reply marks the moment the
      // one-second join window of the others has passed, without a timer in the test.
      socket.send([
        'p',
        'p',
        'realtime:private-first',
        'phx_join',
        { config: { private: true }, access_token: token },
      ])
      for (let i = 0; i < 99; i++) socket.send(joinFrame(`c${i}`, `limit-${i}`, [], token))
      await socket.next(replyTo('c98'), 'the 99th join')
      const refusedPrivate = await socket.next(replyTo('p'), 'the private refusal', 10_000)
      expect(refusedPrivate[4]).toMatchObject({ status: 'error' })
      const okJoins = socket.frames.filter(
        (frame) => String(frame[1]).startsWith('c') && frame[3] === 'phx_reply',
      )
      expect(okJoins.map((frame) => (frame[4] as { status: string }).status)).toEqual(
        Array(99).fill('ok'),
      )

      socket.send(joinFrame('c99', 'limit-99', [], token))
      expect((await socket.next(replyTo('c99'), 'the 100th join'))[4]).toMatchObject({
        status: 'ok',
      })
      socket.send(joinFrame('c100', 'limit-100', [], token))
      const refused = await socket.next(replyTo('c100'), 'the 101st join', 10_000)
      expect(refused).toEqual([
        'c100',
        'c100',
        'realtime:limit-100',
        'phx_reply',
        { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } },
      ])
      await victimStillServed('the channel flood')
      socket.close()
    },
  )

  it('refuses joins beyond 100 per second and disconnects the client', async () => {
    const socket = await rawSocket()
    const token = attacker.session.access_token
    for (let i = 0; i < 101; i++) socket.send(joinFrame(`j${i}`, `burst-${i}`, [], token))
    const refused = await socket.next(replyTo('j100'), 'the 101st join')
    expect(refused[4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    })
    expect((await socket.closed).code).toBe(1000)
    await victimStillServed('the join burst')
  })

  it('closes a socket that sends a frame over 5,000,000 bytes', async () => {
    const socket = await rawSocket()
    const token = attacker.session.access_token
    socket.send(joinFrame('1', 'huge', [notesOf(attacker)], `${token}${' '.repeat(5_000_001)}`))
    expect((await socket.closed).code).toBe(1009)
    await victimStillServed('the huge frame')
  })
})

describe('isolation of one subscriber from another', () => {
  it('a filter that fails to evaluate costs its own subscriber only, and never the stack', async () => {
    const socket = await rawSocket()
    // Valid while label is text; once the column is an integer, 'zzz' no longer casts.
    socket.send(
      joinFrame(
        '1',
        'breaks-later',
        [{ event: '*', schema: 'public', table: 'readings', filter: 'label=lt.zzz' }],
        attacker.session.access_token,
      ),
    )
    await socket.next(systemOf('breaks-later'), 'the system message')
    const victimReadings = await follow(victim.client, [
      {
        event: 'INSERT',
        schema: 'public',
        table: 'readings',
        filter: `user_id=eq.${victim.user.id}`,
      },
    ])
    await pool.query(
      'alter table public.readings alter column label type integer using length(label)',
    )

    // A burst: one statement of twenty rows, so later changes are evaluated while earlier ones
    // are still going out.
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), label: i }))
    await pool.query(
      `insert into public.readings (id, user_id, label)
       select id, $2, label from json_to_recordset($1::json) as r(id uuid, label int)`,
      [JSON.stringify(rows), victim.user.id],
    )
    for (const row of rows) {
      await victimReadings.watch.until(
        () => victimReadings.changes.find(({ change }) => rowId(change) === row.id),
        `reading ${row.id}`,
      )
    }
    await victimStillServed('a failing filter')
    expect(socket.frames.filter((frame) => frame[3] === 'postgres_changes')).toEqual([])
    await victim.client.removeChannel(victimReadings.channel)
    socket.close()
  })

  it('a refused access_token renewal ends the subscriptions of the old token', async () => {
    const socket = await rawSocket()
    const token = attacker.session.access_token
    socket.send(joinFrame('1', 'swapped', [notesOf(attacker)], token))
    socket.send(joinFrame('2', 'control', [notesOf(attacker)], token))
    await socket.next((f) => systemOf('swapped')(f), 'the first subscription')
    await socket.next((f) => systemOf('control')(f), 'the control subscription')

    // The legacy anon key is a valid token, but anon may not filter on notes.user_id.
    socket.send(['1', '3', 'realtime:swapped', 'access_token', { access_token: stack.anonKey }])
    const refused = await socket.next(
      (f) => systemOf('swapped')(f) && (f[4] as { status: string }).status === 'error',
      'the refused renewal',
    )
    expect(refused[4]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect((refused[4] as { message: string }).message).toMatch(
      /invalid column for filter user_id$/,
    )

    const row = note({ title: 'After the swap' })
    expect((await attacker.client.from('notes').insert(row)).error).toBeNull()
    // The control channel (same socket, same old token) proves the change was dispatched.
    await socket.next(
      (f) =>
        f[2] === 'realtime:control' &&
        f[3] === 'postgres_changes' &&
        (f[4] as { data: { record: { id: string } } }).data.record.id === row.id,
      'the change on the control channel',
    )
    expect(
      socket.frames.filter((f) => f[2] === 'realtime:swapped' && f[3] === 'postgres_changes'),
    ).toEqual([])
    await victimStillServed('the token swap')
    socket.close()
  })
})
