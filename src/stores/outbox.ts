import { ulid } from 'ulid'
import { create } from 'zustand'
import { DataError } from '@/lib/data-error'
import { deviceKey, forgetOnDevice, readFromDevice, updateOnDevice } from '@/lib/device-storage'
import type { PendingChange, QueuedChange } from '@/lib/records'
import { showNotice } from './notices-store'
import { registerReset } from './resets'

/** Every change is written to the device first, then shown, then sent in order; see "The outbox"
 * in docs/decisions.md. */
export type OutboxAction = 'add' | 'edit' | 'delete' | 'restore'

export interface OutboxEntry<R = unknown, I = unknown> {
  /** See upgrade. */
  version: number
  /** A ULID: the order the changes were made in. */
  key: string
  kind: string
  action: OutboxAction
  id: string
  record: R | null
  input: I | null
}

/** As an app of any version wrote it: version 1 had a `payload` instead of `input`. */
export type StoredEntry = Omit<OutboxEntry, 'version' | 'input'> & {
  version?: number
  input?: unknown
  payload?: unknown
}

export interface OutboxTarget<R extends { id: string }> {
  upsert(record: R): void
  remove(id: string): void
  setQueued(queued: readonly QueuedChange<R>[]): void
}

export interface OutboxKind<R extends { id: string }> {
  store: { getState(): OutboxTarget<R> }
  noun: readonly [singular: string, plural: string]
  version: number
  upgrade(entry: StoredEntry): OutboxEntry
  send(entry: OutboxEntry): Promise<R | null>
  refusal(entry: OutboxEntry, error: DataError): { message: string; typed: string | null }
}

export interface RefusedChange {
  key: string
  message: string
  typed: string
}

interface OutboxState {
  entries: readonly OutboxEntry[]
  reachable: boolean
  refused: readonly RefusedChange[]
  dismissRefused(key: string): void
  reset(): void
}

export const useOutboxStore = create<OutboxState>()((set) => ({
  entries: [],
  reachable: true,
  refused: [],
  dismissRefused: (key) =>
    set((state) => ({ refused: state.refused.filter((change) => change.key !== key) })),
  reset: () => set({ entries: [], reachable: true, refused: [] }),
}))
registerReset(() => useOutboxStore.getState().reset())

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own record type
type Kinds = Record<string, OutboxKind<any>>

interface Session {
  userId: string
  kinds: Kinds
  channel: BroadcastChannel | null
  /** Undo must not take this one back. */
  sending: string | null
  draining: boolean
  drainAgain: boolean
  failures: number
  retryTimer: ReturnType<typeof setTimeout> | undefined
}

type TabMessage =
  | { type: 'changed' }
  | { type: 'stored'; key: string; kind: string; action: OutboxAction; id: string; row: unknown }

const MAX_RETRY_DELAY_MS = 30_000
let session: Session | null = null

const outboxKey = (userId: string) => deviceKey(userId, 'outbox')

/** An upgraded entry keeps its key, so it is still sent once, in its place. */
function upgraded(kinds: Kinds, stored: readonly StoredEntry[] | undefined): OutboxEntry[] {
  return (stored ?? []).map((entry) => {
    const kind = kinds[entry.kind]
    if (!kind || entry.version === kind.version) return entry as OutboxEntry
    return kind.upgrade(entry)
  })
}

const readEntries = async (golfer: Session) =>
  upgraded(golfer.kinds, await readFromDevice<StoredEntry[]>(outboxKey(golfer.userId)))

const updateEntries = (golfer: Session, change: (entries: OutboxEntry[]) => OutboxEntry[]) =>
  updateOnDevice<StoredEntry[]>(outboxKey(golfer.userId), (stored) =>
    change(upgraded(golfer.kinds, stored)),
  ) as Promise<OutboxEntry[]>

function publish(current: Session, entries: readonly OutboxEntry[]) {
  useOutboxStore.setState({ entries })
  for (const [kind, handler] of Object.entries(current.kinds)) {
    handler.store.getState().setQueued(
      entries
        .filter((entry) => entry.kind === kind)
        .map((entry) => ({
          id: entry.id,
          record: entry.action === 'delete' ? null : entry.record,
        })),
    )
  }
}

function applyStored(current: Session, message: Extract<TabMessage, { type: 'stored' }>) {
  const store = current.kinds[message.kind]?.store.getState()
  if (!store) return
  if (message.action === 'delete') store.remove(message.id)
  else if (message.row) store.upsert(message.row as { id: string })
}

async function refresh(current: Session) {
  const entries = await readEntries(current)
  if (session === current) publish(current, entries)
}

function tellOtherTabs(current: Session, message: TabMessage) {
  current.channel?.postMessage(message)
}

export function startOutbox(userId: string, kinds: Kinds): () => void {
  const current: Session = {
    userId,
    kinds,
    channel:
      typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(`hcpfast-outbox:${userId}`),
    sending: null,
    draining: false,
    drainAgain: false,
    failures: 0,
    retryTimer: undefined,
  }
  session = current
  const online = () => {
    current.failures = 0
    void drain(current)
  }
  const offline = () => useOutboxStore.setState({ reachable: false })
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  if (current.channel) {
    current.channel.onmessage = (event: MessageEvent<TabMessage>) => {
      if (session !== current) return
      if (event.data.type === 'stored') applyStored(current, event.data)
      void refresh(current)
    }
  }
  void refresh(current).then(
    () => drain(current),
    () => retryLater(current),
  )
  return () => {
    if (session === current) session = null
    clearTimeout(current.retryTimer)
    current.channel?.close()
    window.removeEventListener('online', online)
    window.removeEventListener('offline', offline)
    useOutboxStore.getState().reset()
  }
}

/** False when signed out; a finished scorecard is removed only once this is true. */
export async function enqueue(
  change: Pick<OutboxEntry, 'kind' | 'action' | 'id' | 'record' | 'input'>,
): Promise<boolean> {
  const current = session
  const version = current?.kinds[change.kind]?.version
  if (!current || version === undefined) return false
  const entry: OutboxEntry = { version, key: ulid(), ...change }
  const entries = await updateEntries(current, (stored) => [...stored, entry])
  if (session !== current) return true
  publish(current, entries)
  tellOtherTabs(current, { type: 'changed' })
  void drain(current)
  return true
}

/** False when there is none or it is on its way: then the caller queues a restore instead. */
export async function takeBackDelete(kind: string, id: string): Promise<boolean> {
  const current = session
  if (!current) return false
  let taken = false
  const entries = await updateEntries(current, (list) => {
    const index = list.findLastIndex(
      (entry) => entry.kind === kind && entry.id === id && entry.action === 'delete',
    )
    const entry = list[index]
    if (!entry || entry.key === current.sending) return list
    taken = true
    return list.filter((_, position) => position !== index)
  })
  if (session === current && taken) {
    publish(current, entries)
    tellOtherTabs(current, { type: 'changed' })
  }
  return taken
}

export function sendOutboxNow(): void {
  if (!session) return
  session.failures = 0
  void drain(session)
}

/** A logout lets a change already on its way arrive instead of asking the golfer about it. */
export function outboxSettled(withinMs: number): Promise<void> {
  const settled = (state: OutboxState) => state.entries.length === 0 || !state.reachable
  if (settled(useOutboxStore.getState())) return Promise.resolve()
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(finish, withinMs)
    const unsubscribe = useOutboxStore.subscribe((state) => {
      if (settled(state)) finish()
    })
  })
}

export async function forgetDevice(userId: string): Promise<void> {
  if (session?.userId === userId) {
    clearTimeout(session.retryTimer)
    session = null
  }
  useOutboxStore.getState().reset()
  await forgetOnDevice(userId)
}

function withTabLock(current: Session, work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work()
  return navigator.locks.request(`hcpfast-outbox:${current.userId}`, work)
}

async function drain(current: Session): Promise<void> {
  if (current.draining) {
    current.drainAgain = true
    return
  }
  current.draining = true
  clearTimeout(current.retryTimer)
  try {
    await withTabLock(current, () => sendAll(current))
  } catch {
    // The device's storage itself failed (quota, a browser shutting IndexedDB down): try later.
    if (session === current) retryLater(current)
  } finally {
    current.draining = false
    if (current.drainAgain && session === current) {
      current.drainAgain = false
      void drain(current)
    }
  }
}

function retryLater(current: Session) {
  useOutboxStore.setState({ reachable: false })
  // Changes made meanwhile wait for the retry too: the server was just found unreachable.
  current.drainAgain = false
  clearTimeout(current.retryTimer)
  const delay = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** current.failures++)
  current.retryTimer = setTimeout(() => void drain(current), delay)
}

async function sendAll(current: Session): Promise<void> {
  for (;;) {
    if (session !== current) return
    current.drainAgain = false
    // Read afresh: another tab may have sent or added entries while this one waited for the lock.
    const entries = await readEntries(current)
    if (session !== current) return
    publish(current, entries)
    const next = entries[0]
    if (!next) return
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      useOutboxStore.setState({ reachable: false })
      return
    }
    const kind = current.kinds[next.kind]
    if (!kind) return
    current.sending = next.key
    let row: unknown
    try {
      row = await sendOnce(kind, next)
    } catch (error) {
      if (session !== current) return
      if (error instanceof DataError && error.refused) {
        await settle(current, next, null)
        const { message, typed } = kind.refusal(next, error)
        if (typed) {
          useOutboxStore.setState((state) => ({
            refused: [...state.refused, { key: next.key, message, typed }],
          }))
        }
        showNotice(message)
        continue
      }
      retryLater(current)
      return
    } finally {
      current.sending = null
    }
    if (session !== current) return
    current.failures = 0
    useOutboxStore.setState({ reachable: true })
    await settle(current, next, { row: row ?? next.record })
  }
}

/** An add refused because its id is taken was sent before, only the answer was lost: done. */
async function sendOnce<R extends { id: string }>(kind: OutboxKind<R>, entry: OutboxEntry) {
  try {
    return await kind.send(entry)
  } catch (error) {
    const insertsItsId = entry.action === 'add' || entry.action === 'restore'
    if (insertsItsId && error instanceof DataError && error.alreadyStoredIn(entry.kind)) return null
    throw error
  }
}

async function settle(current: Session, entry: OutboxEntry, stored: { row: unknown } | null) {
  const entries = await updateEntries(current, (list) =>
    list.filter((candidate) => candidate.key !== entry.key),
  )
  if (session !== current) return
  if (stored) {
    const message = { type: 'stored', ...entry, row: stored.row } as const
    applyStored(current, message)
    tellOtherTabs(current, message)
  } else {
    tellOtherTabs(current, { type: 'changed' })
  }
  publish(current, entries)
}

export function useSyncLabel(): (change: PendingChange | undefined) => string | null {
  const reachable = useOutboxStore((state) => state.reachable)
  return (change) => (change ? (reachable ? 'Saving…' : 'Waiting to sync') : null)
}

/** A record added and deleted again while waiting is nothing to the golfer, though both are sent. */
export function waitingSummary(
  entries: readonly Pick<OutboxEntry, 'kind' | 'id' | 'action'>[],
  nouns: readonly (readonly [kind: string, singular: string, plural: string])[],
): string | null {
  const parts = nouns.flatMap(([kind, singular, plural]) => {
    const byRecord = new Map<string, Pick<OutboxEntry, 'action'>[]>()
    for (const entry of entries) {
      if (entry.kind === kind) byRecord.set(entry.id, [...(byRecord.get(entry.id) ?? []), entry])
    }
    const count = [...byRecord.values()].filter(
      (changes) => !(changes[0]?.action === 'add' && changes.at(-1)?.action === 'delete'),
    ).length
    return count === 0 ? [] : [`${count} ${count === 1 ? singular : plural}`]
  })
  if (parts.length === 0) return null
  return `${parts.join(' and ')} waiting to sync`
}
