import type { RecordsStore } from './create-records-store'
import { showNotice } from './notices-store'

type StoreHandle<R extends { id: string }> = { getState(): RecordsStore<R> }

/**
 * Shows the record at once and saves it; if the save fails, takes it away again and tells the
 * golfer why. Resolves either way: the outcome is on screen. Work started before a sign-out (the
 * store's epoch moved on) leaves the next session alone.
 */
export async function addOptimistically<R extends { id: string }>(
  useStore: StoreHandle<R>,
  draft: R,
  save: () => Promise<R>,
  failureMessage: (error: unknown) => string,
): Promise<void> {
  const store = useStore.getState
  const { epoch } = store()
  store().markPending(draft.id, 'adding')
  store().upsert(draft)
  try {
    const saved = await save()
    if (store().epoch !== epoch) return
    store().clearPending(draft.id)
    store().upsert(saved)
  } catch (error) {
    if (store().epoch !== epoch) return
    store().clearPending(draft.id)
    store().remove(draft.id)
    showNotice(failureMessage(error))
  }
}

/**
 * Hides the record at once and deletes it; if the delete fails, puts it back and says so.
 * Resolves with the deleted record (for an Undo), or null when nothing was deleted.
 */
export async function deleteOptimistically<R extends { id: string }>(
  useStore: StoreHandle<R>,
  id: string,
  remove: (id: string) => Promise<void>,
  failureMessage: string,
): Promise<R | null> {
  const store = useStore.getState
  const record: R | undefined = store().byId[id]
  if (!record || store().pending[id]) return null
  const { epoch } = store()
  store().markPending(id, 'deleting')
  store().remove(id)
  try {
    await remove(id)
    if (store().epoch !== epoch) return null
    store().clearPending(id)
    return record
  } catch {
    if (store().epoch !== epoch) return null
    store().clearPending(id)
    store().upsert(record)
    showNotice(failureMessage)
    return null
  }
}

/** Shows the edited record at once and saves it; if the save fails, puts the old one back. */
export async function updateOptimistically<R extends { id: string }>(
  useStore: StoreHandle<R>,
  draft: R,
  save: () => Promise<R>,
  failureMessage: (error: unknown) => string,
): Promise<void> {
  const store = useStore.getState
  const previous: R | undefined = store().byId[draft.id]
  if (!previous || store().pending[draft.id]) return
  const { epoch } = store()
  store().upsert(draft)
  try {
    const saved = await save()
    if (store().epoch === epoch) store().upsert(saved)
  } catch (error) {
    if (store().epoch !== epoch) return
    store().upsert(previous)
    showNotice(failureMessage(error))
  }
}

/** Undo of a delete: shows the record again at once; if the database refuses, takes it away. */
export async function restoreOptimistically<R extends { id: string }>(
  useStore: StoreHandle<R>,
  record: R,
  restore: (id: string) => Promise<void>,
  failureMessage: string,
): Promise<void> {
  const store = useStore.getState
  if (store().pending[record.id] || store().byId[record.id]) return
  const { epoch } = store()
  store().markPending(record.id, 'adding')
  store().upsert(record)
  try {
    await restore(record.id)
    if (store().epoch === epoch) store().clearPending(record.id)
  } catch {
    if (store().epoch !== epoch) return
    store().clearPending(record.id)
    store().remove(record.id)
    showNotice(failureMessage)
  }
}
