import { ulid } from 'ulid'
import { create } from 'zustand'
import { DataError } from '@/lib/data-error'
import { deviceKey, forgetOnDevice, readFromDevice, updateOnDevice } from '@/lib/device-storage'
import type { PendingChange, QueuedChange } from '@/lib/records'
import { showNotice } from './notices-store'
import { registerReset } from './resets'

/**
 * The outbox: every add, edit, delete and undo the golfer makes is written to the device first
 * and only then shown, and is sent to the server in the order it was made — at once when the
 * server can be reached, otherwise when the browser is back online, when Realtime rejoins, or at
 * the next retry (backing off to 30 s). Nothing typed is lost to a dead spot on the course:
 *
 * - Only the server's refusal (a constraint, RLS, a row gone) takes a change out unsent, and then
 *   visibly: the alert, and what the golfer typed in the "Not saved" list.
 * - Replaying a change whose answer was lost is harmless: ids are made on the device, and an
 *   insert refused because the server already has its id (the table's primary key, 23505) was
 *   stored — for every kind, here, not in each table's api; a delete of a row already gone is
 *   done.
 * - Tabs of one golfer share one outbox in IndexedDB. One tab sends at a time (a Web Lock), each
 *   reads the outbox afresh before each send, and tells the others what happened.
 */
export type OutboxAction = 'add' | 'edit' | 'delete' | 'restore'

export interface OutboxEntry<R = unknown, I = unknown> {
  /** The shape of `record` and `input`: its kind's version when it was written (see upgrade). */
  version: number
  /** A ULID: the order the golfer made the changes in, and the entry's identity. */
  key: string
  /** Which table: a key of the kinds given to startOutbox. */
  kind: string
  action: OutboxAction
  /** The record's id. */
  id: string
  /** The record as the golfer sees it after this change; null for a delete. */
  record: R | null
  /** What the golfer typed, for an add or an edit; null for a delete or a restore. */
  input: I | null
}

/**
 * An entry as an app of any version wrote it. Before versions (version 1) entries had no
 * `version` and, instead of `input`, a `payload` of the kind's own making.
 */
export type StoredEntry = Omit<OutboxEntry, 'version' | 'input'> & {
  version?: number
  input?: unknown
  payload?: unknown
}

/** What the outbox needs of a table's store: to lay its queue over the rows, and the answers. */
export interface OutboxTarget<R extends { id: string }> {
  upsert(record: R): void
  remove(id: string): void
  setQueued(queued: readonly QueuedChange<R>[]): void
}

export interface OutboxKind<R extends { id: string }> {
  store: { getState(): OutboxTarget<R> }
  /** "round", "rounds": for "2 rounds waiting to sync". */
  noun: readonly [singular: string, plural: string]
  /** The version new entries are written with. */
  version: number
  /** An entry written by an older version, in this version's shape. */
  upgrade(entry: StoredEntry): OutboxEntry
  /** Makes the change on the server; resolves with the stored row when the server returns one. */
  send(entry: OutboxEntry): Promise<R | null>
  /** The server refused: the alert to show, and what the golfer typed, in words. */
  refusal(entry: OutboxEntry, error: DataError): { message: string; typed: string | null }
}

/** A change the server refused, kept on screen so that what was typed is not lost silently. */
export interface RefusedChange {
  key: string
  message: string
  typed: string
}

interface OutboxState {
  entries: readonly OutboxEntry[]
  /** False after a send could not reach the server, or while the browser says it is offline. */
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
  /** The entry this tab is sending now, which Undo must not take back. */
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

/**
 * The entries as this version of the app reads them: an entry an older version wrote is upgraded
 * by its kind (and written back so with the next change of the outbox). Its key stays, so it is
 * still sent once, in its place.
 */
function upgraded(kinds: Kinds, stored: readonly StoredEntry[] | undefined): OutboxEntry[] {
  return (stored ?? []).map((entry) => {
    const kind = kinds[entry.kind]
    if (!kind || entry.version === kind.version) return entry as OutboxEntry
    return kind.upgrade(entry)
  })
}

const readEntries = async (golfer: Session) =>
  upgraded(golfer.kinds, await readFromDevice<StoredEntry[]>(outboxKey(golfer.userId)))

/** One read-write transaction of this golfer's outbox, in this version's shape. */
const updateEntries = (golfer: Session, change: (entries: OutboxEntry[]) => OutboxEntry[]) =>
  updateOnDevice<StoredEntry[]>(outboxKey(golfer.userId), (stored) =>
    change(upgraded(golfer.kinds, stored)),
  ) as Promise<OutboxEntry[]>

/** Shows these entries: in the status line, and laid over each table's rows. */
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

/**
 * Starts this golfer's outbox: shows what was waiting from an earlier visit and sends it.
 * Returns the stop (for sign-out); the entries stay on the device until sent or forgotten.
 */
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

/**
 * Keeps a change on the device, shows it, and sends it when it can. Resolves true once the change
 * is in the outbox on the device (a finished scorecard is removed only then); false when no
 * outbox runs (signed out).
 */
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

/**
 * Takes back a delete that has not been sent yet (Undo while it waits). False when there is none,
 * or it is on its way: then the caller queues a restore instead.
 */
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

/** Sends now: the connection is back (Realtime rejoined). */
export function sendOutboxNow(): void {
  if (!session) return
  session.failures = 0
  void drain(session)
}

/**
 * Resolves once nothing waits to be sent, once the server is found unreachable, or after
 * `withinMs`, whichever comes first: a logout lets a change already on its way arrive instead of
 * asking the golfer about it.
 */
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

/** Logout: stops the outbox and deletes everything this golfer kept on this device. */
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

/** The server could not be reached: say so, and try again after a delay that backs off. */
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

/**
 * Makes the change on the server. An add or an Undo puts a row under the entry's id, so when the
 * server refuses it because that id is taken (its primary key), it was sent before and stored,
 * only the answer was lost: done, with the record as the golfer made it.
 */
async function sendOnce<R extends { id: string }>(kind: OutboxKind<R>, entry: OutboxEntry) {
  try {
    return await kind.send(entry)
  } catch (error) {
    const insertsItsId = entry.action === 'add' || entry.action === 'restore'
    if (insertsItsId && error instanceof DataError && error.alreadyStoredIn(entry.kind)) return null
    throw error
  }
}

/** The entry is done (stored, or refused): out of the outbox, and the answer into the store. */
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

/** What an entry with a change the server does not have yet says. */
export function useSyncLabel(): (change: PendingChange | undefined) => string | null {
  const reachable = useOutboxStore((state) => state.reachable)
  return (change) => (change ? (reachable ? 'Saving…' : 'Waiting to sync') : null)
}

/**
 * "1 course and 2 rounds waiting to sync": the records whose change the server does not have yet,
 * by kind in the order given; null when nothing waits. A record added and deleted again while
 * waiting is nothing to the golfer, though both changes are still sent.
 */
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
