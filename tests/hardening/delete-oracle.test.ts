import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../src/lib/database.types.ts'
import { newClient, newGolfer, waitFor } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Issue 10 item 7, the DELETE filter oracle. Realtime never checks RLS for a DELETE, so with the
 * whole old row in the WAL (replica identity full) golfer B could subscribe to DELETE on rounds
 * with score=eq.77, score=eq.78, … and read A's deleted scores, course names and ratings from
 * which binding matched. Now the tables keep the default identity (a DELETE carries only the key)
 * and A's devices learn of deletes from A's own `deletions` rows, whose INSERT Realtime checks
 * against RLS. B's bindings must match nothing; A's second device must still see the delete.
 */
let a: Awaited<ReturnType<typeof newGolfer>>
let b: Awaited<ReturnType<typeof newGolfer>>
let aSecondDevice: SupabaseClient<Database>
const channels: [SupabaseClient<Database>, RealtimeChannel][] = []

const joined = (channel: RealtimeChannel) =>
  new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    }),
  )

beforeAll(async () => {
  a = await newGolfer('oracle-victim')
  b = await newGolfer('oracle-spy')
  aSecondDevice = newClient()
  const { error } = await aSecondDevice.auth.signInWithPassword({
    email: a.email,
    password: a.password,
  })
  expect(error).toBeNull()
})

afterAll(async () => {
  for (const [client, channel] of channels) await client.removeChannel(channel)
})

it("B's filtered DELETE subscriptions learn nothing of A's deletes; A's other device sees them", async () => {
  const courseId = ulid()
  const roundIds = [ulid(), ulid()]
  expect(
    (
      await a.client
        .from('courses')
        .insert({ id: courseId, name: 'Oracle Links', rating: 70.2, slope: 121 })
    ).error,
  ).toBeNull()
  for (const [at, id] of roundIds.entries()) {
    const { error } = await a.client
      .from('rounds')
      .insert({ id, course_id: courseId, score: 77 + at } as never)
    expect(error).toBeNull()
  }

  // B: one binding per guessed score, plus guesses at the course's columns and A's id, on rounds,
  // courses and the deletions table itself.
  const seen: unknown[] = []
  let spy = b.client.channel(`oracle-${ulid()}`)
  const filters: [string, string][] = [
    ...Array.from({ length: 10 }, (_, i): [string, string] => ['rounds', `score=eq.${72 + i}`]),
    ['rounds', 'course_name=eq.Oracle Links'],
    ['rounds', 'course_rating=eq.70.2'],
    ['rounds', `user_id=eq.${a.user.id}`],
    ['rounds', `course_id=eq.${courseId}`],
    ['courses', 'name=eq.Oracle Links'],
    ['courses', `user_id=eq.${a.user.id}`],
    ['deletions', `user_id=eq.${a.user.id}`],
    ['deletions', 'table_name=eq.rounds'],
  ]
  for (const [table, filter] of filters) {
    spy = spy.on('postgres_changes', { event: '*', schema: 'public', table, filter }, (payload) =>
      seen.push({ filter, payload }),
    )
  }
  // B's own marker: B's write comes after A's in the one WAL stream, so once it arrives A's
  // would have.
  const own: unknown[] = []
  const ownChannel = b.client
    .channel(`oracle-own-${ulid()}`)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'courses', filter: `user_id=eq.${b.user.id}` },
      (payload) => own.push(payload),
    )
  // A's second device, subscribed as the app is.
  const removed: string[] = []
  const device = aSecondDevice
    .channel(`oracle-device-${ulid()}`)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'deletions', filter: `user_id=eq.${a.user.id}` },
      (payload) => removed.push(`${payload.new.table_name}/${payload.new.record_id}`),
    )
  channels.push([b.client, spy], [b.client, ownChannel], [aSecondDevice, device])
  await Promise.all([spy, ownChannel, device].map(joined))

  expect(
    (
      await a.client
        .from('rounds')
        .delete()
        .eq('id', roundIds[0] as string)
    ).error,
  ).toBeNull()
  expect((await a.client.from('courses').delete().eq('id', courseId)).error).toBeNull()
  // The course's first tee (its id is the course's) goes with it, and is recorded too.
  await waitFor(() => removed.length === 3 || undefined, "the deletes on A's second device")
  expect(removed).toEqual([`rounds/${roundIds[0]}`, `courses/${courseId}`, `tees/${courseId}`])

  await b.client.from('courses').insert({ id: ulid(), name: 'B marker', rating: 70, slope: 113 })
  await waitFor(() => own.length > 0 || undefined, "B's own marker event")
  expect(seen).toEqual([])

  // Nor can B read A's deletions, or undo them.
  const read = await b.client.from('deletions').select('*')
  expect(read.data).toEqual([])
  const undo = await b.client.rpc('undo_deletion', {
    kind: 'rounds',
    record_id: roundIds[0] as string,
  })
  expect(undo.error?.code).toBe('42501')
})
