import { randomUUID } from 'node:crypto'
import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js'
import WebSocket from 'ws'
import { stackInfo } from './support.ts'

/**
 * Waiting on events, never on the clock: whoever records something calls `notify`, and a wait
 * re-checks its condition then, failing after a bounded time.
 */
export class Watch {
  private readonly waiters = new Set<() => void>()

  notify(): void {
    for (const waiter of [...this.waiters]) waiter()
  }

  until<T>(check: () => T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = () => {
        let value: T | undefined | false
        try {
          value = check()
        } catch (error) {
          finish()
          reject(error as Error)
          return
        }
        if (value === undefined || value === false) return
        finish()
        resolve(value)
      }
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`))
      }, timeoutMs)
      const finish = () => {
        clearTimeout(timer)
        this.waiters.delete(attempt)
      }
      this.waiters.add(attempt)
      attempt()
    })
  }
}

export interface Note {
  id: string
  user_id?: string
  title: string
  body: string | null
  priority: number
  created_at?: string
}

export type Change = RealtimePostgresChangesPayload<Note & Record<string, unknown>>

export const note = (overrides: Partial<Note> = {}): Note => ({
  id: randomUUID(),
  title: 'A note',
  body: 'Some text',
  priority: 3,
  ...overrides,
})

export interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema: string
  table: string
  filter?: string
}

export interface SystemMessage {
  status: string
  message: string
  extension: string
  channel?: string
}

export interface Feed {
  channel: RealtimeChannel
  /** Each change with the index of the binding whose callback received it. */
  changes: { binding: number; change: Change }[]
  statuses: string[]
  system: SystemMessage[]
  watch: Watch
}

/** Subscribes as an app does and records everything the channel reports. */
export async function follow(
  client: SupabaseClient,
  bindings: Binding[],
  name = `rt-${randomUUID()}`,
): Promise<Feed> {
  const channel = client.channel(name)
  const watch = new Watch()
  const feed: Feed = { channel, changes: [], statuses: [], system: [], watch }
  bindings.forEach((binding, index) => {
    channel.on('postgres_changes', binding, (change: Change) => {
      feed.changes.push({ binding: index, change })
      watch.notify()
    })
  })
  channel.on('system', {}, (payload: SystemMessage) => {
    feed.system.push(payload)
    watch.notify()
  })
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      feed.statuses.push(status)
      watch.notify()
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
  return feed
}

export const rowId = (change: Change) =>
  String((change.eventType === 'DELETE' ? change.old : change.new).id ?? '')

export const changesOf = (feed: Feed, id: string) =>
  feed.changes.filter(({ change }) => rowId(change) === id)

export function nextChange(
  feed: Feed,
  type: Change['eventType'],
  id: string,
  timeoutMs?: number,
): Promise<Change> {
  return feed.watch.until(
    () =>
      feed.changes.find(({ change }) => change.eventType === type && rowId(change) === id)?.change,
    `${type} of ${id}`,
    timeoutMs,
  )
}

export type Frame = [string | null, string | null, string, string, unknown]

export interface RawSocket {
  frames: Frame[]
  send(frame: unknown): void
  next(match: (frame: Frame) => boolean, what: string, timeoutMs?: number): Promise<Frame>
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

/** A raw Phoenix v2 socket, for what supabase-js does not expose. */
export async function rawSocket(
  apikey = stackInfo().publishableKey,
  apiUrl = stackInfo().apiUrl,
): Promise<RawSocket> {
  const socket = new WebSocket(
    `${apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`,
  )
  const frames: Frame[] = []
  const watch = new Watch()
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame)
    watch.notify()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  socket.on('error', () => undefined)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return {
    frames,
    send: (frame: unknown) => {
      if (socket.readyState === WebSocket.OPEN)
        socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
    },
    next: (match, what, timeoutMs) => watch.until(() => frames.find(match), what, timeoutMs),
    closed,
    close: () => socket.close(),
  }
}

/** A join frame as realtime-js sends it. */
export function joinFrame(
  ref: string,
  topic: string,
  bindings: Binding[],
  accessToken: string,
): unknown[] {
  return [
    ref,
    ref,
    `realtime:${topic}`,
    'phx_join',
    {
      config: {
        broadcast: { ack: false, self: false },
        presence: { key: '', enabled: false },
        postgres_changes: bindings,
        private: false,
      },
      access_token: accessToken,
    },
  ]
}
