import type { RealtimeChannel } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { REPLAY_LIMIT, REPLAY_MARGIN_MS } from './realtime-replay'
import { supabase } from './supabase'

export type OwnTable = 'courses' | 'tees' | 'rounds' | 'handicap_settings'
export type OwnRow<T extends OwnTable> = Database['public']['Tables'][T]['Row']

/** `connecting` until the first join, `live` while joined, `interrupted` after losing it. */
export type FeedHealth = 'connecting' | 'live' | 'interrupted'

export interface OwnTablesFeed {
  onUpsert<T extends OwnTable>(table: T, row: OwnRow<T>): void
  onRemove(table: OwnTable, id: string): void
  /** `live` on every (re)join and feed resubscription: changes made while away were not delivered. */
  onHealth(health: Exclude<FeedHealth, 'connecting'>): void
  /** The first join's replay was full: changes made between the page's start and it may be lost. */
  onReplayFull?(): void
  /** The golfer's place on a shared card was attested by their marker (90_cards.sql says so). */
  onAttested?(): void
}

/** The golfer's private topic; `private.golfer_topic` (90_live_feed.sql) names it the same way. */
export const golferTopic = (userId: string) => `golfer:${userId}`

/** What `realtime.broadcast_changes` sends for a row. */
interface RowChange {
  table?: string
  operation?: string
  record?: Record<string, unknown> | null
  old_record?: Record<string, unknown> | null
}

/** Broadcast Replay marks what it sends again. */
interface Meta {
  replayed?: boolean
}

interface SystemMessage {
  extension?: string
  status?: string
}

const MAX_REOPEN_DELAY_MS = 30_000
/** The channels this module is leaving: a topic's next channel waits for its last one to go. */
let leaving: Promise<unknown> = Promise.resolve()

function leave(channel: RealtimeChannel): void {
  const left = supabase.removeChannel(channel).catch(() => undefined)
  leaving = Promise.all([leaving, left])
}

/** A private topic only the golfer may join (RLS), so a delete's old row reaches no one else.
 * realtime-js does not rejoin a channel the server closed, so a new one is opened, backing off.
 *
 * The lists load before the first join, so the first join replays what was broadcast since the
 * feed was asked for (Broadcast Replay). A rejoin replays nothing the app uses: the lists load
 * again after it. */
export function subscribeToOwnTables(
  userId: string,
  tables: readonly OwnTable[],
  feed: OwnTablesFeed,
): () => void {
  let active = true
  let replaySince: number | null = Date.now() - REPLAY_MARGIN_MS
  let channel: RealtimeChannel | null = null
  let openTimer: ReturnType<typeof setTimeout> | undefined
  let failedOpens = 0
  const followed = (table: unknown): table is OwnTable =>
    (tables as readonly unknown[]).includes(table)

  function onChange({ payload: change }: { payload?: RowChange }) {
    if (change?.table === 'card_players') feed.onAttested?.()
    if (!change || !followed(change.table)) return
    if (change.operation === 'DELETE') {
      // handicap_settings is keyed by its golfer; the other tables by id.
      const old = change.old_record
      const id = change.table === 'handicap_settings' ? old?.user_id : old?.id
      if (typeof id === 'string') feed.onRemove(change.table, id)
    } else if (change.record) {
      feed.onUpsert(change.table, change.record as unknown as OwnRow<typeof change.table>)
    }
  }

  async function open() {
    await leaving
    if (!active) return
    // Private channels need the signed-in golfer's token on the socket before the join.
    await supabase.realtime.setAuth().catch(() => undefined)
    if (!active) return
    const since = replaySince
    // Only the first channel replays: after it, a join follows an interruption.
    replaySince = null
    const current: RealtimeChannel = supabase.channel(golferTopic(userId), {
      config:
        since === null
          ? { private: true }
          : { private: true, broadcast: { replay: { since, limit: REPLAY_LIMIT } } },
    })
    channel = current
    const isCurrent = () => active && channel === current
    let joins = 0
    let replayed = 0
    current
      .on('broadcast', { event: '*' }, (message: { payload?: RowChange; meta?: Meta }) => {
        if (!isCurrent()) return
        const replay = message.meta?.replayed === true
        // realtime-js rejoins with its first join's replay; the reload after a rejoin covers it.
        if (replay && joins > 1) return
        onChange(message)
        if (replay && ++replayed === REPLAY_LIMIT) feed.onReplayFull?.()
      })
      .on('system', {}, (message: SystemMessage) => {
        if (!isCurrent() || message.extension === 'system') return
        if (message.status === 'error') feed.onHealth('interrupted')
        else if (message.status === 'ok') feed.onHealth('live')
      })
      .subscribe((status) => {
        if (!isCurrent()) return
        if (status === 'SUBSCRIBED') {
          joins++
          failedOpens = 0
          feed.onHealth('live')
          return
        }
        feed.onHealth('interrupted')
        // A replaying join refused (a Realtime without replay) is not asked again as it was.
        if (status === 'CLOSED' || (since !== null && joins === 0)) {
          channel = null
          leave(current)
          const delay = Math.min(MAX_REOPEN_DELAY_MS, 1000 * 2 ** failedOpens++)
          openTimer = setTimeout(() => void open(), delay)
        }
      })
  }

  // Chromium creates the WebSocket synchronously: keep it out of the screen's first render.
  openTimer = setTimeout(() => void open(), 0)
  return () => {
    active = false
    clearTimeout(openTimer)
    if (channel) leave(channel)
    channel = null
  }
}
