/**
 * The bookkeeping both data stores share, as pure functions of the state so the rules are tested
 * once. Two layers:
 *
 * - `confirmed`: the golfer's rows as the server last told us (a load, a realtime event, the
 *   answer to a save), or as this device last saw them (read back from IndexedDB on open).
 * - `queued`: the golfer's own changes still waiting in the outbox, oldest first. They are laid
 *   over the confirmed rows, so what the screens show (`byId`) is what the golfer asked for,
 *   whatever the server has said meanwhile. A change leaves the queue when the server has it (and
 *   its answer lands in `confirmed`) or refused it (and the view goes back to `confirmed`).
 *
 * Why the journal: a reload's snapshot is taken at some moment while the request is in flight; a
 * realtime event or a confirmed save that arrives in the meantime may be newer than the snapshot,
 * so it is applied again on top of it.
 */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'
export type PendingChange = 'adding' | 'editing' | 'deleting'

/** One change the golfer made that the server does not have yet: the record as it should be now. */
export type QueuedChange<R extends { id: string }> =
  { id: string; record: R } | { id: string; record: null }

export interface RecordsState<R extends { id: string }> {
  /** What the screens show: the confirmed rows with the queued changes laid over them. */
  byId: Record<string, R>
  /** The queued change of each record, by id: what its entry says ("Saving…", waiting). */
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

/** Nothing waiting: one object, so a screen that selects `pending` does not redraw for a new {}. */
const NOTHING_PENDING: Record<string, PendingChange> = Object.freeze({})

/**
 * Whether two rows read the same, their arrays and objects (a card's holes, its game) compared by
 * value: a reload builds every row afresh, and a round scored hole by hole is never the same
 * object twice, so a shallow comparison took each such round as changed and the whole record was
 * scored and drawn again after every load.
 */
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

/**
 * `next`, with each record that has not changed replaced by the object already held, and `previous`
 * itself when nothing changed: a reload that finds what the device showed (the usual case), or the
 * echo of the golfer's own save, redraws nothing, even for a golfer with hundreds of rounds.
 */
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

/** The view: confirmed rows, then each queued change in the order the golfer made them. */
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

/** The server has this record (a realtime event, or its answer to a save). */
export function upsertRecord<R extends { id: string }>(
  state: RecordsState<R>,
  record: R,
): Patch<R> {
  return withConfirmed(
    state,
    { ...state.confirmed, [record.id]: record },
    journal(state, record.id, record),
  )
}

/** The server no longer has this record. */
export function removeRecord<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
): Patch<R> {
  if (!(id in state.confirmed) && !state.reload) return {}
  return withConfirmed(state, without(state.confirmed, id), journal(state, id, null))
}

/** The outbox's changes for this table, oldest first, replacing the previous ones. */
export function setQueued<R extends { id: string }>(
  state: RecordsState<R>,
  queued: readonly QueuedChange<R>[],
): Patch<R> {
  // The outbox publishes after every send; an empty queue that stays empty changes nothing.
  if (queued.length === 0 && state.queued.length === 0) return {}
  return { queued, ...overlay(state.confirmed, queued) }
}

/** Records keyed by id, as a store holds them. */
export function recordsById<R extends { id: string }>(records: readonly R[]): Record<string, R> {
  return Object.fromEntries(records.map((record) => [record.id, record]))
}

/**
 * What this device saw last time, shown at once on open. Ignored once the server has answered:
 * a slow IndexedDB read must not cover a fresh load.
 */
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
  // Records already on screen stay: they are still the best knowledge, and the next realtime
  // rejoin reloads again.
  return { reload: null, status: state.status === 'ready' ? 'ready' : 'error' }
}

let lastToken = 0
/** Tokens are unique for the page's lifetime, so a reload that outlives a reset is ignored. */
export const nextReloadToken = () => ++lastToken
