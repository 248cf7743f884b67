/**
 * The bookkeeping both data stores share: records by id, what the golfer is still saving or
 * deleting, and the changes seen while a full reload is in flight. Pure functions of the state,
 * so the rules are tested once.
 *
 * Why the journal: a reload's snapshot is taken at some moment while the request is in flight; a
 * realtime event or a confirmed save that arrives in the meantime may be newer than the snapshot,
 * so it is applied again on top of it. Pending saves and deletes are kept or hidden the same way,
 * so the list never shows a state the golfer did not ask for.
 */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'
export type PendingChange = 'adding' | 'deleting'

export interface RecordsState<R extends { id: string }> {
  byId: Record<string, R>
  status: LoadStatus
  pending: Record<string, PendingChange>
  reload: { token: number; changes: Record<string, R | null> } | null
}

export function emptyRecords<R extends { id: string }>(): RecordsState<R> {
  return { byId: {}, status: 'idle', pending: {}, reload: null }
}

type Patch<R extends { id: string }> = Partial<RecordsState<R>>

function without<V>(entries: Record<string, V>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(entries).filter(([entryKey]) => entryKey !== key))
}

function journal<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
  value: R | null,
): Patch<R> {
  if (!state.reload) return {}
  return { reload: { ...state.reload, changes: { ...state.reload.changes, [id]: value } } }
}

export function upsertRecord<R extends { id: string }>(
  state: RecordsState<R>,
  record: R,
): Patch<R> {
  if (state.pending[record.id] === 'deleting') return {}
  return { byId: { ...state.byId, [record.id]: record }, ...journal(state, record.id, record) }
}

export function removeRecord<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
): Patch<R> {
  if (!(id in state.byId) && !state.reload) return {}
  return { byId: without(state.byId, id), ...journal(state, id, null) }
}

export function markPending<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
  change: PendingChange,
): Patch<R> {
  return { pending: { ...state.pending, [id]: change } }
}

export function clearPending<R extends { id: string }>(
  state: RecordsState<R>,
  id: string,
): Patch<R> {
  if (!(id in state.pending)) return {}
  return { pending: without(state.pending, id) }
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
  for (const [id, change] of Object.entries(state.pending)) {
    const current = state.byId[id]
    if (change === 'adding' && current) merged.set(id, current)
    if (change === 'deleting') merged.delete(id)
  }
  return { byId: Object.fromEntries(merged), status: 'ready', reload: null }
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
