import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import type { OwnTablesFeed } from '@/lib/realtime'
import { createRecordsStore } from './records-store'
import {
  startRecordsSync,
  type DeviceCopies,
  type SubscribeToTables,
  type SyncedTable,
} from './records-sync'

interface Item {
  id: string
  name: string
}

const USER = 'golfer-1'
const KEY = deviceKey(USER, 'records:courses')
const useItems = createRecordsStore<Item>()
const useOthers = createRecordsStore<Item>()

function table(
  list: () => Promise<Item[]>,
  store = useItems,
  name: 'courses' | 'rounds' = 'courses',
): SyncedTable<'courses' | 'rounds', Item> {
  return {
    table: name,
    version: 3,
    store,
    fromRow: (row) => ({ id: row.id, name: `row ${row.id}` }),
    list,
  }
}

const never = () => new Promise<Item[]>(() => undefined)
const noChannel: SubscribeToTables = () => () => undefined

function start(tables: SyncedTable<'courses' | 'rounds', Item>[], subscribe = noChannel) {
  const onLive = vi.fn()
  const onAttestationsStale = vi.fn()
  const stop = startRecordsSync(USER, tables, { subscribe, onLive, onAttestationsStale })
  return { stop, onLive, onAttestationsStale }
}

afterEach(() => {
  useItems.getState().reset()
  useOthers.getState().reset()
})

describe("the device's copy of a table", () => {
  it('shows what this device saw last time while the server does not answer', async () => {
    await writeToDevice(KEY, { version: 3, records: [{ id: 'a', name: 'kept' }] })
    const { stop } = start([table(never)])
    await vi.waitFor(() =>
      expect(useItems.getState().byId).toEqual({ a: { id: 'a', name: 'kept' } }),
    )
    expect(useItems.getState().status).toBe('ready')
    stop()
  })

  it('does not show a copy of another shape: an older version, or a list from before versions', async () => {
    for (const older of [
      { version: 2, records: [{ id: 'a', name: 'old shape' }] },
      [{ id: 'a', name: 'unversioned' }],
    ]) {
      await writeToDevice(KEY, older)
      const fresh = [{ id: 'b', name: 'from the server' }]
      let answer: (items: Item[]) => void = () => undefined
      const { stop } = start([table(() => new Promise((resolve) => (answer = resolve)))])
      // Read the copy (and ignore it) before the server answers.
      await readFromDevice(KEY)
      expect(useItems.getState().byId).toEqual({})
      answer(fresh)
      await vi.waitFor(async () =>
        expect(await readFromDevice(KEY)).toEqual({ version: 3, records: fresh }),
      )
      stop()
    }
  })

  it('keeps an empty first answer on the device, over a copy of another shape', async () => {
    await writeToDevice(KEY, { version: 2, records: [{ id: 'a', name: 'old shape' }] })
    const { stop } = start([table(async () => [])])
    await vi.waitFor(async () =>
      expect(await readFromDevice(KEY)).toEqual({ version: 3, records: [] }),
    )
    stop()
  })

  it('shows the copies of all its tables together, in the order of the tables', async () => {
    await writeToDevice(KEY, { version: 3, records: [{ id: 'a', name: 'course' }] })
    await writeToDevice(deviceKey(USER, 'records:rounds'), {
      version: 3,
      records: [{ id: 'r', name: 'round' }],
    })
    for (const [tables, expected] of [
      [
        [table(never), table(never, useOthers, 'rounds')],
        ['courses', 'rounds'],
      ],
      [
        [table(never, useOthers, 'rounds'), table(never)],
        ['rounds', 'courses'],
      ],
    ] as const) {
      const shown: string[] = []
      // Whether the other table was shown too by the end of the task that showed the first.
      let together: boolean | null = null
      const watch = (store: typeof useItems, other: typeof useItems, name: string) =>
        store.subscribe((state) => {
          if (state.status !== 'ready' || shown.includes(name)) return
          shown.push(name)
          if (shown.length === 1) {
            queueMicrotask(() => (together = other.getState().status === 'ready'))
          }
        })
      const unwatch = [watch(useItems, useOthers, 'courses'), watch(useOthers, useItems, 'rounds')]
      const { stop } = start([...tables])
      await vi.waitFor(() => expect(shown).toHaveLength(2))
      expect(shown).toEqual(expected)
      expect(together).toBe(true)
      unwatch.forEach((off) => off())
      stop()
    }
  })

  /** What a hook of startRecordsSync is told of the courses and rounds, with the courses' status
   * then, and whether the courses were shown in the hook's own task. */
  function startTelling(
    hook: 'beforeCopiesShown' | 'beforeFirstAnswerShown',
    courses: SyncedTable<'courses' | 'rounds', Item>,
    rounds: SyncedTable<'courses' | 'rounds', Item>,
  ) {
    const told: unknown[] = []
    const seen: { shownInThatTask: boolean | null } = { shownInThatTask: null }
    const stop = startRecordsSync(USER, [courses, rounds], {
      subscribe: noChannel,
      onLive: vi.fn(),
      [hook]: (records: DeviceCopies) => {
        told.push([records.of(courses), records.of(rounds), useItems.getState().status])
        queueMicrotask(() => (seen.shownInThatTask = useItems.getState().status === 'ready'))
      },
    })
    return { told, seen, stop }
  }

  it('tells of the copies a task before it shows them, so work done for them runs apart', async () => {
    const course = { id: 'a', name: 'course' }
    const round = { id: 'r', name: 'round' }
    await writeToDevice(KEY, { version: 3, records: [course] })
    await writeToDevice(deviceKey(USER, 'records:rounds'), { version: 3, records: [round] })
    const { told, seen, stop } = startTelling(
      'beforeCopiesShown',
      table(never),
      table(never, useOthers, 'rounds'),
    )
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    expect(told).toEqual([[[course], [round], 'loading']])
    expect(seen.shownInThatTask).toBe(false)
    expect(Object.values(useItems.getState().byId)).toEqual([course])
    stop()
  })

  it("tells of a table's first answer a task before it shows it, when no copy was shown", async () => {
    const course = { id: 'a', name: 'course' }
    const round = { id: 'r', name: 'round' }
    await writeToDevice(deviceKey(USER, 'records:rounds'), { version: 3, records: [round] })
    const { told, seen, stop } = startTelling(
      'beforeFirstAnswerShown',
      table(() => Promise.resolve([course])),
      table(never, useOthers, 'rounds'),
    )
    await vi.waitFor(() => expect(useItems.getState().status).toBe('ready'))
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    // The rounds were shown from the device: the server's answer for them is not awaited here.
    expect(told).toEqual([[[course], null, 'loading']])
    expect(seen.shownInThatTask).toBe(false)
    stop()
  })

  it('does not write back the copy it showed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await writeToDevice(KEY, { version: 3, records: [{ id: 'a', name: 'kept' }] })
    const { stop } = start([table(never)])
    try {
      await vi.waitFor(() => expect(useItems.getState().status).toBe('ready'))
      // Written by someone else after the copy was shown: a write-back would cover it.
      const marker = { version: 3, records: [{ id: 'm', name: 'marker' }] }
      await writeToDevice(KEY, marker)
      vi.runAllTimers()
      expect(await readFromDevice(KEY)).toEqual(marker)

      useItems.getState().upsert({ id: 'b', name: 'changed here' })
      vi.runAllTimers()
      await vi.waitFor(async () =>
        expect(await readFromDevice(KEY)).toEqual({
          version: 3,
          records: [
            { id: 'a', name: 'kept' },
            { id: 'b', name: 'changed here' },
          ],
        }),
      )
    } finally {
      stop()
      vi.useRealTimers()
    }
  })

  it('shows an older copy its table can upgrade, and not one it cannot', async () => {
    const upgrading = {
      ...table(never),
      upgradeRecord: (record: unknown, version: number) =>
        version === 2 ? { ...(record as Item), name: `${(record as Item).name}, upgraded` } : null,
    }
    await writeToDevice(KEY, { version: 2, records: [{ id: 'a', name: 'old shape' }] })
    const first = start([upgrading])
    await vi.waitFor(() =>
      expect(useItems.getState().byId).toEqual({ a: { id: 'a', name: 'old shape, upgraded' } }),
    )
    first.stop()
    useItems.getState().reset()
    await writeToDevice(KEY, { version: 1, records: [{ id: 'a', name: 'older still' }] })
    const second = start([upgrading])
    await readFromDevice(KEY)
    await new Promise<void>((resolve) => queueMicrotask(resolve))
    expect(useItems.getState().byId).toEqual({})
    second.stop()
  })

  it("never covers the server's answer with an older copy, and copies the answer back", async () => {
    await writeToDevice(KEY, { version: 3, records: [{ id: 'old', name: 'stale' }] })
    const fresh = [{ id: 'b', name: 'fresh' }]
    const { stop } = start([table(async () => fresh)])
    await vi.waitFor(async () =>
      expect(await readFromDevice(KEY)).toEqual({ version: 3, records: fresh }),
    )
    expect(useItems.getState().byId).toEqual({ b: fresh[0] })
    stop()
  })

  it('stops copying once the golfer has signed out', async () => {
    const { stop } = start([table(async () => [])])
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

describe('one channel for every table', () => {
  function withChannel({ coursesFailFirst = false } = {}) {
    const subscribe = vi.fn<SubscribeToTables>(() => () => undefined)
    const lists = { courses: vi.fn(async () => []), rounds: vi.fn(async () => []) }
    if (coursesFailFirst) lists.courses.mockRejectedValueOnce(new Error('offline'))
    const view = start([table(lists.courses), table(lists.rounds, useOthers, 'rounds')], subscribe)
    const feed = () => subscribe.mock.calls[0]?.[2] as OwnTablesFeed
    return { ...view, subscribe, lists, feed }
  }

  it('subscribes once for both tables and routes each row to its store', () => {
    const { subscribe, feed, stop } = withChannel()
    expect(subscribe).toHaveBeenCalledTimes(1)
    expect(subscribe.mock.calls[0]?.[1]).toEqual(['courses', 'rounds'])
    feed().onUpsert('rounds', { id: 'r1' } as never)
    expect(useOthers.getState().confirmed).toEqual({ r1: { id: 'r1', name: 'row r1' } })
    expect(useItems.getState().confirmed).toEqual({})
    stop()
  })

  it('loads each table once for a load and its first join, however often the feed says live', async () => {
    const { feed, onLive, lists, stop } = withChannel()
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    // The channel joined, its feed subscribed, a refreshed token: three `live`s, no rejoin.
    feed().onHealth('live')
    feed().onHealth('live')
    feed().onHealth('live')
    expect(lists.courses).toHaveBeenCalledTimes(1)
    expect(lists.rounds).toHaveBeenCalledTimes(1)
    expect(onLive).toHaveBeenCalledTimes(1)
    stop()
  })

  it('on the first join, loads again only a table whose load at start failed', async () => {
    const { feed, lists, stop } = withChannel({ coursesFailFirst: true })
    await vi.waitFor(() => expect(useItems.getState().status).toBe('error'))
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    feed().onHealth('live')
    await vi.waitFor(() => expect(useItems.getState().status).toBe('ready'))
    expect(lists.courses).toHaveBeenCalledTimes(2)
    expect(lists.rounds).toHaveBeenCalledTimes(1)
    stop()
  })

  it('on a rejoin, reloads each table and tells the outbox once', async () => {
    const { feed, onLive, lists, stop } = withChannel()
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    lists.courses.mockClear()
    lists.rounds.mockClear()
    feed().onHealth('interrupted')
    expect(useItems.getState().live).toBe('interrupted')
    expect(useOthers.getState().live).toBe('interrupted')
    feed().onHealth('live')
    feed().onHealth('live')
    expect(onLive).toHaveBeenCalledTimes(1)
    expect(lists.courses).toHaveBeenCalledTimes(1)
    expect(lists.rounds).toHaveBeenCalledTimes(1)
    stop()
  })

  it("reloads each table and the attestations when the first join's replay was full", async () => {
    const { feed, onLive, onAttestationsStale, lists, stop } = withChannel()
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    feed().onHealth('live')
    lists.courses.mockClear()
    lists.rounds.mockClear()
    feed().onReplayFull?.()
    expect(lists.courses).toHaveBeenCalledTimes(1)
    expect(lists.rounds).toHaveBeenCalledTimes(1)
    expect(onAttestationsStale).toHaveBeenCalledTimes(1)
    expect(onLive).toHaveBeenCalledTimes(1)
    stop()
  })

  it('has the attestations read again when one arrives, and after a rejoin, not on the first join', async () => {
    const { feed, onAttestationsStale, stop } = withChannel()
    await vi.waitFor(() => expect(useOthers.getState().status).toBe('ready'))
    feed().onHealth('live')
    expect(onAttestationsStale).not.toHaveBeenCalled()
    feed().onAttested?.()
    expect(onAttestationsStale).toHaveBeenCalledTimes(1)
    feed().onHealth('interrupted')
    feed().onHealth('live')
    feed().onHealth('live')
    expect(onAttestationsStale).toHaveBeenCalledTimes(2)
    stop()
  })
})
