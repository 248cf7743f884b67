import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPool, newClient, newGolfer } from '../support/stack.ts'

const ulid = monotonicFactory()

/**
 * Whatever a golfer (or a visitor) sends to an RPC, the answer is theirs to act on — a 2xx or a
 * 4xx — never a server error. The RPCs are read from the database's catalog, so a new one is
 * walked from the day it exists; each gets bad values of its parameters' types, in every place,
 * no arguments and an unknown one.
 */
const pool = adminPool()
afterAll(() => pool.end())

interface Rpc {
  name: string
  args: string[]
  types: string[]
}

/** Every function of `public` a signed-in golfer may execute (none an extension's). */
const RPCS = `
  select p.proname as name,
         coalesce(p.proargnames[1:p.pronargs], '{}') as args,
         array(select format_type(t, null) from unnest(p.proargtypes::oid[]) as t) as types
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and has_function_privilege('authenticated', p.oid, 'execute')
    and not exists (
      select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
    )
  order by 1`

const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) })

const TEXT: unknown[] = [
  '',
  '   ',
  'not an id',
  'x'.repeat(10_000),
  '⛳🏌️ مرحبا',
  "'; drop table public.rounds; --",
  null,
  42,
  { nested: 1 },
  [1, 2],
]
const JSONB: unknown[] = [
  null,
  {},
  [],
  'text',
  42,
  true,
  [null],
  [{}],
  [{ round_id: 'x', score: 'many', played_on: 'yesterday' }],
  { rounds: 'x', tees: 5, settings: [] },
  { rounds: [{}], tees: [{}], settings: { starting_index: 'plus two' } },
  { rounds: [{ game: { format: 'match', notes: 'n'.repeat(1000) } }] },
  Array.from({ length: 5_001 }, () => ({})),
  deep(200),
  { x: 'x'.repeat(500_000) },
]
const OTHER: unknown[] = [null, '', 'x'.repeat(10_000), {}, [], -1, 1e308]

const badValues = (type: string) =>
  type === 'text' ? [...TEXT, ulid()] : type === 'jsonb' || type === 'json' ? JSONB : OTHER
/** A value of the type that is well formed but names nothing of the golfer's. */
const plausible = (type: string) => (type === 'jsonb' || type === 'json' ? [] : ulid())

/** Each call the walk makes of `rpc`: bad values in every place, no arguments, an unknown one. */
function callsOf(rpc: Rpc): { label: string; args: Record<string, unknown> }[] {
  const calls: { label: string; args: Record<string, unknown> }[] = [
    { label: 'an unknown argument', args: { ...argsOf(rpc), unknown_arg: 1 } },
  ]
  if (rpc.args.length > 0) calls.push({ label: 'no arguments', args: {} })
  rpc.args.forEach((arg, at) => {
    badValues(rpc.types[at] as string).forEach((value, n) => {
      calls.push({ label: `${arg} = bad value ${n + 1}`, args: { ...argsOf(rpc), [arg]: value } })
    })
  })
  return calls
}

const argsOf = (rpc: Rpc) =>
  Object.fromEntries(rpc.args.map((arg, at) => [arg, plausible(rpc.types[at] as string)]))

let rpcs: Rpc[]

beforeAll(async () => {
  rpcs = (await pool.query<Rpc>(RPCS)).rows
})

describe('every RPC a golfer can call', () => {
  it('is found in the catalog, the ones the app calls among them', () => {
    expect(rpcs.map((rpc) => rpc.name)).toEqual(
      expect.arrayContaining(['import_rounds', 'copy_directory_course', 'delete_my_account']),
    )
  })

  it('answers bad input from a golfer, and from a visitor, with a 2xx or a 4xx, never a 5xx', async () => {
    const visitor = newClient()
    const answers: string[] = []
    for (const rpc of rpcs) {
      // A golfer of its own: an RPC that works may change the account (delete_my_account does).
      const golfer = await newGolfer(`rpc-walk-${rpc.name}`)
      for (const call of callsOf(rpc)) {
        for (const [who, client] of [
          ['golfer', golfer.client],
          ['visitor', visitor],
        ] as const) {
          const { status } = await client.rpc(rpc.name as never, call.args as never)
          answers.push(`${rpc.name}, ${call.label}, as a ${who}: ${status}`)
        }
      }
    }
    expect(answers.length).toBeGreaterThan(rpcs.length * 4)
    expect(answers.filter((answer) => !/: [24]\d\d$/.test(answer))).toEqual([])
  })
})

describe('the refusals a golfer can cause', () => {
  type Golfer = Awaited<ReturnType<typeof newGolfer>>
  let golfer: Golfer
  let courseId: string
  let teeId: string
  const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
  const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5]
  const game = (extra: Record<string, unknown> = {}, partner: Record<string, unknown> = {}) => ({
    format: 'stroke',
    allowance_percent: 95,
    playing_handicap: 4,
    strokes_received: 4,
    partners: [
      {
        name: 'Ann',
        index: 8.6,
        tee_id: teeId,
        tee_name: 'Blue',
        playing_handicap: 6,
        strokes_received: 6,
        hole_strokes: STROKES,
        ...partner,
      },
    ],
    ...extra,
  })
  const addRound = (value: unknown) =>
    golfer.client.from('rounds').insert({
      id: ulid(),
      course_id: courseId,
      tee_id: teeId,
      score: 39,
      hole_strokes: STROKES,
      played_on: '2026-10-01',
      game: value,
    } as never)

  beforeAll(async () => {
    golfer = await newGolfer('rpc-walk-refusals')
    courseId = ulid()
    teeId = ulid()
    const course = await golfer.client
      .from('courses')
      .insert({ id: courseId, name: 'Walk Links', rating: 72.4, slope: 131 })
    expect(course.error).toBeNull()
    const tee = await golfer.client.from('tees').insert({
      id: teeId,
      course_id: courseId,
      name: 'Blue',
      course_rating: 35.1,
      slope_rating: 120,
      holes: 9,
      par: 36,
      hole_pars: PARS,
      stroke_indexes: [1, 3, 5, 7, 9, 2, 4, 6, 8],
    })
    expect(tee.error).toBeNull()
  })

  it('keeps a game to its fields and a bound on its size, in words, with a 400', async () => {
    expect((await addRound(game())).error).toBeNull()
    const notes = await addRound(game({ notes: 'n'.repeat(900_000) }))
    expect(notes.status).toBe(400)
    expect(notes.error?.message).toBe('the game is too large (at most 16 KB)')
    const field = await addRound(game({ notes: 'a word' }))
    expect(field.status).toBe(400)
    expect(field.error?.message).toBe('the game has no field "notes"')
    const partner = await addRound(game({}, { nickname: 'Annie' }))
    expect(partner.status).toBe(400)
    expect(partner.error?.message).toBe('partner 1: the game has no field "nickname"')
  })

  it('answers a copy of a withdrawn directory course with a 404 in words', async () => {
    const published = await golfer.client.rpc('publish_course', { course_id: courseId })
    expect(published.error).toBeNull()
    const withdrawn = await golfer.client.rpc('withdraw_course', {
      directory_id: published.data as string,
    })
    expect(withdrawn.error).toBeNull()
    const copy = await golfer.client.rpc('copy_directory_course', {
      directory_id: published.data as string,
    })
    expect(copy.status).toBe(404)
    expect(copy.error?.message).toBe(
      'this course is not in the directory (it may have been withdrawn)',
    )
  })
})
