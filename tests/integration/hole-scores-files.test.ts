import { monotonicFactory } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { roundsCsv } from '@/features/account/lib/export-files'
import { importPayload } from '@/features/account/lib/import-payload'
import { planImport } from '@/features/account/lib/import-plan'
import { ROUND_COLUMNS, roundFromRow, roundToInsert, type RoundRow } from '@/lib/tables/rounds'
import { holeScoresOf } from '@/testing/fixtures'
import { newGolfer } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * A card through the files and back, against the stack: stored as the app stores it, written to
 * the rounds CSV as the export writes it, read by the import's plan and sent to import_rounds as
 * the app sends it, by a golfer with an empty account, who then has the same holes.
 */
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
// Front 5+4+3+6+4+5+3+4+5 = 39, back 4+3+5+6+4+4+3+5+4 = 38: 77.
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]
const Y = true
const N = false
const _ = null
const HOLES = holeScoresOf(STROKES, {
  putts: [2, 2, 1, 2, 2, 2, 2, 1, 2, 2, 1, 2, 2, 2, 2, 2, 2, _],
  fairwayHit: [Y, N, _, Y, Y, _, _, N, Y, Y, _, N, Y, Y, N, _, Y, _],
  greenInRegulation: [N, Y, Y, N, Y, N, Y, Y, N, Y, Y, N, N, Y, Y, Y, N, Y],
  penalties: [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
})

type Golfer = Awaited<ReturnType<typeof newGolfer>>
const roundsOf = async (golfer: Golfer) => {
  const { data, error } = await golfer.client.from('rounds').select(ROUND_COLUMNS).order('id')
  expect(error).toBeNull()
  return (data as unknown as RoundRow[]).map(roundFromRow)
}

let player: Golfer
let newcomer: Golfer

beforeAll(async () => {
  player = await newGolfer('holes-files')
  newcomer = await newGolfer('holes-files-new')
  const courseId = ulid()
  const teeId = ulid()
  for (const { error } of [
    await player.client
      .from('courses')
      .insert({ id: courseId, name: 'File Links', rating: 72.4, slope: 131 }),
    await player.client.from('tees').insert({
      id: teeId,
      course_id: courseId,
      name: 'Blue',
      course_rating: 73.9,
      slope_rating: 135,
      par: 72,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
    }),
    await player.client.from('rounds').insert(
      roundToInsert(ulid(), {
        courseId,
        teeId,
        nine: null,
        score: 77,
        holeScores: HOLES,
        playedOn: '2026-11-20',
      }),
    ),
  ]) {
    expect(error).toBeNull()
  }
})

describe('hole scores through the rounds CSV', () => {
  it('imports an exported card into an empty account with the same holes, once', async () => {
    const [stored] = await roundsOf(player)
    const csv = roundsCsv([
      {
        ...(stored as NonNullable<typeof stored>),
        differential: null,
        counts: null,
        adjustedGross: null,
      },
    ])
    const plan = planImport(csv, { courses: [], rounds: [] }, '2026-11-25')
    expect(plan.problems).toEqual([])
    const payload = importPayload(plan.toAdd, ulid)
    const first = await newcomer.client.rpc('import_rounds', { payload })
    expect(first.error).toBeNull()
    expect(first.data).toEqual({ courses_added: 1, rounds_added: 1, rounds_skipped: 0 })

    const [imported] = await roundsOf(newcomer)
    expect(imported).toMatchObject({
      courseName: 'File Links',
      teeName: 'Blue',
      courseRating: 73.9,
      slopeRating: 135,
      score: 77,
      playedOn: '2026-11-20',
      holePars: [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4],
      strokeIndexes: [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12],
    })
    expect(imported?.holeScores).toEqual(HOLES)

    // The same file again adds nothing.
    const again = await newcomer.client.rpc('import_rounds', {
      payload: importPayload(plan.toAdd, ulid),
    })
    expect(again.data).toEqual({ courses_added: 0, rounds_added: 0, rounds_skipped: 1 })
  })
})
