import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import { createRecordsStore, createRecordsSync, type RecordsSource } from './create-records-store'

interface Item {
  id: string
  name: string
}

const USER = 'golfer-1'
const KEY = deviceKey(USER, 'records:items')
const useItems = createRecordsStore<Item>()

function source(list: () => Promise<Item[]>): RecordsSource<Item> {
  return { table: 'items', list, subscribe: () => () => undefined }
}

afterEach(() => {
  useItems.getState().reset()
})

describe("the device's copy of a table", () => {
  it('shows what this device saw last time while the server does not answer', async () => {
    await writeToDevice(KEY, [{ id: 'a', name: 'kept' }])
    const stop = createRecordsSync(
      useItems,
      source(() => new Promise(() => undefined)),
    ).start(USER)
    await vi.waitFor(() =>
      expect(useItems.getState().byId).toEqual({ a: { id: 'a', name: 'kept' } }),
    )
    expect(useItems.getState().status).toBe('ready')
    stop()
  })

  it("never covers the server's answer with an older copy, and copies the answer back", async () => {
    await writeToDevice(KEY, [{ id: 'old', name: 'stale' }])
    const fresh = [{ id: 'b', name: 'fresh' }]
    const stop = createRecordsSync(
      useItems,
      source(async () => fresh),
    ).start(USER)
    await vi.waitFor(async () => expect(await readFromDevice(KEY)).toEqual(fresh))
    expect(useItems.getState().byId).toEqual({ b: fresh[0] })
    stop()
  })

  it('stops copying once the golfer has signed out', async () => {
    const stop = createRecordsSync(
      useItems,
      source(async () => []),
    ).start(USER)
    await vi.waitFor(() => expect(useItems.getState().status).toBe('ready'))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      useItems.getState().upsert({ id: 'c', name: 'late' })
      expect(vi.getTimerCount()).toBe(1)
      stop()
      // The copy scheduled before the stop is gone: nothing writes this golfer's data again.
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
