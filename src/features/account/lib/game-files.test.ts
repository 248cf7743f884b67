// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Game } from '@/lib/tables/games'
import { NINE_STROKES as STROKES, aNineWithGame } from '../testing'
import { fullJson, roundsCsv } from './export-files'
import { importPayload } from './import-payload'
import { planImport } from './import-plan'

/** A round's game through the files: the rounds CSV's Game column and the JSON's
 * `game`, and back through the import's plan into what import_rounds is sent. */
const GAME: Game = {
  format: 'match',
  allowancePercent: 100,
  playingHandicap: 4,
  strokesReceived: 4,
  partners: [
    {
      name: 'Ben, "the" Bear',
      index: -1.2,
      teeId: '01JC0000000000000000000T02',
      teeName: 'Red',
      playingHandicap: 0,
      strokesReceived: 0,
      holeStrokes: [4, 4, null, 5, 4, 5, 3, 4, 4],
    },
  ],
  // The golfer picked up on hole 4 (kept as 6 in the hole scores).
  pickedUp: [4],
}
const ROW = {
  format: 'match',
  allowance_percent: 100,
  playing_handicap: 4,
  strokes_received: 4,
  partners: [
    {
      name: 'Ben, "the" Bear',
      index: -1.2,
      tee_id: '01JC0000000000000000000T02',
      tee_name: 'Red',
      playing_handicap: 0,
      strokes_received: 0,
      hole_strokes: [4, 4, null, 5, 4, 5, 3, 4, 4],
    },
  ],
  picked_up: [4],
}

const round = aNineWithGame(GAME)

describe("a round's game in the files", () => {
  it('is the last column of the rounds CSV, as the database keeps it, and reads back', () => {
    const csv = roundsCsv([
      round,
      { ...round, id: '01JC0000000000000000000001', playedOn: '2026-02-28', game: null },
    ])
    const [header, line, without] = csv.split('\r\n')
    expect(header?.endsWith(',Hole penalties,Game')).toBe(true)
    expect(line?.endsWith(`,"${JSON.stringify(ROW).replaceAll('"', '""')}"`)).toBe(true)
    expect(without?.endsWith(',')).toBe(true)

    const plan = planImport(
      csv,
      { courses: [{ name: 'Augusta', rating: 72.1, slope: 130 }], rounds: [] },
      '2026-03-10',
    )
    expect(plan.problems).toEqual([])
    expect(plan.toAdd.map((added) => added.game ?? null)).toEqual([ROW, null])
    let id = 0
    const [sent, alone] = importPayload(plan.toAdd, () => `id${++id}`)
    expect(sent).toMatchObject({ hole_strokes: STROKES, game: ROW })
    expect(alone).not.toHaveProperty('game')
  })

  it('says what is wrong with a Game cell, on its line', () => {
    const csv = roundsCsv([round])
    const read = (game: string) =>
      planImport(
        csv.replace(/"\{.*\}"/, game),
        { courses: [{ name: 'Augusta', rating: 72.1, slope: 130 }], rounds: [] },
        '2026-03-10',
      ).problems
    expect(read('{not json')).toEqual([
      { line: 2, reason: 'The game is not readable (it must be the JSON the export writes)' },
    ])
    expect(read('"{""format"":""skins"",""partners"":[]}"')).toEqual([
      { line: 2, reason: 'The game’s format must be stroke, stableford or match' },
    ])
    expect(
      read(
        `"${JSON.stringify({ ...ROW, partners: [{ ...ROW.partners[0], hole_strokes: [4] }] }).replaceAll('"', '""')}"`,
      ),
    ).toEqual([{ line: 2, reason: 'Partner 1’s card must have 9 holes' }])
  })

  it('is the `game` of each round in the JSON', () => {
    const json = JSON.parse(
      fullJson({ email: null, courses: [], rounds: [round] }, new Date('2026-03-10T00:00:00Z')),
    ) as { rounds: { game: unknown }[] }
    expect(json.rounds[0]?.game).toEqual(GAME)
  })
})
