import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { supabase } from './supabase'

/** The golfer's own tables that the app follows live. */
export type OwnTable = 'courses' | 'tees' | 'rounds' | 'handicap_settings'
export type OwnRow<T extends OwnTable> = Database['public']['Tables'][T]['Row']

/** `connecting` until the first join, `live` while joined, `interrupted` after losing it. */
export type FeedHealth = 'connecting' | 'live' | 'interrupted'

export interface OwnTablesFeed {
  onUpsert<T extends OwnTable>(table: T, row: OwnRow<T>): void
  onRemove(table: OwnTable, id: string): void
  /**
   * Called with `live` on every (re)join and whenever Realtime reports the database subscription
   * (re)made: changes made while away were not delivered, so reload.
   */
  onHealth(health: Exclude<FeedHealth, 'connecting'>): void
}

/** Realtime's `system` message about a channel's extension (postgres_changes, or the channel). */
interface SystemMessage {
  extension?: string
  status?: string
}

const MAX_REOPEN_DELAY_MS = 30_000
let channelsOpened = 0

/**
 * Follows INSERT, UPDATE and DELETE of the signed-in golfer's rows of these tables, on ONE
 * channel: each change reaches the device once, and a (re)join is reported once. Returns the
 * unsubscribe. Deletes come from the golfer's own `deletions` rows, one per deleted row: the
 * tables keep the default replica identity, so a DELETE carries only the primary key and no
 * user_id filter (the golfer's or anyone's) can match it — Realtime never checks RLS for a
 * DELETE, and with the whole old row a filter would tell another golfer its values. An INSERT
 * into `deletions` is checked against RLS and reaches only its golfer.
 *
 * realtime-js rejoins by itself after a channel error or a join timeout, but not after the server
 * closed the channel (for example when it shut it down over an expired token), so then a new
 * channel is opened, backing off up to 30 s.
 *
 * A channel can also stay joined while its change feed is lost (the server's replication
 * connection dropped): Realtime then sends a `postgres_changes` system message with status
 * `error`, and, once it has subscribed to the database again, one with status `ok`. Changes in
 * between are never delivered, so the first means interrupted and the second means reload.
 */
export function subscribeToOwnTables(
  userId: string,
  tables: readonly OwnTable[],
  feed: OwnTablesFeed,
): () => void {
  let active = true
  let channel: RealtimeChannel | null = null
  let openTimer: ReturnType<typeof setTimeout> | undefined
  let failedOpens = 0
  const filter = `user_id=eq.${userId}`
  const followed = (table: string): table is OwnTable =>
    (tables as readonly string[]).includes(table)

  function open() {
    // A fresh topic each time: supabase.channel() hands back an existing channel of the same
    // name, and the previous one may still be leaving.
    const current: RealtimeChannel = supabase.channel(`records:${userId}:${++channelsOpened}`)
    const isCurrent = () => active && channel === current
    for (const table of tables) {
      current.on(
        'postgres_changes',
        { event: '*', schema: 'public', table, filter },
        (payload: RealtimePostgresChangesPayload<OwnRow<typeof table>>) => {
          if (!isCurrent()) return
          if (payload.eventType === 'DELETE') {
            const id = (payload.old as { id?: unknown }).id
            if (typeof id === 'string') feed.onRemove(table, id)
          } else {
            feed.onUpsert(table, payload.new)
          }
        },
      )
    }
    current
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'deletions', filter },
        (
          payload: RealtimePostgresChangesPayload<Database['public']['Tables']['deletions']['Row']>,
        ) => {
          if (!isCurrent() || payload.eventType !== 'INSERT') return
          if (followed(payload.new.table_name))
            feed.onRemove(payload.new.table_name, payload.new.record_id)
        },
      )
      .on('system', {}, (message: SystemMessage) => {
        if (!isCurrent() || message.extension !== 'postgres_changes') return
        if (message.status === 'error') feed.onHealth('interrupted')
        else if (message.status === 'ok') feed.onHealth('live')
      })
      .subscribe((status) => {
        if (!isCurrent()) return
        if (status === 'SUBSCRIBED') {
          failedOpens = 0
          feed.onHealth('live')
          return
        }
        feed.onHealth('interrupted')
        if (status === 'CLOSED') {
          channel = null
          void supabase.removeChannel(current)
          const delay = Math.min(MAX_REOPEN_DELAY_MS, 1000 * 2 ** failedOpens++)
          openTimer = setTimeout(open, delay)
        }
      })
    channel = current
  }

  // In a task of its own: the first channel opens the WebSocket, which Chromium creates
  // synchronously, and a slow phone is then not doing it inside the screen's first render.
  openTimer = setTimeout(open, 0)
  return () => {
    active = false
    clearTimeout(openTimer)
    if (channel) void supabase.removeChannel(channel)
    channel = null
  }
}
