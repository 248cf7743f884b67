import { afterAll, beforeAll, expect, it } from 'vitest'
import { follow, note, rowId, type Feed } from '../realtime-support.ts'
import { newUser } from '../support.ts'

/**
 * The Postgres Changes filters of the Realtime the installed CLI pins: `like`, `ilike`, `is`,
 * `match`, `imatch`, `isdistinct`, the `not.` prefix and double-quoted values. One channel holds
 * an unfiltered binding and one binding per filter; Realtime sends each change once with the ids
 * of every binding it passes, so when the last note reaches the unfiltered binding, every filter
 * has had its say on every note before it.
 */

type User = Awaited<ReturnType<typeof newUser>>
let user: User
let feed: Feed

const filters = [
  'title=like.Hole%',
  'title=not.ilike.hole%',
  'body=is.null',
  'body=not.is.null',
  'title=imatch."^(par|birdie), "',
  'priority=isdistinct.3',
  'priority=not.in.(1,2,3)',
  'priority=not.eq.3',
]

beforeAll(async () => {
  user = await newUser('rt-filters')
  feed = await follow(user.client, [
    { event: 'INSERT', schema: 'public', table: 'notes', filter: `user_id=eq.${user.user.id}` },
    ...filters.map((filter) => ({
      event: 'INSERT' as const,
      schema: 'public',
      table: 'notes',
      filter: `user_id=eq.${user.user.id},${filter}`,
    })),
  ])
  await feed.watch.until(
    () => feed.system.some((m) => m.extension === 'postgres_changes' && m.status === 'ok'),
    'the subscription',
  )
})

afterAll(() => user.client.removeChannel(feed.channel))

it('sends each change to the bindings whose filters it passes', async () => {
  const notes = [
    note({ title: 'Hole 1', body: null, priority: 3 }),
    note({ title: 'hole 2', body: 'windy', priority: 1 }),
    note({ title: 'Birdie, at last', body: 'on 7', priority: 5 }),
    note({ title: 'Par, again', body: null, priority: 0 }),
  ]
  for (const row of notes) {
    const { error } = await user.client.from('notes').insert(row)
    expect(error).toBeNull()
  }
  const last = notes[notes.length - 1]?.id
  await feed.watch.until(
    () => feed.changes.some(({ binding, change }) => binding === 0 && rowId(change) === last),
    'the last note on the unfiltered binding',
  )
  const titlesOf = (binding: number) =>
    feed.changes
      .filter((item) => item.binding === binding)
      .map(({ change }) => (change.new as { title?: string }).title)
  expect(Object.fromEntries(filters.map((filter, index) => [filter, titlesOf(index + 1)]))).toEqual(
    {
      'title=like.Hole%': ['Hole 1'],
      'title=not.ilike.hole%': ['Birdie, at last', 'Par, again'],
      'body=is.null': ['Hole 1', 'Par, again'],
      'body=not.is.null': ['hole 2', 'Birdie, at last'],
      'title=imatch."^(par|birdie), "': ['Birdie, at last', 'Par, again'],
      'priority=isdistinct.3': ['hole 2', 'Birdie, at last', 'Par, again'],
      'priority=not.in.(1,2,3)': ['Birdie, at last', 'Par, again'],
      'priority=not.eq.3': ['hole 2', 'Birdie, at last', 'Par, again'],
    },
  )
})

it("refuses a filter the column cannot take, with Realtime's reason", async () => {
  const refused = await follow(user.client, [
    { event: '*', schema: 'public', table: 'notes', filter: 'title=is.true' },
  ])
  try {
    const message = await refused.watch.until(
      () => refused.system.find((m) => m.extension === 'postgres_changes'),
      'the subscription outcome',
    )
    expect(message).toMatchObject({ status: 'error' })
    expect(message.message).toContain(
      'Exception: ERROR P0001 (raise_exception) is true filter requires a boolean column, got text',
    )
  } finally {
    await user.client.removeChannel(refused.channel)
  }
})
