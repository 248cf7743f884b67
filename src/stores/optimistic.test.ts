import { beforeEach, describe, expect, it } from 'vitest'
import { createRecordsStore } from './create-records-store'
import { useNoticesStore } from './notices-store'
import { addOptimistically, deleteOptimistically } from './optimistic'

interface Item {
  id: string
  name: string
}

const useItems = createRecordsStore<Item>()
const items = () => useItems.getState()
const notice = () => useNoticesStore.getState().notice

/** A save the test settles by hand, to look at the screen state while it is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

beforeEach(() => {
  items().reset()
  useNoticesStore.getState().reset()
})

describe('addOptimistically', () => {
  it('shows the draft while saving, then the saved record', async () => {
    const save = deferred<Item>()
    const done = addOptimistically(useItems, { id: 'a', name: 'draft' }, () => save.promise, String)
    expect(items().byId.a).toEqual({ id: 'a', name: 'draft' })
    expect(items().pending.a).toBe('adding')
    save.resolve({ id: 'a', name: 'saved' })
    await done
    expect(items().byId.a).toEqual({ id: 'a', name: 'saved' })
    expect(items().pending.a).toBeUndefined()
    expect(notice()).toBeNull()
  })

  it('takes the draft away and says why when the save fails', async () => {
    await addOptimistically(
      useItems,
      { id: 'a', name: 'draft' },
      () => Promise.reject(new Error('offline')),
      (error) => `failed: ${(error as Error).message}`,
    )
    expect(items().byId.a).toBeUndefined()
    expect(items().pending.a).toBeUndefined()
    expect(notice()).toBe('failed: offline')
  })

  it('leaves the next session alone when the golfer signed out meanwhile', async () => {
    const save = deferred<Item>()
    const done = addOptimistically(useItems, { id: 'a', name: 'draft' }, () => save.promise, String)
    items().reset()
    save.reject(new Error('offline'))
    await done
    expect(items().byId).toEqual({})
    expect(notice()).toBeNull()
  })
})

describe('deleteOptimistically', () => {
  beforeEach(() => items().upsert({ id: 'a', name: 'kept' }))

  it('hides the record at once and keeps it gone when the delete succeeds', async () => {
    const remove = deferred<undefined>()
    const done = deleteOptimistically(useItems, 'a', () => remove.promise, 'could not delete')
    expect(items().byId.a).toBeUndefined()
    remove.resolve(undefined)
    await done
    expect(items().byId.a).toBeUndefined()
    expect(items().pending.a).toBeUndefined()
  })

  it('puts the record back and says so when the delete fails', async () => {
    await deleteOptimistically(
      useItems,
      'a',
      () => Promise.reject(new Error('offline')),
      'could not delete',
    )
    expect(items().byId.a).toEqual({ id: 'a', name: 'kept' })
    expect(notice()).toBe('could not delete')
  })

  it('ignores a second delete while the first is in flight', async () => {
    const remove = deferred<undefined>()
    let calls = 0
    const first = deleteOptimistically(
      useItems,
      'a',
      () => {
        calls += 1
        return remove.promise
      },
      'x',
    )
    await deleteOptimistically(useItems, 'a', () => Promise.reject(new Error('no')), 'x')
    remove.resolve(undefined)
    await first
    expect(calls).toBe(1)
    expect(notice()).toBeNull()
  })
})
