import { monotonicFactory } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { roundsCsv } from '@/features/account/lib/export-files'
import { importPayload } from '@/features/account/lib/import-payload'
import { planImport } from '@/features/account/lib/import-plan'
import type { Game } from '@/lib/tables/games'
import { ROUND_COLUMNS, roundFromRow, roundToInsert, type RoundRow } from '@/lib/tables/rounds'
import { holeScoresOf } from '@/testing/fixtures'
import { newGolfer } from '../support/stack.ts'

const ulid = monotonicFactory()

/**
 * A round's game (issue 31) through the rounds CSV and back, against the stack: stored as the app
 * stores it, written by the export, read by the import's plan and sent to import_rounds as the app
 * sends it, by another golfer, whose partners' tees are their own tees of the same name.
 */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [1, 3, 5, 7, 9, 2, 4, 6, 8]
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5]
const ANN = [4, 5, null, 5, 4, 6, 3, 5, 5]
const BEN = [6, 6, 4, 7, 5, 5, 4, 5, 6]

type Golfer = Awaited<ReturnType<typeof newGolfer>>
const roundsOf = async (golfer: Golfer) => {
  const { data, error } = await golfer.client.from('rounds').select(ROUND_COLUMNS).order('id')
  expect(error).toBeNull()
  return (data as unknown as RoundRow[]).map(roundFromRow)
}

/** A course of `golfer`'s with 9-hole tees of these names, stored directly: their ids by name. */
async function courseWithTees(golfer: Golfer, name: string, tees: readonly string[]) {
  const courseId = ulid()
  const ids = Object.fromEntries(tees.map((tee) => [tee, ulid()]))
  const course = await golfer.client
    .from('courses')
    .insert({ id: courseId, name, rating: 72.4, slope: 131 })
  expect(course.error).toBeNull()
  const added = await golfer.client.from('tees').insert(
    tees.map((tee) => ({
      id: ids[tee] as string,
      course_id: courseId,
      name: tee,
      course_rating: 35.1,
      slope_rating: 120,
      holes: 9,
      par: 36,
      hole_pars: PARS,
      stroke_indexes: INDEXES,
    })),
  )
  expect(added.error).toBeNull()
  return { courseId, ids }
}

let player: Golfer
let newcomer: Golfer
let game: Game

beforeAll(async () => {
  player = await newGolfer('game-files')
  newcomer = await newGolfer('game-files-new')
  const { courseId, ids } = await courseWithTees(player, 'Game Links', ['Blue', 'Red'])
  game = {
    format: 'stableford',
    allowancePercent: 95,
    playingHandicap: 4,
    strokesReceived: 4,
    partners: [
      {
        name: 'Ann',
        index: 8.6,
        teeId: ids['Red'] as string,
        teeName: 'Red',
        playingHandicap: 6,
        strokesReceived: 6,
        holeStrokes: ANN,
      },
      {
        name: 'Ben',
        index: 18.2,
        teeId: ids['Blue'] as string,
        teeName: 'Blue',
        playingHandicap: 12,
        strokesReceived: 12,
        holeStrokes: BEN,
      },
    ],
  }
  const { error } = await player.client.from('rounds').insert(
    roundToInsert(ulid(), {
      courseId,
      teeId: ids['Blue'] as string,
      nine: null,
      score: 39,
      holeScores: holeScoresOf(STROKES),
      game,
      playedOn: '2026-11-20',
    }),
  )
  expect(error).toBeNull()
})

describe("a round's game through the rounds CSV", () => {
  it("imports into another golfer's account with each partner on their tee of the same name", async () => {
    const [stored] = await roundsOf(player)
    expect(stored?.game).toEqual(game)
    const csv = roundsCsv([
      {
        ...(stored as NonNullable<typeof stored>),
        differential: null,
        counts: null,
        adjustedGross: null,
      },
    ])
    // The newcomer has the course with a Red tee (and no Blue: the import makes it).
    const { ids } = await courseWithTees(newcomer, 'Game Links', ['Red'])
    const plan = planImport(
      csv,
      { courses: [{ name: 'Game Links', rating: 72.4, slope: 131 }], rounds: [] },
      '2026-11-25',
    )
    expect(plan.problems).toEqual([])
    const first = await newcomer.client.rpc('import_rounds', {
      payload: importPayload(plan.toAdd, ulid),
    })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ rounds_added: 1 })

    const [imported] = await roundsOf(newcomer)
    const blue = imported?.teeId
    expect(imported?.teeName).toBe('Blue')
    expect(blue).not.toBe(game.partners[1]?.teeId)
    expect(imported?.game).toEqual({
      ...game,
      partners: [
        { ...game.partners[0], teeId: ids['Red'] },
        { ...game.partners[1], teeId: blue },
      ],
    })
  })
})
