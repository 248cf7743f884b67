import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { adminPool, newClient, newUser, stackInfo } from '../support.ts'

/**
 * PostgREST conformance of the stack's /rest/v1 on the fixture schema (each user's notes, and the
 * library of 20250101000200_library.sql), driven through the real supabase-js by two users signed
 * up through the real Auth API. Protocol details the client hides (headers, raw bodies, statuses
 * of malformed requests) are checked with plain fetch.
 */

const stack = stackInfo()
const pool = adminPool()
const run = `${process.pid}_${Date.now()}`
/** Functions this file creates for its rpc tests. */
const fn = {
  count: `rest_test_count_${run}`,
  priorityAtLeast: `rest_test_priority_at_least_${run}`,
  nothing: `rest_test_nothing_${run}`,
  session: `rest_test_session_${run}`,
  write: `rest_test_write_${run}`,
  echo: `rest_test_echo_${run}`,
}

let a: Awaited<ReturnType<typeof newUser>>
let b: Awaited<ReturnType<typeof newUser>>
const anonymous = newClient()

const note = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  title: 'First note',
  priority: 5,
  ...overrides,
})

async function storedNotes(userId: string) {
  const { rows } = await pool.query<{ id: string; title: string }>(
    'select id, title from public.notes where user_id = $1 order by id',
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

/** The functions this file creates are not in any generated Database type. */
const untyped = (client: unknown) => client as SupabaseClient

function clientWithToken(token: string) {
  return createClient(stack.apiUrl, stack.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  })
}

beforeAll(async () => {
  ;[a, b] = await Promise.all([newUser('rest-a'), newUser('rest-b')])
  await pool.query(`
    create function public.${fn.count}(min_priority int default 0) returns int
      language sql stable as $$ select count(*)::int from public.notes where priority >= min_priority $$;
    create function public.${fn.priorityAtLeast}(min_priority int) returns setof public.notes
      language sql stable as $$ select * from public.notes where priority >= min_priority $$;
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
    drop function if exists public.${fn.priorityAtLeast}(int);
    drop function if exists public.${fn.nothing}();
    drop function if exists public.${fn.session}();
    drop function if exists public.${fn.write}();
    drop function if exists public.${fn.echo}(jsonb);
  `)
  await pool.end()
})

describe('create, read, update and delete', () => {
  it('inserts and returns the row with .select().single(), numbers as numbers', async () => {
    const values = note({ priority: 7, body: 'Some text' })
    const { data, error, status } = await a.client.from('notes').insert(values).select().single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toMatchObject({ ...values, user_id: a.user.id })
    expect(typeof data?.priority).toBe('number')
    expect(data?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('inserts without a body unless asked (201, data null)', async () => {
    const values = note()
    const { data, error, status } = await a.client.from('notes').insert(values)
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 201 })
    expect((await storedNotes(a.user.id)).some((row) => row.id === values.id)).toBe(true)
  })

  it('reads one row with .single() and none or one with .maybeSingle()', async () => {
    const values = note({ title: 'Single note' })
    await a.client.from('notes').insert(values)
    const one = await a.client.from('notes').select('id, title').eq('id', values.id).single()
    expect(one.data).toEqual({ id: values.id, title: 'Single note' })
    const none = await a.client.from('notes').select().eq('id', randomUUID()).maybeSingle()
    expect(none).toMatchObject({ data: null, error: null, status: 200 })
    const missing = await a.client.from('notes').select().eq('id', randomUUID()).single()
    expect(missing.status).toBe(406)
    expect(missing.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    const many = await a.client.from('notes').select().maybeSingle()
    expect(many.status).toBe(406)
    expect(many.error?.code).toBe('PGRST116')
  })

  it('renames and casts selected columns', async () => {
    const values = note({ priority: 3 })
    await a.client.from('notes').insert(values)
    const { data } = await a.client
      .from('notes')
      .select('label:title, priority_text:priority::text')
      .eq('id', values.id)
      .single()
    expect(data).toEqual({ label: 'First note', priority_text: '3' })
  })

  it('updates with and without a representation', async () => {
    const values = note()
    await a.client.from('notes').insert(values)
    const plain = await a.client.from('notes').update({ title: 'Renamed' }).eq('id', values.id)
    expect(plain).toMatchObject({ data: null, error: null, status: 204 })
    const returned = await a.client
      .from('notes')
      .update({ priority: 8 })
      .eq('id', values.id)
      .select('id, title, priority')
    expect(returned.status).toBe(200)
    expect(returned.data).toEqual([{ id: values.id, title: 'Renamed', priority: 8 }])
  })

  it('deletes with and without a representation', async () => {
    const [first, second] = [note(), note()]
    await a.client.from('notes').insert([first, second])
    const plain = await a.client.from('notes').delete().eq('id', first.id)
    expect(plain).toMatchObject({ data: null, error: null, status: 204 })
    const returned = await a.client.from('notes').delete().eq('id', second.id).select('id')
    expect(returned).toMatchObject({ data: [{ id: second.id }], status: 200 })
    const ids = (await storedNotes(a.user.id)).map((row) => row.id)
    expect(ids).not.toContain(first.id)
    expect(ids).not.toContain(second.id)
  })

  it('runs a multi-row insert as one transaction: one bad row stores nothing', async () => {
    const before = await storedNotes(a.user.id)
    const { error, status } = await a.client
      .from('notes')
      .insert([note(), note({ priority: 20 }), note()])
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(await storedNotes(a.user.id)).toEqual(before)
  })

  it('fills missing keys with defaults only when defaultToNull is false', async () => {
    const withUser = note({ user_id: a.user.id })
    const withoutUser = note()
    const defaulted = await a.client
      .from('notes')
      .insert([withUser, withoutUser], { defaultToNull: false })
      .select('id, user_id')
    expect(defaulted.error).toBeNull()
    expect(defaulted.data?.map((row) => row.user_id)).toEqual([a.user.id, a.user.id])
    // Without missing=default the absent user_id is NULL, which the insert policy refuses.
    const nulled = await a.client.from('notes').insert([note({ user_id: a.user.id }), note()])
    expect(nulled.status).toBe(403)
    expect(nulled.error?.code).toBe('42501')
  })
})

describe('upsert', () => {
  it('merges duplicates: 201 when a row is new, 200 when every row existed', async () => {
    const values = note({ title: 'Before' })
    const created = await a.client.from('notes').upsert(values).select('id, title')
    expect(created.status).toBe(201)
    const merged = await a.client
      .from('notes')
      .upsert({ ...values, title: 'After' })
      .select('id, title')
    expect(merged.status).toBe(200)
    expect(merged.data).toEqual([{ id: values.id, title: 'After' }])
    const mixed = await a.client.from('notes').upsert([{ ...values, title: 'Again' }, note()])
    expect(mixed.status).toBe(201)
  })

  it('ignores duplicates, leaving the stored row alone', async () => {
    const values = note({ title: 'Original' })
    await a.client.from('notes').insert(values)
    const ignored = await a.client
      .from('notes')
      .upsert({ ...values, title: 'Ignored' }, { ignoreDuplicates: true })
      .select()
    expect(ignored).toMatchObject({ status: 201, data: [], error: null })
    const stored = (await storedNotes(a.user.id)).find((row) => row.id === values.id)
    expect(stored?.title).toBe('Original')
  })

  it('honours onConflict', async () => {
    const values = note({ title: 'Conflict' })
    await a.client.from('notes').insert(values)
    const merged = await a.client
      .from('notes')
      .upsert({ ...values, priority: 1 }, { onConflict: 'id' })
      .select('priority')
      .single()
    expect(merged).toMatchObject({ status: 200, data: { priority: 1 } })
  })
})

describe('filters, order, ranges and counts', () => {
  let user: Awaited<ReturnType<typeof newUser>>
  const ids = Array.from({ length: 5 }, () => randomUUID()).sort()
  const priorities = [0, 2, 4, 6, 8]

  beforeAll(async () => {
    user = await newUser('rest-filters')
    const rows = ids.map((id, index) =>
      note({
        id,
        priority: priorities[index],
        title: index === 2 ? 'Pebble, Beach' : `Note ${index}`,
      }),
    )
    const { error } = await user.client.from('notes').insert(rows)
    expect(error).toBeNull()
  })

  it('orders, limits and ranges', async () => {
    const ordered = await user.client
      .from('notes')
      .select('priority')
      .order('priority', { ascending: false })
      .limit(2)
    expect(ordered.data).toEqual([{ priority: 8 }, { priority: 6 }])
    const ranged = await user.client
      .from('notes')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 3)
    expect(ranged.status).toBe(206)
    expect(ranged.count).toBe(5)
    expect(ranged.data).toEqual(ids.slice(1, 4).map((id) => ({ id })))
    const all = await user.client.from('notes').select('id', { count: 'exact' })
    expect(all.status).toBe(200)
    expect(all.count).toBe(5)
  })

  it('counts without rows with head: true', async () => {
    const { data, count, status } = await user.client
      .from('notes')
      .select('*', { count: 'exact', head: true })
      .gte('priority', 2)
    expect({ data, count, status }).toEqual({ data: null, count: 4, status: 200 })
  })

  it('sends Content-Range the way PostgREST does', async () => {
    const response = await rest('notes?select=id&order=id&offset=1&limit=2', {
      token: user.session.access_token,
      headers: { prefer: 'count=exact' },
    })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('1-2/5')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const empty = await rest(`notes?id=eq.${randomUUID()}`, { token: user.session.access_token })
    expect(empty.headers.get('content-range')).toBe('*/*')
    expect(await empty.json()).toEqual([])
  })

  it('filters with comparisons, in, or, not and like', async () => {
    const select = () => user.client.from('notes').select('priority').order('priority')
    expect((await select().gt('priority', 2).lt('priority', 8)).data).toEqual([
      { priority: 4 },
      { priority: 6 },
    ])
    expect((await select().in('title', ['Pebble, Beach', 'Note 0'])).data).toEqual([
      { priority: 0 },
      { priority: 4 },
    ])
    expect((await select().or('priority.eq.0,priority.gte.7')).data).toEqual([
      { priority: 0 },
      { priority: 8 },
    ])
    expect((await select().not('priority', 'in', '(0,2,4)')).data).toEqual([
      { priority: 6 },
      { priority: 8 },
    ])
    expect((await select().ilike('title', 'pebble%')).data).toEqual([{ priority: 4 }])
    expect((await select().neq('priority', 0).lte('priority', 4)).data).toEqual([
      { priority: 2 },
      { priority: 4 },
    ])
  })

  it('filters on null with is', async () => {
    const author = await user.client.from('authors').insert({ name: 'Ada' }).select('id').single()
    expect(author.error).toBeNull()
    const book = await user.client
      .from('books')
      .insert({ title: 'Orphan', author_id: author.data?.id })
      .select('id')
      .single()
    expect(book.error).toBeNull()
    const bookId = book.data?.id
    const linked = await user.client.from('books').select('id').not('author_id', 'is', null)
    expect(linked.data).toEqual([{ id: bookId }])
    // Deleting the author sets the book's foreign key to NULL.
    await user.client.from('authors').delete().eq('id', author.data?.id)
    const orphaned = await user.client.from('books').select('id, title').is('author_id', null)
    expect(orphaned.data).toEqual([{ id: bookId, title: 'Orphan' }])
  })

  it('refuses a value of the wrong type with PostgreSQL 22P02 (400)', async () => {
    const { error, status } = await user.client.from('notes').select().eq('user_id', 'not-a-uuid')
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
  })
})

describe('errors a client shows', () => {
  it('a check constraint is 400 23514', async () => {
    const { error, status } = await a.client.from('notes').insert(note({ priority: 95 }))
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain('notes_priority_check')
  })

  it('a duplicate id is 409 23505', async () => {
    const values = note()
    await a.client.from('notes').insert(values)
    const { error, status } = await a.client.from('notes').insert(values)
    expect(status).toBe(409)
    // PostgreSQL leaves out the "Key (id)=(…)" detail when row-level security applies to the caller.
    expect(error).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "notes_pkey"',
      details: null,
      hint: null,
    })
  })

  it('an anonymous insert is 401 42501, with WWW-Authenticate', async () => {
    const { error, status } = await anonymous.from('notes').insert(note())
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
    const response = await rest('notes', { method: 'POST', body: JSON.stringify(note()) })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('a signed-in insert for another user is 403 42501 and stores nothing', async () => {
    const values = note({ user_id: a.user.id })
    const { error, status } = await b.client.from('notes').insert(values)
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
    expect((await storedNotes(a.user.id)).some((row) => row.id === values.id)).toBe(false)
  })

  it('a filterless delete or update is refused like safeupdate (400 21000)', async () => {
    const removal = await a.client.from('notes').delete()
    expect(removal.status).toBe(400)
    expect(removal.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    })
    const update = await a.client.from('notes').update({ title: 'Everything' })
    expect(update.status).toBe(400)
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    expect((await storedNotes(a.user.id)).some((row) => row.title === 'Everything')).toBe(false)
  })
})

describe('row-level security decides, not the gateway', () => {
  let aNote: ReturnType<typeof note>

  beforeAll(async () => {
    aNote = note({ title: 'Private note' })
    const { error } = await a.client.from('notes').insert(aNote)
    expect(error).toBeNull()
  })

  it("user B reads none of A's rows, by any filter", async () => {
    for (const query of [
      b.client.from('notes').select(),
      b.client.from('notes').select().eq('id', aNote.id),
      b.client.from('notes').select().or(`id.eq.${aNote.id},user_id.eq.${a.user.id}`),
    ]) {
      const { data, error } = await query
      expect(error).toBeNull()
      expect(data).toEqual([])
    }
  })

  it("user B's update and delete of A's row affect nothing", async () => {
    const update = await b.client
      .from('notes')
      .update({ title: 'Hacked' })
      .eq('id', aNote.id)
      .select()
    expect(update).toMatchObject({ status: 200, data: [] })
    const removal = await b.client.from('notes').delete().eq('id', aNote.id)
    expect(removal.status).toBe(204)
    const stored = (await storedNotes(a.user.id)).find((row) => row.id === aNote.id)
    expect(stored?.title).toBe('Private note')
  })

  it("an upsert onto A's id is refused", async () => {
    const { error, status } = await b.client.from('notes').upsert({ ...aNote, title: 'Mine now' })
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
  })

  it('anon reads nothing it has no grant for (401)', async () => {
    const { data, error, status } = await anonymous.from('notes').select()
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })
})

describe('views', () => {
  it("serve each user's own rows through security_invoker views", async () => {
    const user = await newUser('rest-views')
    const author = await user.client.from('authors').insert({ name: 'Ada' }).select('id').single()
    expect(author.error).toBeNull()
    for (const title of ['One', 'Two', 'Three']) {
      const { error } = await user.client
        .from('books')
        .insert({ title, author_id: author.data?.id })
      expect(error).toBeNull()
    }
    const counts = await user.client
      .from('author_book_counts')
      .select('author_id, name, books')
      .single()
    expect(counts.data).toEqual({ author_id: author.data?.id, name: 'Ada', books: 3 })
    const seenByB = await b.client
      .from('author_book_counts')
      .select('*')
      .eq('author_id', author.data?.id)
    expect(seenByB.data).toEqual([])
  })
})

describe('rpc', () => {
  it('calls a function with named arguments, by POST and by GET', async () => {
    await a.client.from('notes').insert(note({ priority: 9 }))
    const posted = await untyped(a.client).rpc(fn.count, { min_priority: 9 })
    expect(posted.status).toBe(200)
    expect(typeof posted.data).toBe('number')
    expect(posted.data).toBeGreaterThanOrEqual(1)
    const viaGet = await untyped(a.client).rpc(fn.count, { min_priority: 9 }, { get: true })
    expect(viaGet.data).toBe(posted.data)
    // RLS applies inside the function: B sees none of A's notes.
    expect((await untyped(b.client).rpc(fn.count, { min_priority: 9 })).data).toBe(0)
  })

  it('returns a set of rows that filters, select and order apply to', async () => {
    const user = await newUser('rest-rpc')
    await user.client
      .from('notes')
      .insert([note({ priority: 1 }), note({ priority: 4 }), note({ priority: 7 })])
    const { data, status } = await untyped(user.client)
      .rpc(fn.priorityAtLeast, { min_priority: 3 })
      .select('priority')
      .lt('priority', 7)
      .order('priority')
    expect(status).toBe(200)
    expect(data).toEqual([{ priority: 4 }])
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
    const response = await rest('notes', {
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
    const selected = await a.client.from('notes').select('password')
    expect(selected.status).toBe(400)
    expect(selected.error).toMatchObject({
      code: '42703',
      message: 'column notes.password does not exist',
    })
    const filtered = await rest('notes?password=eq.1', { token: a.session.access_token })
    expect(filtered.status).toBe(400)
    const inserted = await a.client.from('notes').insert({ ...note(), password: 'x' })
    expect(inserted.status).toBe(400)
    expect(inserted.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'password' column of 'notes' in the schema cache",
    })
  })

  it('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await a.client.from('no_such_table').select()
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    })
  })

  it('an unknown operator is 400 PGRST100', async () => {
    const response = await rest('notes?title=regex.x', { token: a.session.access_token })
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
    const response = await rest('notes', {
      method: 'POST',
      token: a.session.access_token,
      body: JSON.stringify(note({ title: 'x'.repeat(2 * 1024 * 1024) })),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).code).toBe('PGRST102')
    expect((await a.client.from('notes').select('id').limit(1)).status).toBe(200)
  })

  it('a broken JWT or one signed with another secret is 401 PGRST301', async () => {
    const broken = await clientWithToken('not.a.jwt').from('notes').select()
    expect(broken.status).toBe(401)
    expect(broken.error?.code).toBe('PGRST301')
    const forged = await signedToken(
      { sub: a.user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      'another-secret-that-is-at-least-32-characters',
    )
    const wrongSecret = await clientWithToken(forged).from('notes').select()
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
    const response = await clientWithToken(expired).from('notes').select()
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
    const response = await clientWithToken(token).from('notes').select()
    expect(response.status).toBe(401)
    expect(response.error).toMatchObject({
      code: '22023',
      message: 'role "no_such_role" does not exist',
    })
  })

  it('the service role bypasses RLS, as on Supabase', async () => {
    const service = newClient(stack.secretKey)
    const { data, error } = await service.from('notes').select('user_id').eq('user_id', a.user.id)
    expect(error).toBeNull()
    expect(data?.length).toBeGreaterThan(0)
  })
})
