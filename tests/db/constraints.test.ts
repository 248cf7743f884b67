import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Every bound and format rule holds at the database, whoever writes: each value just outside a
 * bound is refused with the named constraint (or a type error) and nothing is stored, and each
 * value on a bound is accepted. Values go in as text parameters, as every client library sends
 * them.
 */
// The superuser: only it may set session_replication_role, which skips the triggers here.
const pool = new pg.Pool({ connectionString: fileDatabase.superuserDbUrl, max: 4 })

let golfer: string
let courseId: string

const VALID_COURSE = { name: 'Valid Links', rating: '71.5', slope: '125' }

beforeAll(async () => {
  golfer = randomUUID()
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
    [golfer, `constraints-${golfer}@db.test`],
  )
  courseId = ulid()
  await insertCourse({ id: courseId })
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = $1', [golfer])
  await pool.end()
})

function insertCourse(values: Partial<Record<'id' | 'name' | 'rating' | 'slope', unknown>>) {
  const row = { id: ulid(), ...VALID_COURSE, ...values }
  return pool.query(
    'insert into public.courses (id, user_id, name, rating, slope) values ($1, $2, $3, $4, $5)',
    [row.id, golfer, row.name, row.rating, row.slope],
  )
}

function insertRound(values: Partial<Record<'id' | 'score', unknown>>) {
  const row = { id: ulid(), score: '88', ...values }
  return pool.query(
    'insert into public.rounds (id, user_id, course_id, score) values ($1, $2, $3, $4)',
    [row.id, golfer, courseId, row.score],
  )
}

async function storedCounts() {
  const { rows } = await pool.query<{ courses: number; rounds: number }>(
    `select (select count(*)::int from public.courses where user_id = $1) as courses,
            (select count(*)::int from public.rounds where user_id = $1) as rounds`,
    [golfer],
  )
  return rows[0]
}

/** A refusal: the SQLSTATE and, for check constraints, which constraint refused it. */
interface Refusal {
  code: string
  constraint?: string
}

const check = (constraint: string): Refusal => ({ code: '23514', constraint })
const notAnInteger: Refusal = { code: '22P02' }
const notANumber: Refusal = { code: '22P02' }

type Write = () => Promise<unknown>

async function expectRefused(write: Write, refusal: Refusal) {
  const before = await storedCounts()
  await expect(write()).rejects.toMatchObject(refusal)
  expect(await storedCounts()).toEqual(before)
}

async function expectStored(write: Write, table: 'courses' | 'rounds') {
  const before = await storedCounts()
  await write()
  const after = await storedCounts()
  expect(after?.[table]).toBe((before?.[table] ?? 0) + 1)
}

const ULID_MAX = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
const badIds: [string, string][] = [
  ['lowercase', ulid().toLowerCase()],
  ['25 characters', ulid().slice(0, 25)],
  ['27 characters', `${ulid()}0`],
  ['the letter I', `${ulid().slice(0, 25)}I`],
  ['the letter L', `${ulid().slice(0, 25)}L`],
  ['the letter O', `${ulid().slice(0, 25)}O`],
  ['the letter U', `${ulid().slice(0, 25)}U`],
  ['a first character above 7 (beyond the 48-bit time)', `8${ulid().slice(1)}`],
  ['a hyphen', `${ulid().slice(0, 25)}-`],
  ['an empty string', ''],
]
const goodIds: [string, () => string][] = [
  ['a fresh ULID', () => ulid()],
  ['the smallest ULID', () => '00000000000000000000000000'],
  ['the largest ULID', () => ULID_MAX],
]

describe('ids are ULIDs', () => {
  for (const [table, constraint] of [
    ['courses', 'courses_id_is_a_ulid'],
    ['rounds', 'rounds_id_is_a_ulid'],
  ] as const) {
    const insert = (id: string) =>
      table === 'courses' ? insertCourse({ id }) : insertRound({ id })
    for (const [label, id] of badIds) {
      it(`${table} refuses an id with ${label}`, () =>
        expectRefused(() => insert(id), check(constraint)))
    }
    for (const [label, makeId] of goodIds) {
      it(`${table} accepts ${label}`, () => expectStored(() => insert(makeId()), table))
    }
  }
})

describe('course name: 1 to 100 characters, no surrounding whitespace', () => {
  const constraint = 'courses_name_is_1_to_100_trimmed_characters'
  const refused: [string, string][] = [
    ['empty', ''],
    ['spaces only', '   '],
    ['a leading space', ' Links'],
    ['a trailing space', 'Links '],
    ['a trailing newline', 'Links\n'],
    ['a leading tab', '\tLinks'],
    ['a leading vertical tab', '\vLinks'],
    ['a leading no-break space', '\u00a0Links'],
    ['a trailing ideographic space', 'Links\u3000'],
    ['a trailing byte-order mark', 'Links\ufeff'],
    ['101 characters', 'x'.repeat(101)],
    ['101 emoji (code points)', '⛳'.repeat(101)],
  ]
  for (const [label, name] of refused) {
    it(`refuses ${label}`, () => expectRefused(() => insertCourse({ name }), check(constraint)))
  }
  it('refuses a missing name', () =>
    expectRefused(() => insertCourse({ name: null }), { code: '23502' }))

  const accepted: [string, string][] = [
    ['1 character', 'X'],
    ['100 characters', 'x'.repeat(100)],
    ['100 emoji (code points, not UTF-16 units)', '⛳'.repeat(100)],
    ['inner spaces', 'St Andrews  Old Course'],
    ['right-to-left text', 'نادي الجولف'],
    ['markup, stored as text', '<img src=x onerror=alert(1)>'],
  ]
  for (const [label, name] of accepted) {
    it(`accepts ${label}`, async () => {
      const id = ulid()
      await expectStored(() => insertCourse({ id, name }), 'courses')
      const { rows } = await pool.query('select name from public.courses where id = $1', [id])
      expect(rows[0]?.name).toBe(name)
    })
  }
})

describe('course rating: 20.0 to 90.0 in tenths', () => {
  const constraint = 'courses_rating_is_20_to_90_in_tenths'
  // PostgreSQL 16+ reads '0x10' and '1e3' as numbers (16 and 1000), so the range check refuses them.
  for (const rating of [
    '19.9',
    '90.1',
    '0',
    '-72.0',
    '72.25',
    '72.01',
    '20.05',
    'NaN',
    'Infinity',
    '1e3',
    '0x10',
  ]) {
    it(`refuses ${rating}`, () => expectRefused(() => insertCourse({ rating }), check(constraint)))
  }
  for (const rating of ['seventy', '', '72,5', '72.5.1']) {
    it(`refuses ${JSON.stringify(rating)} as not a number`, () =>
      expectRefused(() => insertCourse({ rating }), notANumber))
  }
  for (const rating of ['20.0', '20', '72.5', '72.20', '90.0', '90']) {
    it(`accepts ${rating}`, () => expectStored(() => insertCourse({ rating }), 'courses'))
  }
  it('stores the value exactly as sent, never rounded', async () => {
    const id = ulid()
    await insertCourse({ id, rating: '72.3' })
    const { rows } = await pool.query('select rating::text from public.courses where id = $1', [id])
    expect(rows[0]?.rating).toBe('72.3')
  })
})

describe('course slope: whole numbers 55 to 155', () => {
  const constraint = 'courses_slope_is_55_to_155'
  for (const slope of ['54', '156', '0', '-113']) {
    it(`refuses ${slope}`, () => expectRefused(() => insertCourse({ slope }), check(constraint)))
  }
  for (const slope of ['113.5', '113.0', '1e2', 'NaN', 'abc', '']) {
    it(`refuses ${JSON.stringify(slope)} as not a whole number`, () =>
      expectRefused(() => insertCourse({ slope }), notAnInteger))
  }
  it('refuses a slope beyond the integer range', () =>
    expectRefused(() => insertCourse({ slope: '99999999999' }), { code: '22003' }))
  for (const slope of ['55', '113', '155']) {
    it(`accepts ${slope}`, () => expectStored(() => insertCourse({ slope }), 'courses'))
  }
})

describe('round score: whole numbers 18 to 200', () => {
  const constraint = 'rounds_score_is_18_to_200_or_9_to_100_for_nine'
  for (const score of ['17', '201', '0', '-5']) {
    it(`refuses ${score}`, () => expectRefused(() => insertRound({ score }), check(constraint)))
  }
  for (const score of ['72.5', '72.0', '1e2', 'NaN', 'Infinity', 'abc', '']) {
    it(`refuses ${JSON.stringify(score)} as not a whole number`, () =>
      expectRefused(() => insertRound({ score }), notAnInteger))
  }
  it('refuses a missing score', () =>
    expectRefused(() => insertRound({ score: null }), { code: '23502' }))
  for (const score of ['18', '85', '200']) {
    it(`accepts ${score}`, () => expectStored(() => insertRound({ score }), 'rounds'))
  }
})

describe("a round's course copies", () => {
  // The trigger always copies a valid course, so these checks only matter for a writer that
  // bypasses triggers (a replica-mode restore, say): prove they still hold there.
  it('are held to the same bounds even when the trigger is bypassed', async () => {
    const attempts: [string, Record<string, unknown>][] = [
      [
        'rounds_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths',
        { course_rating: '95.0' },
      ],
      [
        'rounds_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths',
        { course_rating: '72.25' },
      ],
      ['rounds_slope_rating_is_55_to_155', { slope_rating: '160' }],
      ['rounds_course_name_is_1_to_100_characters', { course_name: '' }],
    ]
    for (const [constraint, values] of attempts) {
      const row = {
        course_name: 'Copy',
        course_rating: '70.0',
        slope_rating: '113',
        ...values,
      }
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query('set local session_replication_role = replica')
        await expectRefused(
          () =>
            client.query(
              `insert into public.rounds (id, user_id, course_id, course_name, course_rating, slope_rating, score)
             values ($1, $2, $3, $4, $5, $6, 88)`,
              [ulid(), golfer, courseId, row.course_name, row.course_rating, row.slope_rating],
            ),
          check(constraint),
        )
      } finally {
        await client.query('rollback')
        client.release()
      }
    }
  })
})
