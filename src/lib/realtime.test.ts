import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { subscribeToOwnTables } from './realtime'
import { supabase } from './supabase'

type StatusCallback = (status: string) => void
type ChangeCallback = (payload: unknown) => void

interface Binding {
  filter: { table: string; event: string }
  callback: ChangeCallback
}

interface FakeChannel {
  topic: string
  bindings: Binding[]
  onSystem: ChangeCallback
  onStatus: StatusCallback
}

const channels: FakeChannel[] = []

vi.mock('./supabase', () => ({
  supabase: {
    channel: vi.fn((topic: string) => {
      // The builder is the channel, as in realtime-js: `on` and `subscribe` return it.
      const channel = {
        topic,
        bindings: [] as Binding[],
        on: (type: string, filter: Binding['filter'], callback: ChangeCallback) => {
          if (type === 'system') channel.onSystem = callback
          else channel.bindings.push({ filter, callback })
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
  },
}))

const USER = '6f1c3f7e-1d2a-4c1b-9e8a-2b5d4f6a7c8d'
const row = { id: '01JC0000000000000000000001', user_id: USER, name: 'Links' }

function follow() {
  const feed = { onUpsert: vi.fn(), onRemove: vi.fn(), onHealth: vi.fn() }
  const stop = subscribeToOwnTables(USER, ['courses', 'rounds'], feed)
  vi.advanceTimersByTime(0)
  return { feed, stop }
}
const last = () => channels[channels.length - 1] as FakeChannel

/** One frame per channel with a matching binding; returns how many frames were sent. */
function serverSends(table: string, payload: unknown, to: readonly FakeChannel[] = channels) {
  let frames = 0
  for (const channel of to) {
    const matching = channel.bindings.filter((binding) => binding.filter.table === table)
    if (matching.length > 0) frames++
    for (const binding of matching) binding.callback(payload)
  }
  return frames
}
const changeOf = (channel: FakeChannel, payload: unknown) =>
  serverSends('courses', payload, [channel])

beforeEach(() => {
  channels.length = 0
  vi.clearAllMocks()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('subscribeToOwnTables', () => {
  it("listens to every change of the golfer's own rows only, of every table on one channel", () => {
    follow()
    expect(channels).toHaveLength(1)
    expect(last().bindings.map((binding) => binding.filter)).toEqual([
      { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${USER}` },
      { event: '*', schema: 'public', table: 'rounds', filter: `user_id=eq.${USER}` },
      { event: 'INSERT', schema: 'public', table: 'deletions', filter: `user_id=eq.${USER}` },
    ])
  })

  it('hears of a delete once: one frame, one removal', () => {
    const { feed } = follow()
    last().onStatus('SUBSCRIBED')
    const id = '01JC0000000000000000000009'
    // The DELETE itself carries only the id, so the user_id filter never lets it through; the
    // golfer's own deletions row does.
    const frames = serverSends('deletions', {
      eventType: 'INSERT',
      new: { user_id: USER, table_name: 'rounds', record_id: id },
      old: {},
    })
    expect(frames).toBe(1)
    expect(feed.onRemove.mock.calls).toEqual([['rounds', id]])
  })

  it('upserts inserted and updated rows and removes deleted ones by id', () => {
    const { feed } = follow()
    changeOf(last(), { eventType: 'INSERT', new: row, old: {} })
    changeOf(last(), {
      eventType: 'UPDATE',
      new: { ...row, name: 'Old Links' },
      old: { id: row.id },
    })
    changeOf(last(), { eventType: 'DELETE', new: {}, old: { id: row.id } })
    expect(feed.onUpsert).toHaveBeenNthCalledWith(1, 'courses', row)
    expect(feed.onUpsert).toHaveBeenNthCalledWith(2, 'courses', { ...row, name: 'Old Links' })
    expect(feed.onRemove).toHaveBeenCalledWith('courses', row.id)
  })

  it('reports live on every join and interrupted on errors and timeouts', () => {
    const { feed } = follow()
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

  it('reports interrupted when the change feed is lost, and live (reload) once it is back', () => {
    const { feed } = follow()
    last().onStatus('SUBSCRIBED')
    const lost = { extension: 'postgres_changes', status: 'error', message: 'feed lost' }
    const back = {
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    }
    last().onSystem(lost)
    last().onSystem({ extension: 'system', status: 'ok', message: 'unrelated' })
    last().onSystem(back)
    expect(feed.onHealth.mock.calls.map(([health]) => health)).toEqual([
      'live',
      'interrupted',
      'live',
    ])
    expect(channels).toHaveLength(1)
  })

  it('opens a new channel, after a pause, when the server closed the old one', () => {
    const { feed } = follow()
    const first = last()
    first.onStatus('CLOSED')
    expect(feed.onHealth).toHaveBeenLastCalledWith('interrupted')
    expect(supabase.removeChannel).toHaveBeenCalledWith(first)
    vi.advanceTimersByTime(1000)
    expect(channels).toHaveLength(2)
    expect(last().topic).not.toBe(first.topic)
    changeOf(first, { eventType: 'INSERT', new: row, old: {} })
    expect(feed.onUpsert).not.toHaveBeenCalled()
    last().onStatus('SUBSCRIBED')
    expect(feed.onHealth).toHaveBeenLastCalledWith('live')
  })

  it('opens no channel when unsubscribed before its task runs', () => {
    const feed = { onUpsert: vi.fn(), onRemove: vi.fn(), onHealth: vi.fn() }
    subscribeToOwnTables(USER, ['courses'], feed)()
    vi.advanceTimersByTime(0)
    expect(supabase.channel).not.toHaveBeenCalled()
    expect(channels).toHaveLength(0)
  })

  it('leaves the channel and ignores anything after unsubscribing', () => {
    const { feed, stop } = follow()
    const channel = last()
    stop()
    expect(supabase.removeChannel).toHaveBeenCalledWith(channel)
    channel.onStatus('CLOSED')
    changeOf(channel, { eventType: 'INSERT', new: row, old: {} })
    expect(feed.onHealth).not.toHaveBeenCalled()
    expect(feed.onUpsert).not.toHaveBeenCalled()
  })
})
