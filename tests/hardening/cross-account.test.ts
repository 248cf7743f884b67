import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  adminPool,
  newClient,
  newGolfer,
  nodeRealtime,
  stackInfo,
  waitFor,
} from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Golfer B knows golfer A's ids and tries every path to A's data. Each attempt must fail or return
 * nothing, and A's rows must be exactly as they were, checked row by row at the end.
 */
let a: Awaited<ReturnType<typeof newGolfer>>
let b: Awaited<ReturnType<typeof newGolfer>>
const aCourseId = ulid()
const aRoundId = ulid()
const pool = adminPool()
let snapshot: unknown

async function aRows() {
  const courses = await pool.query('select * from public.courses where user_id = $1 order by id', [
    a.user.id,
  ])
  const rounds = await pool.query('select * from public.rounds where user_id = $1 order by id', [
    a.user.id,
  ])
  return { courses: courses.rows, rounds: rounds.rows }
}

beforeAll(async () => {
  a = await newGolfer('victim')
  b = await newGolfer('attacker')
  const course = await a.client
    .from('courses')
    .insert({ id: aCourseId, name: 'Secret Links', rating: 70.2, slope: 121 })
  expect(course.error).toBeNull()
  const round = await a.client
    .from('rounds')
    .insert({ id: aRoundId, course_id: aCourseId, score: 84 } as never)
  expect(round.error).toBeNull()
  snapshot = await aRows()
})

afterAll(async () => {
  expect(await aRows()).toEqual(snapshot)
  await pool.end()
})

describe("golfer B cannot read golfer A's data", () => {
  it('through filters, or=, views and a direct id', async () => {
    const attempts = [
      b.client.from('courses').select('*').eq('id', aCourseId),
      b.client.from('courses').select('*').eq('user_id', a.user.id),
      b.client.from('courses').select('*').or(`user_id.eq.${a.user.id},id.eq.${aCourseId}`),
      b.client.from('rounds').select('*').eq('course_id', aCourseId),
      b.client.from('rounds').select('*').or(`id.eq.${aRoundId},user_id.eq.${a.user.id}`),
      b.client.from('round_differentials').select('*'),
      b.client.from('handicap_indexes').select('*').eq('user_id', a.user.id),
    ]
    for (const { data, error } of await Promise.all(attempts)) {
      expect(error).toBeNull()
      expect(data).toEqual([])
    }
  })

  it('with the anon key alone', async () => {
    const anonymous = newClient()
    const reads = await Promise.all([
      anonymous.from('courses').select('*'),
      anonymous.from('rounds').select('*'),
      anonymous.from('round_differentials').select('*'),
      anonymous.from('handicap_indexes').select('*'),
    ])
    for (const { data } of reads) expect(data ?? []).toEqual([])
    const insert = await anonymous
      .from('courses')
      .insert({ id: ulid(), name: 'Anon', rating: 70, slope: 113 })
    expect(insert.status).toBe(401)
  })
})

describe("golfer B cannot change golfer A's data", () => {
  it('update and delete by id or owner affect nothing', async () => {
    const results = await Promise.all([
      b.client.from('courses').update({ name: 'Hacked' }).eq('id', aCourseId).select(),
      b.client.from('courses').update({ user_id: b.user.id }).eq('id', aCourseId).select(),
      b.client
        .from('rounds')
        .update({ score: 60 } as never)
        .eq('id', aRoundId)
        .select(),
      b.client.from('courses').delete().eq('user_id', a.user.id).select(),
      b.client.from('rounds').delete().eq('id', aRoundId).select(),
    ])
    for (const { data } of results) expect(data ?? []).toEqual([])
  })

  it('upsert onto an id of A is refused', async () => {
    const { error } = await b.client
      .from('courses')
      .upsert({ id: aCourseId, name: 'Taken over', rating: 70, slope: 113 })
    expect(error).not.toBeNull()
  })

  it('inserting a row owned by A (forged user_id) is refused', async () => {
    const { error, status } = await b.client
      .from('courses')
      .insert({ id: ulid(), user_id: a.user.id, name: 'Forged', rating: 70, slope: 113 })
    expect(error?.code).toBe('42501')
    expect(status).toBe(403)
  })

  it("a round on A's course is refused", async () => {
    const { error } = await b.client
      .from('rounds')
      .insert({ id: ulid(), course_id: aCourseId, score: 80 } as never)
    expect(error).not.toBeNull()
  })

  it('forged course copies are replaced by the real course values', async () => {
    const courseId = ulid()
    await b.client.from('courses').insert({ id: courseId, name: 'Real', rating: 72.0, slope: 130 })
    const roundId = ulid()
    const { error } = await b.client.from('rounds').insert({
      id: roundId,
      course_id: courseId,
      score: 90,
      course_name: 'Forged',
      course_rating: 20.0,
      slope_rating: 155,
    } as never)
    expect(error).toBeNull()
    const { rows } = await pool.query(
      'select course_name, course_rating::float8 as rating, slope_rating from public.rounds where id = $1',
      [roundId],
    )
    expect(rows[0]).toEqual({ course_name: 'Real', rating: 72, slope_rating: 130 })
  })
})

describe('tokens', () => {
  it("a token of A's that expired is refused", async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({
      sub: a.user.id,
      role: 'authenticated',
      aud: 'authenticated',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(stackInfo().jwtSecret))
    const replay = createClient(stackInfo().apiUrl, stackInfo().publishableKey, {
      accessToken: async () => expired,
      realtime: nodeRealtime,
    })
    const { data, error, status } = await replay.from('courses').select('*')
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error?.code).toBe('PGRST303')
  })

  it('a token signed with another secret is refused', async () => {
    const forged = await new SignJWT({
      sub: a.user.id,
      role: 'authenticated',
      aud: 'authenticated',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'))
    const replay = createClient(stackInfo().apiUrl, stackInfo().publishableKey, {
      accessToken: async () => forged,
      realtime: nodeRealtime,
    })
    const { status, error } = await replay.from('courses').select('*')
    expect(status).toBe(401)
    expect(error?.code).toBe('PGRST301')
  })
})

describe('realtime', () => {
  it("a subscription filtered on A's id delivers nothing of A's to B", async () => {
    const seen: unknown[] = []
    const channel = b.client
      .channel(`spy-${ulid()}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'courses', filter: `user_id=eq.${a.user.id}` },
        (payload) => seen.push(payload),
      )
    const own: unknown[] = []
    const ownChannel = b.client
      .channel(`own-${ulid()}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'courses', filter: `user_id=eq.${b.user.id}` },
        (payload) => own.push(payload),
      )
    await Promise.all(
      [channel, ownChannel].map(
        (ch) =>
          new Promise<void>((resolve, reject) =>
            ch.subscribe((status, err) => {
              if (status === 'SUBSCRIBED') resolve()
              else if (status !== 'CLOSED') reject(err ?? new Error(status))
            }),
          ),
      ),
    )
    const liveId = ulid()
    await a.client.from('courses').insert({ id: liveId, name: 'A live', rating: 70, slope: 113 })
    // B's own marker write comes after A's in the one WAL stream: once it arrives, A's would have.
    await b.client.from('courses').insert({ id: ulid(), name: 'B marker', rating: 70, slope: 113 })
    await waitFor(() => own.length > 0 || undefined, "B's own marker event")
    expect(seen).toEqual([])

    // Realtime never RLS-checks a DELETE (supabase-compat §C). The tables keep the default
    // replica identity, so a DELETE carries only the primary key and B's user_id filter cannot
    // match it: B learns nothing, not even that the id is gone (tests/hardening/delete-oracle).
    await a.client.from('courses').delete().eq('id', liveId)
    await b.client
      .from('courses')
      .insert({ id: ulid(), name: 'B marker 2', rating: 70, slope: 113 })
    await waitFor(() => own.length > 1 || undefined, "B's second marker event")
    expect(seen).toEqual([])
    await b.client.removeChannel(channel)
    await b.client.removeChannel(ownChannel)
  })

  it('refuses a websocket without a valid key', async () => {
    const url = `${stackInfo().apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=not-a-key&vsn=2.0.0`
    const outcome = await new Promise<string>((resolve) => {
      const socket = new WebSocket(url)
      socket.on('open', () => {
        socket.close()
        resolve('open')
      })
      socket.on('error', () => resolve('refused'))
      socket.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`))
    })
    expect(outcome).toMatch(/^refused/)
  })
})
