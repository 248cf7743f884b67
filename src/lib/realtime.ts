import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { supabase } from './supabase'

export type OwnTable = 'courses' | 'tees' | 'rounds' | 'handicap_settings'
export type OwnRow<T extends OwnTable> = Database['public']['Tables'][T]['Row']

export type FeedHealth = 'connecting' | 'live' | 'interrupted'

export interface OwnTablesFeed {
  onUpsert<T extends OwnTable>(table: T, row: OwnRow<T>): void
  onRemove(table: OwnTable, id: string): void
  /** `live` on every (re)join and feed resubscription: changes made while away were not delivered. */
  onHealth(health: Exclude<FeedHealth, 'connecting'>): void
}

interface SystemMessage {
  extension?: string
  status?: string
}

const MAX_REOPEN_DELAY_MS = 30_000
let channelsOpened = 0

/** Deletes come from the golfer's own `deletions` rows: a DELETE carries only the primary key, so
 * no user_id filter can match it (docs/decisions.md, "Deletes and Realtime"). realtime-js does not
 * rejoin a channel the server closed, and a joined channel can lose its change feed (a system
 * message `error`, then `ok`): both count as interrupted. */
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
    // supabase.channel() hands back an existing channel of the same name, which may still be leaving.
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

  // Chromium creates the WebSocket synchronously: keep it out of the screen's first render.
  openTimer = setTimeout(open, 0)
  return () => {
    active = false
    clearTimeout(openTimer)
    if (channel) void supabase.removeChannel(channel)
    channel = null
  }
}
