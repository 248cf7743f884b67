import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { subscribeToOwnRows } from './realtime'
import { supabase } from './supabase'

type StatusCallback = (status: string) => void
type ChangeCallback = (payload: unknown) => void

interface FakeChannel {
  topic: string
  filter: unknown
  onChange: ChangeCallback
  onSystem: ChangeCallback
  onStatus: StatusCallback
}

const channels: FakeChannel[] = []

vi.mock('./supabase', () => ({
  supabase: {
    channel: vi.fn((topic: string) => {
      const channel = { topic } as FakeChannel
      const builder = {
        on: (type: string, filter: unknown, callback: ChangeCallback) => {
          if (type === 'system') {
            channel.onSystem = callback
          } else if (!channel.onChange) {
            // The channel's first binding is the table's own rows.
            channel.filter = filter
            channel.onChange = callback
          }
          return builder
        },
        subscribe: (callback: StatusCallback) => {
          channel.onStatus = callback
          channels.push(channel)
          return channel
        },
      }
      return builder
    }),
    removeChannel: vi.fn(async () => 'ok'),
  },
}))

const USER = '6f1c3f7e-1d2a-4c1b-9e8a-2b5d4f6a7c8d'
const row = { id: '01JC0000000000000000000001', user_id: USER, name: 'Links' }

/** Subscribes, and lets the task that opens the channel run. */
function follow() {
  const feed = { onUpsert: vi.fn(), onRemove: vi.fn(), onHealth: vi.fn() }
  const stop = subscribeToOwnRows('courses', USER, feed)
  vi.advanceTimersByTime(0)
  return { feed, stop }
}
const last = () => channels[channels.length - 1] as FakeChannel

beforeEach(() => {
  channels.length = 0
  vi.clearAllMocks()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('subscribeToOwnRows', () => {
  it("listens to every change of the golfer's own rows only", () => {
    follow()
    expect(last().filter).toEqual({
      event: '*',
      schema: 'public',
      table: 'courses',
      filter: `user_id=eq.${USER}`,
    })
  })

  it('upserts inserted and updated rows and removes deleted ones by id', () => {
    const { feed } = follow()
    last().onChange({ eventType: 'INSERT', new: row, old: {} })
    last().onChange({
      eventType: 'UPDATE',
      new: { ...row, name: 'Old Links' },
      old: { id: row.id },
    })
    last().onChange({ eventType: 'DELETE', new: {}, old: { id: row.id } })
    expect(feed.onUpsert).toHaveBeenNthCalledWith(1, row)
    expect(feed.onUpsert).toHaveBeenNthCalledWith(2, { ...row, name: 'Old Links' })
    expect(feed.onRemove).toHaveBeenCalledWith(row.id)
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
    first.onChange({ eventType: 'INSERT', new: row, old: {} })
    expect(feed.onUpsert).not.toHaveBeenCalled()
    last().onStatus('SUBSCRIBED')
    expect(feed.onHealth).toHaveBeenLastCalledWith('live')
  })

  it('opens no channel when unsubscribed before its task runs', () => {
    const feed = { onUpsert: vi.fn(), onRemove: vi.fn(), onHealth: vi.fn() }
    subscribeToOwnRows('courses', USER, feed)()
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
    channel.onChange({ eventType: 'INSERT', new: row, old: {} })
    expect(feed.onHealth).not.toHaveBeenCalled()
    expect(feed.onUpsert).not.toHaveBeenCalled()
  })
})
