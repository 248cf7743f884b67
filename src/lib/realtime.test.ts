// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { subscribeToOwnTables } from './realtime'
import { REPLAY_LIMIT, REPLAY_MARGIN_MS } from './realtime-replay'
import { supabase } from './supabase'

type StatusCallback = (status: string) => void
type MessageCallback = (message: unknown) => void

interface FakeChannel {
  topic: string
  params: unknown
  bindings: { type: string; filter: unknown }[]
  onBroadcast: MessageCallback
  onSystem: MessageCallback
  onStatus: StatusCallback
}

const channels: FakeChannel[] = []

vi.mock('./supabase', () => ({
  supabase: {
    channel: vi.fn((topic: string, params: unknown) => {
      // The builder is the channel, as in realtime-js: `on` and `subscribe` return it.
      const channel = {
        topic,
        params,
        bindings: [] as FakeChannel['bindings'],
        on: (type: string, filter: unknown, callback: MessageCallback) => {
          channel.bindings.push({ type, filter })
          if (type === 'system') channel.onSystem = callback
          if (type === 'broadcast') channel.onBroadcast = callback
          return channel
        },
        subscribe: (callback: StatusCallback) => {
          channel.onStatus = callback
          channels.push(channel)
          return channel
        },
      } as FakeChannel & Record<'on' | 'subscribe', unknown>
      return channel
    }),
    removeChannel: vi.fn(async () => 'ok'),
    realtime: { setAuth: vi.fn(async () => undefined) },
  },
}))

const USER = '6f1c3f7e-1d2a-4c1b-9e8a-2b5d4f6a7c8d'
const row = { id: '01JC0000000000000000000001', user_id: USER, name: 'Links' }

/** Subscribes, and lets the task that opens the channel run. */
async function follow(tables: ('courses' | 'rounds' | 'handicap_settings')[] = ['courses']) {
  const feed = { onUpsert: vi.fn(), onRemove: vi.fn(), onHealth: vi.fn(), onReplayFull: vi.fn() }
  const stop = subscribeToOwnTables(USER, tables, feed)
  await vi.advanceTimersByTimeAsync(0)
  return { feed, stop }
}
const last = () => channels[channels.length - 1] as FakeChannel

/** What `realtime.broadcast_changes` sends on the golfer's topic for one row. */
const broadcast = (
  channel: FakeChannel,
  table: string,
  operation: 'INSERT' | 'UPDATE' | 'DELETE',
  record: unknown,
  oldRecord: unknown = null,
  meta?: { id: string; replayed: true },
) =>
  channel.onBroadcast({
    type: 'broadcast',
    event: operation,
    payload: { schema: 'public', table, operation, record, old_record: oldRecord },
    ...(meta && { meta }),
  })

/** What Broadcast Replay sends again after a join: the message, marked replayed. */
const replayed = (channel: FakeChannel, record: { id: string }) =>
  broadcast(channel, 'courses', 'INSERT', record, null, { id: record.id, replayed: true })

const NOW = new Date('2026-11-29T10:00:00Z').getTime()

beforeEach(() => {
  channels.length = 0
  vi.clearAllMocks()
  vi.useFakeTimers({ now: NOW })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('subscribeToOwnTables', () => {
  it("joins the golfer's own private topic, once, for every table, with their token set first", async () => {
    await follow(['courses', 'rounds'])
    expect(channels).toHaveLength(1)
    expect(last().topic).toBe(`golfer:${USER}`)
    expect(last().params).toEqual({
      config: {
        private: true,
        broadcast: { replay: { since: NOW - REPLAY_MARGIN_MS, limit: REPLAY_LIMIT } },
      },
    })
    expect(last().bindings.filter((binding) => binding.type !== 'system')).toEqual([
      { type: 'broadcast', filter: { event: '*' } },
    ])
    expect(supabase.realtime.setAuth).toHaveBeenCalledOnce()
  })

  it('upserts inserted and updated rows and removes deleted ones by id', async () => {
    const { feed } = await follow()
    broadcast(last(), 'courses', 'INSERT', row)
    broadcast(last(), 'courses', 'UPDATE', { ...row, name: 'Old Links' }, row)
    broadcast(last(), 'courses', 'DELETE', null, { ...row, name: 'Old Links' })
    expect(feed.onUpsert.mock.calls).toEqual([
      ['courses', row],
      ['courses', { ...row, name: 'Old Links' }],
    ])
    expect(feed.onRemove.mock.calls).toEqual([['courses', row.id]])
  })

  it('removes the handicap settings by their golfer, the key of that table', async () => {
    const { feed } = await follow(['handicap_settings'])
    broadcast(last(), 'handicap_settings', 'DELETE', null, {
      user_id: USER,
      course_handicap_source: 'whs',
    })
    expect(feed.onRemove.mock.calls).toEqual([['handicap_settings', USER]])
  })

  it('ignores the changes of tables it does not follow', async () => {
    const { feed } = await follow(['courses'])
    broadcast(last(), 'rounds', 'INSERT', { ...row, score: 80 })
    broadcast(last(), 'rounds', 'DELETE', null, row)
    expect(feed.onUpsert).not.toHaveBeenCalled()
    expect(feed.onRemove).not.toHaveBeenCalled()
  })

  it("tells of an attestation of the golfer's place on a shared card, and stores no row of it", async () => {
    const { feed } = await follow(['courses', 'rounds'])
    const onAttested = vi.fn()
    Object.assign(feed, { onAttested })
    broadcast(last(), 'card_players', 'UPDATE', { card_id: 'c', round_id: row.id })
    expect(onAttested).toHaveBeenCalledOnce()
    expect(feed.onUpsert).not.toHaveBeenCalled()
  })

  it('reports live on every join and interrupted on errors and timeouts', async () => {
    const { feed } = await follow()
    for (const status of ['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED', 'TIMED_OUT']) {
      last().onStatus(status)
    }
    expect(feed.onHealth.mock.calls.map(([health]) => health)).toEqual([
      'live',
      'interrupted',
      'live',
      'interrupted',
    ])
    expect(channels).toHaveLength(1)
  })

  it("reports interrupted when the channel's feed is lost, and live (reload) once it is back", async () => {
    const { feed } = await follow()
    last().onStatus('SUBSCRIBED')
    last().onSystem({ extension: 'postgres_changes', status: 'error', message: 'feed lost' })
    last().onSystem({ extension: 'system', status: 'ok', message: 'unrelated' })
    last().onSystem({ extension: 'postgres_changes', status: 'ok', message: 'back' })
    expect(feed.onHealth.mock.calls.map(([health]) => health)).toEqual([
      'live',
      'interrupted',
      'live',
    ])
    expect(channels).toHaveLength(1)
  })

  it('opens the topic again, after a pause and once the old channel has left, when the server closed it', async () => {
    const { feed } = await follow()
    const first = last()
    first.onStatus('CLOSED')
    expect(feed.onHealth).toHaveBeenLastCalledWith('interrupted')
    expect(supabase.removeChannel).toHaveBeenCalledWith(first)
    await vi.advanceTimersByTimeAsync(1000)
    expect(channels).toHaveLength(2)
    expect(last().topic).toBe(`golfer:${USER}`)
    broadcast(first, 'courses', 'INSERT', row)
    expect(feed.onUpsert).not.toHaveBeenCalled()
    last().onStatus('SUBSCRIBED')
    expect(feed.onHealth).toHaveBeenLastCalledWith('live')
  })

  it('waits for the last channel of the topic to leave before joining it again', async () => {
    let left = (_status: string) => {}
    vi.mocked(supabase.removeChannel).mockImplementationOnce(
      () => new Promise((resolve) => (left = resolve)),
    )
    const { stop } = await follow()
    stop()
    await follow()
    expect(channels).toHaveLength(1)
    left('ok')
    await vi.advanceTimersByTimeAsync(0)
    expect(channels).toHaveLength(2)
  })

  it('opens no channel when unsubscribed before its task runs', async () => {
    const feed = { onUpsert: vi.fn(), onRemove: vi.fn(), onHealth: vi.fn() }
    subscribeToOwnTables(USER, ['courses'], feed)()
    await vi.advanceTimersByTimeAsync(0)
    expect(supabase.channel).not.toHaveBeenCalled()
    expect(channels).toHaveLength(0)
  })

  it('leaves the channel and ignores anything after unsubscribing', async () => {
    const { feed, stop } = await follow()
    const channel = last()
    stop()
    expect(supabase.removeChannel).toHaveBeenCalledWith(channel)
    channel.onStatus('CLOSED')
    broadcast(channel, 'courses', 'INSERT', row)
    expect(feed.onHealth).not.toHaveBeenCalled()
    expect(feed.onUpsert).not.toHaveBeenCalled()
  })

  describe("the first join's replay", () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        ...row,
        id: `01JC${String(i).padStart(22, '0')}`,
      }))

    it('applies what the first join replays, and says so once when the replay was full', async () => {
      const { feed } = await follow()
      last().onStatus('SUBSCRIBED')
      for (const record of rows(REPLAY_LIMIT - 1)) replayed(last(), record)
      expect(feed.onUpsert).toHaveBeenCalledTimes(REPLAY_LIMIT - 1)
      expect(feed.onReplayFull).not.toHaveBeenCalled()
      replayed(last(), row)
      expect(feed.onReplayFull).toHaveBeenCalledOnce()
      broadcast(last(), 'courses', 'UPDATE', row, row)
      expect(feed.onReplayFull).toHaveBeenCalledOnce()
    })

    it('ignores the replay realtime-js asks for again on a rejoin, whose reload covers it', async () => {
      const { feed } = await follow()
      last().onStatus('SUBSCRIBED')
      last().onStatus('CHANNEL_ERROR')
      last().onStatus('SUBSCRIBED')
      for (const record of rows(REPLAY_LIMIT)) replayed(last(), record)
      expect(feed.onUpsert).not.toHaveBeenCalled()
      expect(feed.onReplayFull).not.toHaveBeenCalled()
      broadcast(last(), 'courses', 'INSERT', row)
      expect(feed.onUpsert).toHaveBeenCalledOnce()
    })

    // Refused before it ever joined (a Realtime without replay), or closed after joining.
    it.each([[['CHANNEL_ERROR']], [['SUBSCRIBED', 'CLOSED']]])(
      'is asked for by the first channel only: after %j the next one is plain',
      async (statuses) => {
        const { feed } = await follow()
        const first = last()
        for (const status of statuses) first.onStatus(status)
        expect(feed.onHealth).toHaveBeenLastCalledWith('interrupted')
        expect(supabase.removeChannel).toHaveBeenCalledWith(first)
        await vi.advanceTimersByTimeAsync(1000)
        expect(channels).toHaveLength(2)
        expect(last().params).toEqual({ config: { private: true } })
      },
    )
  })
})
