import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataError } from '@/lib/data-error'
import { deviceKey, readFromDevice } from '@/lib/device-storage'
import { createRecordsStore } from './records-store'
import { useNoticesStore } from './notices-store'
import {
  enqueue,
  forgetDevice,
  startOutbox,
  takeBackDelete,
  useOutboxStore,
  waitingSummary,
  type OutboxEntry,
  type OutboxKind,
} from './outbox'

interface Item {
  id: string
  name: string
}

const USER = 'golfer-1'
const useItems = createRecordsStore<Item>()
const items = () => useItems.getState()
const send = vi.fn<(entry: OutboxEntry) => Promise<Item | null>>()
const kind: OutboxKind<Item> = {
  store: useItems,
  noun: ['item', 'items'],
  version: 1,
  upgrade: (entry) => ({ ...entry, version: 1, input: null }),
  send,
  refusal: (entry) => ({ message: 'Refused.', typed: (entry.record as Item | null)?.name ?? null }),
}
const offline = () => new DataError({ message: 'Failed to fetch' })
const refused = () => new DataError({ message: 'check', code: '23514' })
const stored = () => readFromDevice<OutboxEntry[]>(deviceKey(USER, 'outbox'))

let stop: () => void

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  send.mockReset()
  items().reset()
  stop = startOutbox(USER, { items: kind })
})

afterEach(async () => {
  stop()
  // Spies first: a spy on the fake setTimeout restored after the clock would put the fake back.
  vi.restoreAllMocks()
  vi.useRealTimers()
  await forgetDevice(USER)
})

const add = (id: string, name: string) =>
  enqueue({ kind: 'items', action: 'add', id, record: { id, name }, input: name })
const remove = (id: string) =>
  enqueue({ kind: 'items', action: 'delete', id, record: null, input: null })

describe('the outbox', () => {
  it('shows a change at once, sends it, and puts the answer in the store', async () => {
    send.mockImplementation(async (entry) => ({ id: entry.id, name: 'as stored' }))
    await add('a', 'typed')
    expect(items().byId.a).toBeDefined()
    await vi.waitFor(() => expect(items().confirmed.a).toEqual({ id: 'a', name: 'as stored' }))
    expect(items().pending).toEqual({})
    expect(await stored()).toEqual([])
  })

  it('keeps every change on the device while the server cannot be reached, then sends them in order', async () => {
    send.mockRejectedValue(offline())
    await add('a', 'first')
    await add('b', 'second')
    await remove('a')
    await vi.waitFor(() => expect(useOutboxStore.getState().reachable).toBe(false))
    expect(Object.keys(items().byId)).toEqual(['b'])
    expect((await stored())?.map((entry) => [entry.action, entry.id])).toEqual([
      ['add', 'a'],
      ['add', 'b'],
      ['delete', 'a'],
    ])
    expect(waitingSummary(useOutboxStore.getState().entries, [['items', 'item', 'items']])).toBe(
      '1 item waiting to sync',
    )

    send.mockReset()
    send.mockImplementation(async (entry) =>
      entry.action === 'delete' ? null : (entry.record as Item),
    )
    await vi.runOnlyPendingTimersAsync()
    await vi.waitFor(async () => expect(await stored()).toEqual([]))
    expect(send.mock.calls.map(([entry]) => [entry.action, entry.id])).toEqual([
      ['add', 'a'],
      ['add', 'b'],
      ['delete', 'a'],
    ])
    expect(items().byId).toEqual({ b: { id: 'b', name: 'second' } })
    expect(useOutboxStore.getState().reachable).toBe(true)
  })

  it('backs off between retries, up to 30 seconds', async () => {
    send.mockRejectedValue(offline())
    await add('a', 'typed')
    const timeout = vi.spyOn(globalThis, 'setTimeout')
    for (let attempt = 0; attempt < 7; attempt++) {
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(attempt + 1))
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1))
      await vi.runOnlyPendingTimersAsync()
    }
    const delays = timeout.mock.calls.map(([, ms]) => ms).filter((ms) => (ms ?? 0) >= 1000)
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('drops only what the server refuses, saying so and keeping what was typed', async () => {
    send.mockImplementation(async (entry) => {
      if (entry.id === 'bad') throw refused()
      return entry.record as Item
    })
    await add('bad', 'Nonsense Links')
    await add('good', 'Home Links')
    await vi.waitFor(async () => expect(await stored()).toEqual([]))
    expect(Object.keys(items().byId)).toEqual(['good'])
    expect(useNoticesStore.getState().notice).toBe('Refused.')
    expect(useOutboxStore.getState().refused).toMatchObject([{ typed: 'Nonsense Links' }])
  })

  it("counts an add refused by its table's primary key as stored, and any other unique value as refused", async () => {
    // What Postgres says to an insert whose id or unique value is taken.
    const taken = (constraint: string) =>
      new DataError({
        message: `duplicate key value violates unique constraint "${constraint}"`,
        code: '23505',
      })
    send.mockImplementation(async (entry) => {
      if (entry.id === 'resent') throw taken('items_pkey')
      if (entry.id === 'same-name') throw taken('items_name_key')
      if (entry.id === 'other-table') throw taken('others_pkey')
      return entry.record as Item
    })
    await add('resent', 'Home Links')
    await add('same-name', 'Home Links')
    await add('other-table', 'Old Course')
    await vi.waitFor(async () => expect(await stored()).toEqual([]))
    expect(send).toHaveBeenCalledTimes(3)
    expect(items().confirmed).toEqual({ resent: { id: 'resent', name: 'Home Links' } })
    expect(useOutboxStore.getState().refused).toMatchObject([
      { typed: 'Home Links' },
      { typed: 'Old Course' },
    ])
  })

  it('takes back a delete that has not been sent, and not one on its way', async () => {
    send.mockRejectedValue(offline())
    items().upsert({ id: 'a', name: 'kept' })
    await remove('a')
    await vi.waitFor(() => expect(useOutboxStore.getState().reachable).toBe(false))
    expect(await takeBackDelete('items', 'a')).toBe(true)
    expect(items().byId.a).toEqual({ id: 'a', name: 'kept' })
    expect(await stored()).toEqual([])

    let finish!: () => void
    send.mockReset()
    send.mockReturnValue(new Promise((resolve) => (finish = () => resolve(null))))
    await remove('a')
    await vi.waitFor(() => expect(send).toHaveBeenCalled())
    expect(await takeBackDelete('items', 'a')).toBe(false)
    finish()
  })

  it('forgets everything of the golfer on logout', async () => {
    send.mockRejectedValue(offline())
    await add('a', 'typed')
    await forgetDevice(USER)
    expect(await stored()).toBeUndefined()
    expect(useOutboxStore.getState().entries).toEqual([])
  })
})

describe('waitingSummary', () => {
  const nouns = [
    ['courses', 'course', 'courses'],
    ['rounds', 'round', 'rounds'],
  ] as const
  it('counts records, not changes, by kind, leaving out one added and deleted again', () => {
    expect(waitingSummary([], nouns)).toBeNull()
    expect(
      waitingSummary(
        [
          { kind: 'rounds', id: 'r1', action: 'add' },
          { kind: 'rounds', id: 'r1', action: 'edit' },
          { kind: 'rounds', id: 'r2', action: 'delete' },
          { kind: 'rounds', id: 'r3', action: 'add' },
          { kind: 'rounds', id: 'r3', action: 'delete' },
          { kind: 'courses', id: 'c1', action: 'edit' },
        ],
        nouns,
      ),
    ).toBe('1 course and 2 rounds waiting to sync')
    expect(
      waitingSummary(
        [
          { kind: 'rounds', id: 'r3', action: 'add' },
          { kind: 'rounds', id: 'r3', action: 'delete' },
        ],
        nouns,
      ),
    ).toBeNull()
  })
})
