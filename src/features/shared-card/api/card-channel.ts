import type { RealtimeChannel } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { CardEntry, CardPresence } from '../types'

export interface CardChannelEvents {
  onEntry(entry: CardEntry): void
  onPresence(present: CardPresence[]): void
  /** Joined (again), or a place was signed or attested: read the tables again. */
  onJoined(): void
}

export interface CardChannel {
  show(presence: CardPresence): void
  /** Tells the others a place changed (signed, attested): no entry says so. */
  announcePlaces(): void
  close(): void
}

const MAX_REJOIN_DELAY_MS = 15_000

/** RLS on realtime.messages admits only the card's golfers; every join is reported so the screen
 * reloads from the tables. */
export function openCardChannel(cardId: string, events: CardChannelEvents): CardChannel {
  let active = true
  let channel: RealtimeChannel | null = null
  let shown: CardPresence | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0

  async function join() {
    if (!active) return
    await supabase.realtime.setAuth().catch(() => undefined)
    if (!active) return
    const joining = supabase.channel(`card:${cardId}`, {
      config: { private: true },
    })
    channel = joining
    joining
      .on('broadcast', { event: 'INSERT' }, ({ payload }: { payload?: { record?: CardEntry } }) => {
        if (channel === joining && payload?.record) events.onEntry(payload.record)
      })
      .on('broadcast', { event: 'PLACES' }, () => {
        if (channel === joining) events.onJoined()
      })
      .on('presence', { event: 'sync' }, () => {
        if (channel !== joining) return
        const state = joining.presenceState<CardPresence>()
        events.onPresence(Object.values(state).flat())
      })
      .subscribe((status) => {
        if (channel !== joining || !active) return
        if (status === 'SUBSCRIBED') {
          failures = 0
          if (shown) void joining.track(shown)
          events.onJoined()
        } else if (status === 'CLOSED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          channel = null
          void supabase.removeChannel(joining)
          timer = setTimeout(
            () => void join(),
            Math.min(MAX_REJOIN_DELAY_MS, 500 * 2 ** failures++),
          )
        }
      })
  }

  timer = setTimeout(() => void join(), 0)
  return {
    show(presence) {
      shown = presence
      if (channel?.state === 'joined') void channel.track(presence)
    },
    announcePlaces() {
      void channel?.send({ type: 'broadcast', event: 'PLACES', payload: {} })
    },
    close() {
      active = false
      clearTimeout(timer)
      if (channel) void supabase.removeChannel(channel)
      channel = null
    },
  }
}
