import { ulid } from 'ulid'
import { create } from 'zustand'
import { DataError } from '@/lib/data-error'
import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import { enqueue, type OutboxEntry, type OutboxKind } from '@/stores/outbox'
import { registerReset } from '@/stores/resets'
import { openCardChannel, type CardChannel } from '../api/card-channel'
import { loadSharedCard, sendEntry } from '../api/shared-card-api'
import { cellOf, replacedBy } from '../lib/cells'
import type { CardEntry, CardPresence, SharedCardState } from '../types'

export const CARD_ENTRIES_KIND = 'card_entries'

type Status = 'loading' | 'ready' | 'missing' | 'failed'

interface SharedCardStore {
  userId: string | null
  cardId: string | null
  status: Status
  shared: SharedCardState | null
  /** Entries this phone made that the outbox has not shared yet (every card's). */
  queued: CardEntry[]
  present: CardPresence[]
  /** 1-based: the hole on this phone's screen. */
  hole: number
  upsert(entry: CardEntry): void
  remove(id: string): void
  setQueued(queued: readonly { id: string; record: CardEntry | null }[]): void
  catchUp(): Promise<void>
  showHole(hole: number): void
  /** After this phone signed or attested: the tables again, here and on the other phones. */
  placesChanged(): Promise<void>
}

const deviceCopyKey = (userId: string, cardId: string) => deviceKey(userId, `shared-card:${cardId}`)

let channel: CardChannel | null = null
/** What this phone last told the others (name and hole), so a repeat is not sent. */
let told = ''

function tellPresence(state: {
  userId: string | null
  shared: SharedCardState | null
  hole: number
}) {
  const { userId, shared, hole } = state
  const name = shared?.places.find((place) => place.user_id === userId)?.name
  if (!userId || !name || !channel || told === `${name}:${hole}`) return
  told = `${name}:${hole}`
  channel.show({ userId, name, hole })
}

function withEntry(shared: SharedCardState, entry: CardEntry): SharedCardState {
  if (entry.card_id !== shared.card.id || shared.entries.some((known) => known.id === entry.id)) {
    return shared
  }
  const entries = [...shared.entries, entry].sort((a, b) => (a.id < b.id ? -1 : 1))
  return { ...shared, entries }
}

/** Entries are append-only, so one that arrived by broadcast during the read is still true. */
function withLoaded(held: SharedCardState | null, loaded: SharedCardState): SharedCardState {
  if (!held || held.card.id !== loaded.card.id) return loaded
  return held.entries.reduce(withEntry, loaded)
}

const CLOSED = {
  userId: null,
  cardId: null,
  status: 'loading',
  shared: null,
  queued: [],
  present: [],
  hole: 1,
} as const satisfies Partial<SharedCardStore>

export const useSharedCardStore = create<SharedCardStore>()((set, get) => {
  function keep(shared: SharedCardState) {
    set({ shared, status: 'ready' })
    tellPresence(get())
    const { userId } = get()
    if (userId) void writeToDevice(deviceCopyKey(userId, shared.card.id), shared).catch(() => {})
  }
  return {
    ...CLOSED,
    queued: [],
    present: [],
    upsert(entry) {
      const { shared } = get()
      if (shared) keep(withEntry(shared, entry))
    },
    remove: () => undefined,
    setQueued(queued) {
      set({ queued: queued.flatMap(({ record }) => (record ? [record] : [])) })
    },
    async catchUp() {
      const { cardId } = get()
      if (!cardId) return
      try {
        const loaded = await loadSharedCard(cardId)
        if (get().cardId !== cardId) return
        if (loaded) keep(withLoaded(get().shared, loaded))
        else set({ status: 'missing' })
      } catch {
        // No signal: the device's copy stays on screen until the next join.
        if (get().cardId === cardId && !get().shared) set({ status: 'failed' })
      }
    },
    placesChanged() {
      channel?.announcePlaces()
      return get().catchUp()
    },
    showHole(hole) {
      set({ hole })
      tellPresence(get())
    },
  }
})

// Signing out leaves nothing of the card on screen for the next golfer.
registerReset(() => useSharedCardStore.setState({ ...CLOSED, queued: [], present: [] }))

/** Opens the card on this phone: its device copy at once, then the tables, then the live channel. */
export function openSharedCard(userId: string, cardId: string): () => void {
  useSharedCardStore.setState({
    userId,
    cardId,
    status: 'loading',
    shared: null,
    present: [],
    hole: 1,
  })
  void readFromDevice<SharedCardState>(deviceCopyKey(userId, cardId)).then((copy) => {
    const state = useSharedCardStore.getState()
    if (copy && state.cardId === cardId && !state.shared) {
      useSharedCardStore.setState({ shared: copy, status: 'ready' })
    }
  })
  const store = useSharedCardStore.getState()
  void store.catchUp()
  const opened = openCardChannel(cardId, {
    onEntry: (entry) => useSharedCardStore.getState().upsert(entry),
    onPresence: (present) => {
      useSharedCardStore.setState({ present })
      // A golfer who just joined by link: their place changed, which no entry tells.
      const places = useSharedCardStore.getState().shared?.places ?? []
      const known = new Set(places.map((place) => place.user_id))
      if (present.some((someone) => !known.has(someone.userId))) {
        void useSharedCardStore.getState().catchUp()
      }
    },
    onJoined: () => void useSharedCardStore.getState().catchUp(),
  })
  channel = opened
  told = ''
  const online = () => void useSharedCardStore.getState().catchUp()
  window.addEventListener('online', online)
  return () => {
    window.removeEventListener('online', online)
    opened.close()
    if (channel === opened) channel = null
    useSharedCardStore.setState({ cardId: null, shared: null, present: [] })
  }
}

export function entriesOnPhone(shared: SharedCardState, queued: readonly CardEntry[]) {
  const waiting = queued.filter((entry) => entry.card_id === shared.card.id)
  const entries = waiting.reduce(withEntry, shared).entries
  const shown = new Set(shared.entries.map((entry) => entry.id))
  return { entries, waiting: waiting.filter((entry) => !shown.has(entry.id)) }
}

/** A score for a player's hole, through the outbox: stored on the phone first, shared once. */
export async function enterScore(playerNo: number, hole: number, strokes: number | null) {
  const { userId, shared, queued } = useSharedCardStore.getState()
  if (!userId || !shared) return false
  const { entries } = entriesOnPhone(shared, queued)
  const cell = cellOf(entries, playerNo, hole)
  const entry: CardEntry = {
    id: ulid(),
    card_id: shared.card.id,
    player_no: playerNo,
    hole,
    strokes,
    replaces: replacedBy(shared.places, cell, playerNo, userId),
    entered_by: userId,
  }
  return enqueue({
    kind: CARD_ENTRIES_KIND,
    action: 'add',
    id: entry.id,
    record: entry,
    input: entry,
  })
}

/** The outbox's kind for card entries: the same outbox as the golfer's own records. */
export const cardEntriesKind: OutboxKind<CardEntry> = {
  store: useSharedCardStore,
  noun: ['card score', 'card scores'],
  version: 1,
  upgrade: (entry) => ({ ...entry, version: 1, input: entry.input ?? null }) as OutboxEntry,
  async send(entry) {
    await sendEntry(entry.input as CardEntry)
    return entry.record as CardEntry
  },
  refusal: (_entry, error: DataError) => ({
    message: `A card score was not shared: ${error.message}`,
    typed: null,
  }),
}
