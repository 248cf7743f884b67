import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataError } from '@/lib/data-error'
import { roundToInsert, roundToRow, type HoleScore, type RoundInput } from '@/lib/tables/rounds'
import { adminPool, newGolfer } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * A scorecard's refusals through the REST API with the real supabase-js client, sent as the app
 * sends them (roundToInsert / roundToRow): each is a 4xx whose message is the database's words for
 * the golfer (never a constraint name), the app classifies it as its input refused (not "waiting
 * to sync"), and nothing is stored. A finished card sent twice is stored once.
 */
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
// Front 5+4+3+6+4+5+3+4+5 = 39, back 4+3+5+6+4+4+3+5+4 = 38: 77.
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]

const holes = (change: (hole: HoleScore, number: number) => Partial<HoleScore> = () => ({})) =>
  STROKES.map((strokes, at) => {
    const hole = {
      strokes,
      putts: null,
      fairwayHit: null,
      greenInRegulation: null,
      penalties: null,
    }
    return { ...hole, ...change(hole, at + 1) }
  })

let golfer: Awaited<ReturnType<typeof newGolfer>>
let other: Awaited<ReturnType<typeof newGolfer>>
const courseId = ulid()
const cardTee = ulid()
const bareTee = ulid()
const otherCourse = ulid()
const otherTee = ulid()
const pool = adminPool()

const input = (values: Partial<RoundInput> = {}): RoundInput => ({
  courseId,
  teeId: cardTee,
  nine: null,
  score: 77,
  holeScores: holes(),
  playedOn: '2026-11-20',
  ...values,
})

/** How the app classifies the answer (src/lib/data-error.ts). */
const classified = (error: { message: string; code: string } | null) =>
  error ? new DataError(error) : null

const roundCount = async () => {
  const { rows } = await pool.query<{ n: number }>(
    'select count(*)::int as n from public.rounds where user_id = $1',
    [golfer.user.id],
  )
  return rows[0]?.n
}

beforeAll(async () => {
  golfer = await newGolfer('holes-rest')
  other = await newGolfer('holes-rest-other')
  const tee = {
    name: 'Blue',
    course_rating: 73.9,
    slope_rating: 135,
    par: 72,
    hole_pars: HOLE_PARS,
    stroke_indexes: STROKE_INDEXES,
  }
  for (const { error } of [
    await golfer.client
      .from('courses')
      .insert({ id: courseId, name: 'Rest Links', rating: 72.4, slope: 131 }),
    await golfer.client.from('tees').insert([
      { id: cardTee, course_id: courseId, ...tee },
      {
        ...tee,
        id: bareTee,
        course_id: courseId,
        name: 'Red',
        hole_pars: null,
        stroke_indexes: null,
      },
    ]),
    await other.client
      .from('courses')
      .insert({ id: otherCourse, name: 'Other Downs', rating: 70.1, slope: 122 }),
    await other.client.from('tees').insert({ id: otherTee, course_id: otherCourse, ...tee }),
  ]) {
    expect(error).toBeNull()
  }
})

afterAll(async () => {
  await pool.end()
})

describe('a card sent as the app sends it', () => {
  const refusals: [string, RoundInput][] = [
    [
      "hole 7: putts can't be more than strokes",
      input({ holeScores: holes((_, n) => (n === 7 ? { putts: 4 } : {})) }),
    ],
    [
      'hole 3: a par 3 has no fairway to hit',
      input({ holeScores: holes((_, n) => (n === 3 ? { fairwayHit: true } : {})) }),
    ],
    [
      'hole 1: penalty strokes must be fewer than strokes',
      input({ holeScores: holes((_, n) => (n === 1 ? { penalties: 5 } : {})) }),
    ],
    // Hole 7: 3 → 21, 77 + 18 = 95.
    [
      'hole 7: strokes must be from 1 to 20',
      input({ score: 95, holeScores: holes((_, n) => (n === 7 ? { strokes: 21 } : {})) }),
    ],
    // The last hole left off: 77 - 4 = 73.
    [
      'the card has 17 holes, but this round is played over 18',
      input({ score: 73, holeScores: holes().slice(0, 17) }),
    ],
    ["the score (78) must be the sum of the holes' strokes (77)", input({ score: 78 })],
    [
      'this tee has no hole pars and stroke indexes: add them to the tee to score hole by hole',
      input({ teeId: bareTee }),
    ],
  ]
  it.each(refusals)('is refused with 400 "%s", as the golfer’s input', async (message, card) => {
    const before = await roundCount()
    const { error, status } = await golfer.client
      .from('rounds')
      .insert(roundToInsert(ulid(), card))
      .select('id')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '23514', message })
    expect(classified(error)).toMatchObject({ failure: 'invalid', refused: true })
    expect(await roundCount()).toBe(before)
  })

  it("on another golfer's tee is refused with 403 and the words an unknown tee gets", async () => {
    const answers = await Promise.all(
      [otherTee, ulid()].map((teeId) =>
        golfer.client.from('rounds').insert(roundToInsert(ulid(), input({ teeId }))),
      ),
    )
    for (const { error, status } of answers) {
      expect(status).toBe(403)
      expect(error).toMatchObject({
        code: '42501',
        message: 'a round can only be played from one of your own tees',
      })
      expect(classified(error)).toMatchObject({ failure: 'not-yours', refused: true })
    }
  })

  it('refuses hole lists that are not lists of whole numbers with 400, as the golfer’s input', async () => {
    for (const hole_strokes of ['abc', [[4, 5], [3]], [4.5], [1e10], { hole: 1 }]) {
      const { error, status } = await golfer.client
        .from('rounds')
        .insert({ ...roundToInsert(ulid(), input()), hole_strokes } as never)
      expect(status).toBe(400)
      expect(classified(error)).toMatchObject({ failure: 'invalid', refused: true })
    }
  })

  it('sent twice is one round: the second insert answers 409, 23505 on rounds_pkey, which the app counts as stored', async () => {
    const id = ulid()
    const row = roundToInsert(
      id,
      input({ holeScores: holes((_, n) => (n === 1 ? { putts: 2 } : {})) }),
    )
    const sends = []
    for (let send = 0; send < 2; send += 1) {
      sends.push(
        await golfer.client
          .from('rounds')
          .insert(row)
          .select('id, score, hole_strokes, hole_putts'),
      )
    }
    expect(sends.map(({ status, data }) => ({ status, rows: data?.length }))).toEqual([
      { status: 201, rows: 1 },
      { status: 409, rows: undefined },
    ])
    expect(sends[0]?.data?.[0]).toMatchObject({ score: 77, hole_strokes: STROKES })
    const refusal = classified(sends[1]?.error ?? null)
    expect(refusal).toMatchObject({ code: '23505', constraint: 'rounds_pkey' })
    expect(refusal?.alreadyStoredIn('rounds')).toBe(true)
    const { rows } = await pool.query(
      'select count(*)::int as n from public.rounds where id = $1',
      [id],
    )
    expect(rows[0]).toEqual({ n: 1 })
  })
})

describe('editing, as the app edits', () => {
  it('a round entered as a total is still editable (the app sends the hole columns, null)', async () => {
    const id = ulid()
    const total = input({ holeScores: null, score: 90 })
    expect((await golfer.client.from('rounds').insert(roundToInsert(id, total))).error).toBeNull()
    const { data, error } = await golfer.client
      .from('rounds')
      .update(roundToRow({ ...total, score: 91 }))
      .eq('id', id)
      .select('score, hole_strokes')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ score: 91, hole_strokes: null })
  })

  it('a card: corrected holes are taken; a new total or another tee is refused with 400 in words', async () => {
    const id = ulid()
    expect((await golfer.client.from('rounds').insert(roundToInsert(id, input()))).error).toBeNull()
    const edit = (card: RoundInput) =>
      golfer.client
        .from('rounds')
        .update(roundToRow(card))
        .eq('id', id)
        .select('score, hole_strokes')
    // Hole 18: 4 → 6, 77 + 2 = 79.
    const corrected = holes((_, n) => (n === 18 ? { strokes: 6 } : {}))
    const taken = await edit(input({ score: 79, holeScores: corrected }))
    expect(taken.error).toBeNull()
    expect(taken.data).toEqual([{ score: 79, hole_strokes: [...STROKES.slice(0, 17), 6] }])
    const refusals: [string, RoundInput][] = [
      [
        'this round was scored hole by hole: correct its holes, and the score follows',
        input({ score: 80, holeScores: null }),
      ],
      [
        "this round was scored hole by hole on its tee: it can't be moved to another tee, course or nine",
        input({ score: 79, holeScores: corrected, teeId: bareTee }),
      ],
    ]
    for (const [message, card] of refusals) {
      const { error, status } = await edit(card)
      expect(status).toBe(400)
      expect(error).toMatchObject({ code: '23514', message })
    }
  })
})

describe('import', () => {
  it('bad hole data in a file is a 400 naming the row and the hole, and stores nothing', async () => {
    const before = await roundCount()
    const row = {
      course_id: ulid(),
      course_name: 'Rest Links',
      course_rating: 73.9,
      slope_rating: 135,
      played_on: '2026-11-02',
      score: 77,
      tee_name: 'Blue',
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      hole_strokes: STROKES,
    }
    const { error, status } = await golfer.client.rpc('import_rounds', {
      payload: [
        { ...row, round_id: ulid() },
        {
          ...row,
          round_id: ulid(),
          played_on: '2026-11-03',
          hole_putts: [null, null, null, null, null, null, 4],
        },
      ],
    })
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: '22023',
      message: 'row 2: putts need one value per hole: 18, not 7',
    })
    expect(classified(error)).toMatchObject({ failure: 'invalid' })
    expect(await roundCount()).toBe(before)
  })
})
