import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { adminPool, newClient, newGolfer, stackInfo } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * PostgREST conformance of the local stack's /rest/v1, driven through the real supabase-js as
 * HCPFast uses it, by two golfers signed up through the real Auth API. Protocol details the client
 * hides (headers, raw bodies, statuses of malformed requests) are checked with plain fetch.
 */

const stack = stackInfo()
const pool = adminPool()
const run = `${process.pid}_${Date.now()}`
/** Functions this file creates for its rpc tests (the migrations define none). */
const fn = {
  count: `rest_test_count_${run}`,
  slopeAtLeast: `rest_test_slope_at_least_${run}`,
  nothing: `rest_test_nothing_${run}`,
  session: `rest_test_session_${run}`,
  write: `rest_test_write_${run}`,
  echo: `rest_test_echo_${run}`,
}

let a: Awaited<ReturnType<typeof newGolfer>>
let b: Awaited<ReturnType<typeof newGolfer>>
const anonymous = newClient()

const course = (overrides: Record<string, unknown> = {}) => ({
  id: ulid(),
  name: 'Old Course',
  rating: 72.1,
  slope: 132,
  ...overrides,
})

async function storedCourses(userId: string) {
  const { rows } = await pool.query<{ id: string; name: string }>(
    'select id, name from public.courses where user_id = $1 order by id',
    [userId],
  )
  return rows
}

/** A request as postgrest-js makes it, for what the client does not expose. */
function rest(path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init
  return fetch(`${stack.apiUrl}/rest/v1/${path}`, {
    ...rest,
    headers: {
      apikey: stack.publishableKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...init.headers,
    },
  })
}

function signedToken(claims: Record<string, unknown>, secret = stack.jwtSecret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

/** The functions this file creates are not in the generated Database type. */
const untyped = (client: unknown) => client as SupabaseClient

function clientWithToken(token: string) {
  return createClient(stack.apiUrl, stack.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  })
}

beforeAll(async () => {
  ;[a, b] = await Promise.all([newGolfer('rest-a'), newGolfer('rest-b')])
  await pool.query(`
    create function public.${fn.count}(min_slope int default 0) returns int
      language sql stable as $$ select count(*)::int from public.courses where slope >= min_slope $$;
    create function public.${fn.slopeAtLeast}(min_slope int) returns setof public.courses
      language sql stable as $$ select * from public.courses where slope >= min_slope $$;
    create function public.${fn.nothing}() returns void language sql as $$ select $$;
    create function public.${fn.session}() returns json language sql stable as $$
      select json_build_object(
        'uid', auth.uid(), 'role', current_user, 'method', current_setting('request.method'),
        'path', current_setting('request.path'), 'timeout', current_setting('statement_timeout'),
        'read_only', current_setting('transaction_read_only'))
    $$;
    create function public.${fn.write}() returns int language plpgsql as $$
      begin create temporary table if not exists rest_test_scratch (x int); return 1; end
    $$;
    create function public.${fn.echo}(payload jsonb) returns jsonb language sql immutable as $$
      select payload
    $$;
  `)
})

afterAll(async () => {
  await pool.query(`
    drop function if exists public.${fn.count}(int);
    drop function if exists public.${fn.slopeAtLeast}(int);
    drop function if exists public.${fn.nothing}();
    drop function if exists public.${fn.session}();
    drop function if exists public.${fn.write}();
    drop function if exists public.${fn.echo}(jsonb);
  `)
  await pool.end()
})

describe('create, read, update and delete', () => {
  it('inserts and returns the row with .select().single(), numbers as numbers', async () => {
    const values = course({ rating: 70.2, slope: 121 })
    const { data, error, status } = await a.client.from('courses').insert(values).select().single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toMatchObject({ ...values, user_id: a.user.id })
    expect(typeof data?.rating).toBe('number')
    expect(data?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('inserts without a body unless asked (201, data null)', async () => {
    const values = course()
    const { data, error, status } = await a.client.from('courses').insert(values)
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 201 })
    expect((await storedCourses(a.user.id)).some((row) => row.id === values.id)).toBe(true)
  })

  it('reads one row with .single() and none or one with .maybeSingle()', async () => {
    const values = course({ name: 'Single Links' })
    await a.client.from('courses').insert(values)
    const one = await a.client.from('courses').select('id, name').eq('id', values.id).single()
    expect(one.data).toEqual({ id: values.id, name: 'Single Links' })
    const none = await a.client.from('courses').select().eq('id', ulid()).maybeSingle()
    expect(none).toMatchObject({ data: null, error: null, status: 200 })
    const missing = await a.client.from('courses').select().eq('id', ulid()).single()
    expect(missing.status).toBe(406)
    expect(missing.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    const many = await a.client.from('courses').select().maybeSingle()
    expect(many.status).toBe(406)
    expect(many.error?.code).toBe('PGRST116')
  })

  it('renames and casts selected columns', async () => {
    const values = course({ rating: 68.5 })
    await a.client.from('courses').insert(values)
    const { data } = await a.client
      .from('courses')
      .select('label:name, rating_text:rating::text')
      .eq('id', values.id)
      .single()
    expect(data).toEqual({ label: 'Old Course', rating_text: '68.5' })
  })

  it('updates with and without a representation', async () => {
    const values = course()
    await a.client.from('courses').insert(values)
    const plain = await a.client.from('courses').update({ name: 'Renamed' }).eq('id', values.id)
    expect(plain).toMatchObject({ data: null, error: null, status: 204 })
    const returned = await a.client
      .from('courses')
      .update({ slope: 140 })
      .eq('id', values.id)
      .select('id, name, slope')
    expect(returned.status).toBe(200)
    expect(returned.data).toEqual([{ id: values.id, name: 'Renamed', slope: 140 }])
  })

  it('deletes with and without a representation', async () => {
    const [first, second] = [course(), course()]
    await a.client.from('courses').insert([first, second])
    const plain = await a.client.from('courses').delete().eq('id', first.id)
    expect(plain).toMatchObject({ data: null, error: null, status: 204 })
    const returned = await a.client.from('courses').delete().eq('id', second.id).select('id')
    expect(returned).toMatchObject({ data: [{ id: second.id }], status: 200 })
    const ids = (await storedCourses(a.user.id)).map((row) => row.id)
    expect(ids).not.toContain(first.id)
    expect(ids).not.toContain(second.id)
  })

  it('runs a multi-row insert as one transaction: one bad row stores nothing', async () => {
    const before = await storedCourses(a.user.id)
    const { error, status } = await a.client
      .from('courses')
      .insert([course(), course({ slope: 20 }), course()])
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(await storedCourses(a.user.id)).toEqual(before)
  })

  it('fills missing keys with defaults only when defaultToNull is false', async () => {
    const withUser = course({ user_id: a.user.id })
    const withoutUser = course()
    const defaulted = await a.client
      .from('courses')
      .insert([withUser, withoutUser], { defaultToNull: false })
      .select('id, user_id')
    expect(defaulted.error).toBeNull()
    expect(defaulted.data?.map((row) => row.user_id)).toEqual([a.user.id, a.user.id])
    // Without missing=default the absent user_id is NULL, which the insert policy refuses.
    const nulled = await a.client.from('courses').insert([course({ user_id: a.user.id }), course()])
    expect(nulled.status).toBe(403)
    expect(nulled.error?.code).toBe('42501')
  })
})

describe('upsert', () => {
  it('merges duplicates: 201 when a row is new, 200 when every row existed', async () => {
    const values = course({ name: 'Before' })
    const created = await a.client.from('courses').upsert(values).select('id, name')
    expect(created.status).toBe(201)
    const merged = await a.client
      .from('courses')
      .upsert({ ...values, name: 'After' })
      .select('id, name')
    expect(merged.status).toBe(200)
    expect(merged.data).toEqual([{ id: values.id, name: 'After' }])
    const mixed = await a.client.from('courses').upsert([{ ...values, name: 'Again' }, course()])
    expect(mixed.status).toBe(201)
  })

  it('ignores duplicates, leaving the stored row alone', async () => {
    const values = course({ name: 'Original' })
    await a.client.from('courses').insert(values)
    const ignored = await a.client
      .from('courses')
      .upsert({ ...values, name: 'Ignored' }, { ignoreDuplicates: true })
      .select()
    expect(ignored).toMatchObject({ status: 201, data: [], error: null })
    const stored = (await storedCourses(a.user.id)).find((row) => row.id === values.id)
    expect(stored?.name).toBe('Original')
  })

  it('honours onConflict', async () => {
    const values = course({ name: 'Conflict' })
    await a.client.from('courses').insert(values)
    const merged = await a.client
      .from('courses')
      .upsert({ ...values, slope: 100 }, { onConflict: 'id' })
      .select('slope')
      .single()
    expect(merged).toMatchObject({ status: 200, data: { slope: 100 } })
  })
})

describe('filters, order, ranges and counts', () => {
  let golfer: Awaited<ReturnType<typeof newGolfer>>
  const ids = Array.from({ length: 5 }, () => ulid()).sort()
  const slopes = [60, 113, 120, 140, 155]

  beforeAll(async () => {
    golfer = await newGolfer('rest-filters')
    const rows = ids.map((id, index) =>
      course({ id, slope: slopes[index], name: index === 2 ? 'Pebble, Beach' : `Course ${index}` }),
    )
    const { error } = await golfer.client.from('courses').insert(rows)
    expect(error).toBeNull()
  })

  it('orders, limits and ranges', async () => {
    const ordered = await golfer.client
      .from('courses')
      .select('slope')
      .order('slope', { ascending: false })
      .limit(2)
    expect(ordered.data).toEqual([{ slope: 155 }, { slope: 140 }])
    const ranged = await golfer.client
      .from('courses')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 3)
    expect(ranged.status).toBe(206)
    expect(ranged.count).toBe(5)
    expect(ranged.data).toEqual(ids.slice(1, 4).map((id) => ({ id })))
    const all = await golfer.client.from('courses').select('id', { count: 'exact' })
    expect(all.status).toBe(200)
    expect(all.count).toBe(5)
  })

  it('counts without rows with head: true', async () => {
    const { data, count, status } = await golfer.client
      .from('courses')
      .select('*', { count: 'exact', head: true })
      .gte('slope', 113)
    expect({ data, count, status }).toEqual({ data: null, count: 4, status: 200 })
  })

  it('sends Content-Range the way PostgREST does', async () => {
    const response = await rest('courses?select=id&order=id&offset=1&limit=2', {
      token: golfer.session.access_token,
      headers: { prefer: 'count=exact' },
    })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('1-2/5')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const empty = await rest(`courses?id=eq.${ulid()}`, { token: golfer.session.access_token })
    expect(empty.headers.get('content-range')).toBe('*/*')
    expect(await empty.json()).toEqual([])
  })

  it('filters with comparisons, in, or, not and like', async () => {
    const select = () => golfer.client.from('courses').select('slope').order('slope')
    expect((await select().gt('slope', 113).lt('slope', 155)).data).toEqual([
      { slope: 120 },
      { slope: 140 },
    ])
    expect((await select().in('name', ['Pebble, Beach', 'Course 0'])).data).toEqual([
      { slope: 60 },
      { slope: 120 },
    ])
    expect((await select().or('slope.eq.60,slope.gte.150')).data).toEqual([
      { slope: 60 },
      { slope: 155 },
    ])
    expect((await select().not('slope', 'in', '(60,113,120)')).data).toEqual([
      { slope: 140 },
      { slope: 155 },
    ])
    expect((await select().ilike('name', 'pebble%')).data).toEqual([{ slope: 120 }])
    expect((await select().neq('slope', 60).lte('slope', 120)).data).toEqual([
      { slope: 113 },
      { slope: 120 },
    ])
  })

  it('filters on null with is', async () => {
    const courseId = ulid()
    await golfer.client.from('courses').insert(course({ id: courseId }))
    const roundId = ulid()
    const round = await golfer.client
      .from('rounds')
      .insert({ id: roundId, course_id: courseId, score: 90 } as never)
    expect(round.error).toBeNull()
    const linked = await golfer.client.from('rounds').select('id').not('course_id', 'is', null)
    expect(linked.data).toEqual([{ id: roundId }])
    await golfer.client.from('courses').delete().eq('id', courseId)
    const orphaned = await golfer.client
      .from('rounds')
      .select('id, course_name')
      .is('course_id', null)
    expect(orphaned.data).toEqual([{ id: roundId, course_name: 'Old Course' }])
  })

  it('refuses a value of the wrong type with PostgreSQL 22P02 (400)', async () => {
    const { error, status } = await golfer.client
      .from('courses')
      .select()
      .eq('user_id', 'not-a-uuid')
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
  })
})

describe('errors the app shows', () => {
  it('a check constraint is 400 23514', async () => {
    const { error, status } = await a.client.from('courses').insert(course({ rating: 95 }))
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain('courses_rating_is_20_to_90_in_tenths')
  })

  it('a duplicate id is 409 23505', async () => {
    const values = course()
    await a.client.from('courses').insert(values)
    const { error, status } = await a.client.from('courses').insert(values)
    expect(status).toBe(409)
    // PostgreSQL leaves out the "Key (id)=(…)" detail when row-level security applies to the caller.
    expect(error).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "courses_pkey"',
      details: null,
      hint: null,
    })
  })

  it('an anonymous insert is 401 42501, with WWW-Authenticate', async () => {
    const { error, status } = await anonymous.from('courses').insert(course())
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
    const response = await rest('courses', { method: 'POST', body: JSON.stringify(course()) })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('a signed-in insert for another golfer is 403 42501 and stores nothing', async () => {
    const values = course({ user_id: a.user.id })
    const { error, status } = await b.client.from('courses').insert(values)
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
    expect((await storedCourses(a.user.id)).some((row) => row.id === values.id)).toBe(false)
  })

  it('a filterless delete or update is refused like safeupdate (400 21000)', async () => {
    const removal = await a.client.from('courses').delete()
    expect(removal.status).toBe(400)
    expect(removal.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    })
    const update = await a.client.from('courses').update({ name: 'Everything' })
    expect(update.status).toBe(400)
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    expect((await storedCourses(a.user.id)).some((row) => row.name === 'Everything')).toBe(false)
  })
})

describe('row-level security decides, not the gateway', () => {
  let aCourse: ReturnType<typeof course>

  beforeAll(async () => {
    aCourse = course({ name: 'Private Links' })
    const { error } = await a.client.from('courses').insert(aCourse)
    expect(error).toBeNull()
  })

  it("golfer B reads none of A's rows, by any filter", async () => {
    for (const query of [
      b.client.from('courses').select(),
      b.client.from('courses').select().eq('id', aCourse.id),
      b.client.from('courses').select().or(`id.eq.${aCourse.id},user_id.eq.${a.user.id}`),
    ]) {
      const { data, error } = await query
      expect(error).toBeNull()
      expect(data).toEqual([])
    }
  })

  it("golfer B's update and delete of A's row affect nothing", async () => {
    const update = await b.client
      .from('courses')
      .update({ name: 'Hacked' })
      .eq('id', aCourse.id)
      .select()
    expect(update).toMatchObject({ status: 200, data: [] })
    const removal = await b.client.from('courses').delete().eq('id', aCourse.id)
    expect(removal.status).toBe(204)
    const stored = (await storedCourses(a.user.id)).find((row) => row.id === aCourse.id)
    expect(stored?.name).toBe('Private Links')
  })

  it("an upsert onto A's id is refused", async () => {
    const { error, status } = await b.client
      .from('courses')
      .upsert({ ...aCourse, name: 'Mine now' })
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
  })

  it('anon reads nothing it has no grant for (401)', async () => {
    const { data, error, status } = await anonymous.from('courses').select()
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })
})

describe('views', () => {
  it("serve each golfer's own handicap through security_invoker views", async () => {
    const golfer = await newGolfer('rest-views')
    const courseId = ulid()
    await golfer.client.from('courses').insert(course({ id: courseId, rating: 72, slope: 113 }))
    for (const score of [90, 85, 80]) {
      const { error } = await golfer.client
        .from('rounds')
        .insert({ id: ulid(), course_id: courseId, score } as never)
      expect(error).toBeNull()
    }
    const differentials = await golfer.client
      .from('round_differentials')
      .select('score, differential')
      .order('score')
    expect(differentials.data).toEqual([
      { score: 80, differential: 8 },
      { score: 85, differential: 13 },
      { score: 90, differential: 18 },
    ])
    const index = await golfer.client.from('handicap_indexes').select('*').single()
    expect(index.data).toEqual({ user_id: golfer.user.id, rounds_count: 3, handicap_index: 6 })
    const seenByB = await b.client
      .from('handicap_indexes')
      .select('*')
      .eq('user_id', golfer.user.id)
    expect(seenByB.data).toEqual([])
  })
})

describe('rpc', () => {
  it('calls a function with named arguments, by POST and by GET', async () => {
    await a.client.from('courses').insert(course({ slope: 150 }))
    const posted = await untyped(a.client).rpc(fn.count, { min_slope: 150 })
    expect(posted.status).toBe(200)
    expect(typeof posted.data).toBe('number')
    expect(posted.data).toBeGreaterThanOrEqual(1)
    const viaGet = await untyped(a.client).rpc(fn.count, { min_slope: 150 }, { get: true })
    expect(viaGet.data).toBe(posted.data)
    // RLS applies inside the function: B sees none of A's courses.
    expect((await untyped(b.client).rpc(fn.count, { min_slope: 150 })).data).toBe(0)
  })

  it('returns a set of rows that filters, select and order apply to', async () => {
    const golfer = await newGolfer('rest-rpc')
    await golfer.client
      .from('courses')
      .insert([course({ slope: 100 }), course({ slope: 130 }), course({ slope: 150 })])
    const { data, status } = await untyped(golfer.client)
      .rpc(fn.slopeAtLeast, { min_slope: 120 })
      .select('slope')
      .lt('slope', 150)
      .order('slope')
    expect(status).toBe(200)
    expect(data).toEqual([{ slope: 130 }])
  })

  it('answers a void function with 204 and passes JSON arguments through', async () => {
    expect(await untyped(a.client).rpc(fn.nothing)).toMatchObject({
      status: 204,
      data: null,
      error: null,
    })
    const echoed = await untyped(a.client).rpc(fn.echo, {
      payload: { nested: [1, 2.5, 'x'], big: 12345678901 },
    })
    expect(echoed.data).toEqual({ nested: [1, 2.5, 'x'], big: 12345678901 })
  })

  it('runs as the caller, with the request settings PostgREST sets', async () => {
    expect((await untyped(a.client).rpc(fn.session)).data).toEqual({
      uid: a.user.id,
      role: 'authenticated',
      method: 'POST',
      path: `/rpc/${fn.session}`,
      timeout: '8s',
      read_only: 'on',
    })
    // A connection A used just before must not carry A's identity into the next request.
    expect((await untyped(anonymous).rpc(fn.session, {}, { get: true })).data).toEqual({
      uid: null,
      role: 'anon',
      method: 'GET',
      path: `/rpc/${fn.session}`,
      timeout: '3s',
      read_only: 'on',
    })
  })

  it('runs GET calls read-only (a writing function is 405 25006)', async () => {
    expect((await untyped(a.client).rpc(fn.write)).data).toBe(1)
    const viaGet = await untyped(a.client).rpc(fn.write, {}, { get: true })
    expect(viaGet.status).toBe(405)
    expect(viaGet.error?.code).toBe('25006')
  })

  it('answers an unknown function with 404 PGRST202', async () => {
    const { error, status } = await untyped(a.client).rpc('no_such_function', { x: 1 })
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function(x) in the schema cache',
    })
  })
})

describe('malformed requests and tokens', () => {
  it('malformed JSON is 400 PGRST102', async () => {
    const response = await rest('courses', {
      method: 'POST',
      token: a.session.access_token,
      body: '{"id": "01',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    })
  })

  it('unknown columns are 400: 42703 in a query, PGRST204 in a body', async () => {
    const selected = await a.client.from('courses').select('password' as '*')
    expect(selected.status).toBe(400)
    expect(selected.error).toMatchObject({
      code: '42703',
      message: 'column courses.password does not exist',
    })
    const filtered = await rest('courses?password=eq.1', { token: a.session.access_token })
    expect(filtered.status).toBe(400)
    const inserted = await a.client.from('courses').insert({ ...course(), password: 'x' } as never)
    expect(inserted.status).toBe(400)
    expect(inserted.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'password' column of 'courses' in the schema cache",
    })
  })

  it('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await a.client.from('no_such_table' as 'courses').select()
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    })
  })

  it('an unknown operator is 400 PGRST100', async () => {
    const response = await rest('courses?name=regex.x', { token: a.session.access_token })
    expect(response.status).toBe(400)
    expect((await response.json()).code).toBe('PGRST100')
  })

  it('a schema other than public is 406 PGRST106', async () => {
    const response = await rest('users', {
      token: a.session.access_token,
      headers: { 'accept-profile': 'auth' },
    })
    expect(response.status).toBe(406)
    expect((await response.json()).code).toBe('PGRST106')
  })

  it('a body over 1 MiB is refused with 413, and the stack keeps serving', async () => {
    const response = await rest('courses', {
      method: 'POST',
      token: a.session.access_token,
      body: JSON.stringify(course({ name: 'x'.repeat(2 * 1024 * 1024) })),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).code).toBe('PGRST102')
    expect((await a.client.from('courses').select('id').limit(1)).status).toBe(200)
  })

  it('a broken JWT or one signed with another secret is 401 PGRST301', async () => {
    const broken = await clientWithToken('not.a.jwt').from('courses').select()
    expect(broken.status).toBe(401)
    expect(broken.error?.code).toBe('PGRST301')
    const forged = await signedToken(
      { sub: a.user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      'another-secret-that-is-at-least-32-characters',
    )
    const wrongSecret = await clientWithToken(forged).from('courses').select()
    expect(wrongSecret.status).toBe(401)
    expect(wrongSecret.error?.code).toBe('PGRST301')
  })

  it('an expired JWT is 401 PGRST303 "JWT expired"', async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await signedToken({
      sub: a.user.id,
      role: 'authenticated',
      iat: now - 7200,
      exp: now - 3600,
    })
    const response = await clientWithToken(expired).from('courses').select()
    expect(response.status).toBe(401)
    expect(response.error).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    })
  })

  it('a JWT naming a role that does not exist is 401 (22023)', async () => {
    const token = await signedToken({
      role: 'no_such_role',
      exp: Math.floor(Date.now() / 1000) + 3600,
    })
    const response = await clientWithToken(token).from('courses').select()
    expect(response.status).toBe(401)
    expect(response.error).toMatchObject({
      code: '22023',
      message: 'role "no_such_role" does not exist',
    })
  })

  it('the service role bypasses RLS, as on Supabase', async () => {
    const service = newClient(stack.secretKey)
    const { data, error } = await service.from('courses').select('user_id').eq('user_id', a.user.id)
    expect(error).toBeNull()
    expect(data?.length).toBeGreaterThan(0)
  })
})
