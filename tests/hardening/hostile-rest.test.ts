import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPool, newGolfer } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * The same hostile values the forms refuse, sent straight to the REST API as a signed-in golfer:
 * the database itself refuses every one, with PostgREST's status, and stores nothing.
 */
const HOSTILE: { label: string; value: unknown }[] = [
  { label: 'empty', value: '' },
  { label: 'spaces only', value: '   ' },
  { label: 'letters', value: 'abc' },
  { label: '1e3', value: '1e3' },
  { label: '0x10', value: '0x10' },
  { label: 'Infinity', value: 'Infinity' },
  { label: 'NaN', value: 'NaN' },
  { label: 'negative', value: -5 },
  { label: 'huge', value: 1e308 },
  { label: '10,000 characters', value: '9'.repeat(10_000) },
  { label: 'emoji', value: '⛳🏌️' },
  { label: 'right-to-left text', value: 'مرحبا' },
  { label: 'markup', value: '<script>alert(1)</script>' },
  { label: 'SQL fragment', value: '1; drop table courses; --' },
  { label: 'null', value: null },
  { label: 'object', value: { nested: 1 } },
]

const VALID_COURSE = { name: 'Valid Links', rating: 71.5, slope: 125 }

let golfer: Awaited<ReturnType<typeof newGolfer>>
let courseId: string
const pool = adminPool()

beforeAll(async () => {
  golfer = await newGolfer('hostile')
  courseId = ulid()
  const { error } = await golfer.client.from('courses').insert({ id: courseId, ...VALID_COURSE })
  expect(error).toBeNull()
})

afterAll(async () => {
  await pool.end()
})

async function storedCounts() {
  const { rows } = await pool.query<{ courses: string; rounds: string }>(
    `select (select count(*) from public.courses where user_id = $1) as courses,
            (select count(*) from public.rounds where user_id = $1) as rounds`,
    [golfer.user.id],
  )
  return { courses: Number(rows[0]?.courses), rounds: Number(rows[0]?.rounds) }
}

describe('course rating, slope and name refuse hostile values at the database', () => {
  for (const field of ['rating', 'slope'] as const) {
    for (const { label, value } of HOSTILE) {
      it(`refuses ${field} = ${label}`, async () => {
        const before = await storedCounts()
        const { error, status } = await golfer.client
          .from('courses')
          .insert({ id: ulid(), ...VALID_COURSE, [field]: value } as never)
        expect(error).not.toBeNull()
        expect(status).toBe(400)
        expect(await storedCounts()).toEqual(before)
      })
    }
  }

  for (const { label, value } of [
    { label: 'empty', value: '' },
    { label: 'spaces only', value: '   ' },
    { label: '101 characters', value: 'x'.repeat(101) },
    { label: '10,000 characters', value: 'x'.repeat(10_000) },
    { label: 'null', value: null },
  ]) {
    it(`refuses name = ${label}`, async () => {
      const before = await storedCounts()
      const { error, status } = await golfer.client
        .from('courses')
        .insert({ id: ulid(), ...VALID_COURSE, name: value } as never)
      expect(error).not.toBeNull()
      expect(status).toBe(400)
      expect(await storedCounts()).toEqual(before)
    })
  }

  it('stores markup, emoji and right-to-left names as the text they are', async () => {
    for (const name of [
      '<img src=x onerror=alert(1)>',
      '⛳ Links 🏌️',
      'نادي الجولف',
      "O'Brien; --",
    ]) {
      const id = ulid()
      const { error } = await golfer.client.from('courses').insert({ ...VALID_COURSE, id, name })
      expect(error).toBeNull()
      const { data } = await golfer.client.from('courses').select('name').eq('id', id).single()
      expect(data?.name).toBe(name)
    }
  })
})

describe('round score refuses hostile values at the database', () => {
  for (const { label, value } of [...HOSTILE, { label: 'a decimal', value: 72.5 }]) {
    it(`refuses score = ${label}`, async () => {
      const before = await storedCounts()
      const { error, status } = await golfer.client
        .from('rounds')
        .insert({ id: ulid(), course_id: courseId, score: value } as never)
      expect(error).not.toBeNull()
      expect(status).toBe(400)
      expect(await storedCounts()).toEqual(before)
    })
  }

  it('refuses an id that is not a ULID', async () => {
    for (const id of [
      '',
      'not-a-ulid',
      ulid().toLowerCase(),
      `${ulid()}X`,
      "'; drop table rounds; --",
    ]) {
      const { error, status } = await golfer.client
        .from('rounds')
        .insert({ id, course_id: courseId, score: 80 } as never)
      expect(error).not.toBeNull()
      expect(status).toBe(400)
    }
    expect((await storedCounts()).rounds).toBe(0)
  })
})

describe('a file over the import limit', () => {
  it('is a bad request (400) that says what the limit is, not a server error, and stores nothing', async () => {
    const before = await storedCounts()
    // Rows as small as JSON allows: 10,001 real rows would pass the 1 MB request body limit,
    // which the gateway refuses (413) before the function counts them.
    const payload = Array.from({ length: 10_001 }, () => ({}))
    const { error, status } = await golfer.client.rpc('import_rounds', { payload })
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: '22023',
      message: 'at most 10000 rounds can be imported at once',
      details: 'The file has 10001 rounds.',
      hint: 'Split the file into files of at most 10000 rounds and import each.',
    })
    expect(await storedCounts()).toEqual(before)
  })
})
