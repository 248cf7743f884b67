/** `queued` changes (the outbox's) are laid over `confirmed` rows, so the screens show what the golfer
 * asked for whatever the server has said meanwhile. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'
export type PendingChange = 'adding' | 'editing' | 'deleting'

export type QueuedChange<R extends { id: string }> =
  { id: string; record: R } | { id: string; record: null }

export interface RecordsState<R extends { id: string }> {
  byId: Record<string, R>
  pending: Record<string, PendingChange>
  confirmed: Record<string, R>
  queued: readonly QueuedChange<R>[]
  status: LoadStatus
  reload: { token: number; changes: Record<string, R | null> } | null
}

export function emptyRecords<R extends { id: string }>(): RecordsState<R> {
  return { byId: {}, pending: {}, confirmed: {}, queued: [], status: 'idle', reload: null }
}

type Patch<R extends { id: string }> = Partial<RecordsState<R>>

function without<V>(entries: Record<string, V>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(entries).filter(([entryKey]) => entryKey !== key))
}

/** One frozen object, so a screen that selects `pending` does not redraw for a new {}. */
const NOTHING_PENDING: Record<string, PendingChange> = Object.freeze({})

/** By value: a reload builds every row afresh, and a round scored hole by hole is never the same object. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  return keys.every((key) => key in right && sameValue(left[key], right[key]))
}

/** Keeps the objects already held, so a reload that finds what the device showed redraws nothing. */
function keepUnchanged<R extends { id: string }>(
  previous: Record<string, R>,
  next: Record<string, R>,
): Record<string, R> {
  let changed = Object.keys(previous).length !== Object.keys(next).length
  const kept: Record<string, R> = {}
  for (const [id, record] of Object.entries(next)) {
    const held = previous[id]
    if (held && sameValue(held, record)) kept[id] = held
    else {
      kept[id] = record
      changed = true
    }
  }
  return changed ? kept : previous
}

function overlay<R extends { id: string }>(
  confirmed: Record<string, R>,
  queued: readonly QueuedChange<R>[],
): Pick<RecordsState<R>, 'byId' | 'pending'> {
  if (queued.length === 0) return { byId: confirmed, pending: NOTHING_PENDING }
  const byId = new Map(Object.entries(confirmed))
  const pending: Record<string, PendingChange> = {}
  for (const change of queued) {
    if (change.record) {
      byId.set(change.id, change.record)
      pending[change.id] = change.id in confirmed ? 'editing' : 'adding'
    } else {
      byId.delete(change.id)
      pending[change.id] = 'deleting'
    }
  }
  return { byId: Object.fromEntries(byId), pending }
}

function withConfirmed<R extends { id: string }>(
  state: RecordsState<R>,
  next: Record<string, R>,
  journalled: Patch<R> = {},
): Patch<R> {
  const confirmed = keepUnchanged(state.confirmed, next)
  if (confirmed === state.confirmed) return journalled
  return { confirmed, ...overlay(confirmed, state.queued), ...journalled }
}

function journal<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
  value: R | null,
): Patch<R> {
  if (!state.reload) return {}
  return { reload: { ...state.reload, changes: { ...state.reload.changes, [id]: value } } }
}

/** Before the first answer (and no copy shown) a change waits for it: a list partly known would
 * tell a wrong handicap. Not the golfer's own change, shown already while it waited to be sent. */
const heldForFirstAnswer = (state: RecordsState<{ id: string }>, id: string) =>
  state.reload !== null &&
  state.status !== 'ready' &&
  !state.queued.some((change) => change.id === id)

export function upsertRecord<R extends { id: string }>(
  state: RecordsState<R>,
  record: R,
): Patch<R> {
  if (heldForFirstAnswer(state, record.id)) return journal(state, record.id, record)
  return withConfirmed(
    state,
    { ...state.confirmed, [record.id]: record },
    journal(state, record.id, record),
  )
}

export function removeRecord<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
): Patch<R> {
  if (!(id in state.confirmed) && !state.reload) return {}
  if (heldForFirstAnswer(state, id)) return journal(state, id, null)
  return withConfirmed(state, without(state.confirmed, id), journal(state, id, null))
}

export function setQueued<R extends { id: string }>(
  state: RecordsState<R>,
  queued: readonly QueuedChange<R>[],
): Patch<R> {
  if (queued.length === 0 && state.queued.length === 0) return {}
  return { queued, ...overlay(state.confirmed, queued) }
}

export function recordsById<R extends { id: string }>(records: readonly R[]): Record<string, R> {
  return Object.fromEntries(records.map((record) => [record.id, record]))
}

/** Ignored once the server has answered: a slow IndexedDB read must not cover a fresh load. */
export function hydrateRecords<R extends { id: string }>(
  state: RecordsState<R>,
  records: readonly R[],
): Patch<R> {
  if (state.status === 'ready') return {}
  return { ...withConfirmed(state, recordsById(records)), status: 'ready' }
}

export function beginReload<R extends { id: string }>(
  state: RecordsState<R>,
  token: number,
): Patch<R> {
  return {
    reload: { token, changes: {} },
    status: state.status === 'ready' ? 'ready' : 'loading',
  }
}

export function finishReload<R extends { id: string }>(
  state: RecordsState<R>,
  token: number,
  snapshot: readonly R[],
): Patch<R> {
  if (state.reload?.token !== token) return {}
  const merged = new Map(snapshot.map((record) => [record.id, record]))
  for (const [id, value] of Object.entries(state.reload.changes)) {
    if (value) merged.set(id, value)
    else merged.delete(id)
  }
  return { ...withConfirmed(state, Object.fromEntries(merged)), status: 'ready', reload: null }
}

export function failReload<R extends { id: string }>(
  state: RecordsState<R>,
  token: number,
): Patch<R> {
  if (state.reload?.token !== token) return {}
  return { reload: null, status: state.status === 'ready' ? 'ready' : 'error' }
}

let lastToken = 0
/** Unique for the page's lifetime, so a reload that outlives a reset is ignored. */
export const nextReloadToken = () => ++lastToken
