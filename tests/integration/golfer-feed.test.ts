import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/database.types.ts'
import { newGolfer, waitFor } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * The golfer's live feed as the database broadcasts it (supabase/schemas/90_live_feed.sql): every
 * change of their rows goes to their private topic `golfer:<id>`, which only they may join. And
 * the released app's Postgres Changes subscription keeps working beside it during the upgrade.
 */
interface RowChange {
  table: string
  operation: string
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
}

interface Joined {
  channel: RealtimeChannel
  status: string
  error?: string
  changes: RowChange[]
}

type Golfer = Awaited<ReturnType<typeof newGolfer>>

let a: Golfer
let b: Golfer
let upgrading: Golfer
const joined: [SupabaseClient<Database>, RealtimeChannel][] = []

beforeAll(async () => {
  ;[a, b, upgrading] = await Promise.all([
    newGolfer('feed-a'),
    newGolfer('feed-b'),
    newGolfer('feed-upgrading'),
  ])
})

afterAll(async () => {
  for (const [client, channel] of joined) await client.removeChannel(channel)
})

/** Joins `topic` privately as the new app does; resolves once joined or refused. */
async function joinTopic(client: SupabaseClient<Database>, topic: string): Promise<Joined> {
  await client.realtime.setAuth()
  const channel = client.channel(topic, { config: { private: true } })
  joined.push([client, channel])
  const changes: RowChange[] = []
  channel.on('broadcast', { event: '*' }, (message: { payload: RowChange }) => {
    changes.push(message.payload)
  })
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') {
        resolve({ channel, status, error: error?.message, changes })
      }
    })
  })
}

/** The released app's subscription: Postgres Changes filtered on the golfer, deletes as rows of
 * public.deletions. Records `INSERT:<id>` / `DELETE:<id>` of courses. */
async function joinAsReleasedApp(client: SupabaseClient<Database>, userId: string) {
  const events: string[] = []
  const filter = `user_id=eq.${userId}`
  const channel = client
    .channel(`records:${userId}:${ulid()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'courses', filter }, (p) => {
      if (p.eventType !== 'DELETE') events.push(`${p.eventType}:${String(p.new.id)}`)
    })
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'deletions', filter },
      (p) => {
        const deletion = p.new as { table_name: string; record_id: string }
        if (deletion.table_name === 'courses') events.push(`DELETE:${deletion.record_id}`)
      },
    )
  joined.push([client, channel])
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    }),
  )
  return events
}

const course = (name: string) => ({ id: ulid(), name, rating: 70.2, slope: 125 })

describe("the golfer's live feed", () => {
  it("refuses golfer A the topic of golfer B, with Realtime's reason", async () => {
    const refused = await joinTopic(a.client, `golfer:${b.user.id}`)
    expect(refused.status).toBe('CHANNEL_ERROR')
    expect(refused.error).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: golfer:${b.user.id}`,
    )
  })

  it("lets no device send on a golfer's topic, not even the golfer's own: only the database does", async () => {
    await a.client.realtime.setAuth()
    const own = a.client.channel(`golfer:${a.user.id}:send`, { config: { private: true } })
    await expect(own.httpSend('INSERT', { table: 'courses' })).rejects.toThrow('Unauthorized')
    const topic = a.client.channel(`golfer:${a.user.id}`, { config: { private: true } })
    await expect(topic.httpSend('INSERT', { table: 'courses' })).rejects.toThrow('Unauthorized')
    await a.client.removeChannel(own)
    await a.client.removeChannel(topic)
  })

  it("broadcasts each insert, update and delete of a golfer's row to their topic alone, the delete with its old row", async () => {
    const own = await joinTopic(a.client, `golfer:${a.user.id}`)
    expect(own.status).toBe('SUBSCRIBED')
    const other = await joinTopic(b.client, `golfer:${b.user.id}`)
    expect(other.status).toBe('SUBSCRIBED')

    const added = course('Feed Links')
    expect((await a.client.from('courses').insert(added)).error).toBeNull()
    expect((await a.client.from('courses').update({ slope: 130 }).eq('id', added.id)).error).toBe(
      null,
    )
    expect((await a.client.from('courses').delete().eq('id', added.id)).error).toBeNull()

    const ofCourse = () =>
      own.changes.filter(
        (change) =>
          change.table === 'courses' && (change.record?.id ?? change.old_record?.id) === added.id,
      )
    await waitFor(
      () => ofCourse().some((change) => change.operation === 'DELETE') || undefined,
      "the course's delete on A's topic",
    )
    expect(
      ofCourse().map((change) => [
        change.operation,
        change.record?.slope ?? null,
        change.old_record?.name ?? null,
      ]),
    ).toEqual([
      ['INSERT', 125, null],
      ['UPDATE', 130, 'Feed Links'],
      ['DELETE', null, 'Feed Links'],
    ])

    // B's own write comes after A's, on the same feed: once it is on B's topic, A's would be.
    const marker = course('B marker')
    expect((await b.client.from('courses').insert(marker)).error).toBeNull()
    await waitFor(
      () => other.changes.some((change) => change.record?.id === marker.id) || undefined,
      "B's marker on B's topic",
    )
    expect(
      other.changes.filter(
        (change) =>
          change.record?.user_id === a.user.id || change.old_record?.user_id === a.user.id,
      ),
    ).toEqual([])
  })

  it('keeps a device on the released app live beside one on the new, one change reaching both once', async () => {
    const { client, user } = upgrading
    const released = await joinAsReleasedApp(client, user.id)
    const current = await joinTopic(client, `golfer:${user.id}`)
    expect(current.status).toBe('SUBSCRIBED')

    const added = course('Upgrade Park')
    expect((await client.from('courses').insert(added)).error).toBeNull()
    // The stack checks a Postgres Changes INSERT by selecting the row, which the delete would hide.
    await waitFor(
      () => released.includes(`INSERT:${added.id}`) || undefined,
      'the insert on the released app',
    )
    expect((await client.from('courses').delete().eq('id', added.id)).error).toBeNull()

    await waitFor(
      () => released.includes(`DELETE:${added.id}`) || undefined,
      'the delete on the released app',
    )
    expect(released.filter((event) => event.endsWith(added.id))).toEqual([
      `INSERT:${added.id}`,
      `DELETE:${added.id}`,
    ])
    const ofCourse = () =>
      current.changes
        .filter(
          (change) =>
            change.table === 'courses' && (change.record?.id ?? change.old_record?.id) === added.id,
        )
        .map((change) => change.operation)
    await waitFor(() => ofCourse().includes('DELETE') || undefined, 'the delete on the new app')
    expect(ofCourse()).toEqual(['INSERT', 'DELETE'])
  })
})
