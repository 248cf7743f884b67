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

/** Hides the record at once and deletes it; if the delete fails, puts it back and says so. */
export async function deleteOptimistically<R extends { id: string }>(
  useStore: StoreHandle<R>,
  id: string,
  remove: (id: string) => Promise<void>,
  failureMessage: string,
): Promise<void> {
  const store = useStore.getState
  const record: R | undefined = store().byId[id]
  if (!record || store().pending[id]) return
  const { epoch } = store()
  store().markPending(id, 'deleting')
  store().remove(id)
  try {
    await remove(id)
    if (store().epoch === epoch) store().clearPending(id)
  } catch {
    if (store().epoch !== epoch) return
    store().clearPending(id)
    store().upsert(record)
    showNotice(failureMessage)
  }
}
