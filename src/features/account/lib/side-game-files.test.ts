// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { gameFromRow, gameToRow } from '@/lib/tables/game-rows'
import type { Game } from '@/lib/tables/games'
import { NINE_PARS as PARS, aNineWithGame } from '../testing'
import { fullJson, roundsCsv } from './export-files'
import { importPayload } from './import-payload'
import { planImport } from './import-plan'

/** A round's side games through the files: in the rounds CSV's Game cell and the JSON's `game`,
 * in the database's shape on the way back to import_rounds. */
const partner = (name: string) => ({
  name,
  index: 10,
  teeId: '01JC0000000000000000000T01',
  teeName: 'White',
  playingHandicap: 9,
  strokesReceived: 9,
  holeStrokes: PARS,
})
const GAME: Game = {
  format: 'stroke',
  allowancePercent: 95,
  playingHandicap: 4,
  strokesReceived: 4,
  partners: [partner('Ann'), partner('Ben'), partner('Cat')],
  pickedUp: [],
  sideGames: {
    version: 1,
    sides: [
      [0, 3],
      [1, 2],
    ],
    skins: {
      basis: 'net',
      carryOver: true,
      stake: { kind: 'money', amount: 2.5, currency: 'GBP' },
    },
    fourBall: { stake: { kind: 'points', amount: 3 } },
  },
}
const SIDE_GAMES_ROW = {
  version: 1,
  sides: [
    [0, 3],
    [1, 2],
  ],
  skins: { basis: 'net', carry_over: true, stake: { kind: 'money', amount: 2.5, currency: 'GBP' } },
  four_ball: { stake: { kind: 'points', amount: 3 } },
}

const round = aNineWithGame(GAME)

describe("a round's side games in the files", () => {
  it('are in the database’s shape in the rounds CSV, and go back to import_rounds as they came', () => {
    const plan = planImport(
      roundsCsv([round]),
      { courses: [{ name: 'Augusta', rating: 72.1, slope: 130 }], rounds: [] },
      '2026-03-10',
    )
    expect(plan.problems).toEqual([])
    const [sent] = importPayload(plan.toAdd, () => 'id1')
    expect(sent).toMatchObject({ game: { side_games: SIDE_GAMES_ROW } })
  })

  it('are the game’s `sideGames` in the JSON, read back into the same row', () => {
    const json = JSON.parse(
      fullJson({ email: null, courses: [], rounds: [round] }, new Date('2026-03-10T00:00:00Z')),
    ) as { rounds: { game: Game }[] }
    expect(json.rounds[0]?.game.sideGames).toEqual(GAME.sideGames)
    expect(gameToRow(json.rounds[0]?.game as Game).side_games).toEqual(SIDE_GAMES_ROW)
    expect(gameFromRow(gameToRow(GAME))).toEqual(GAME)
  })

  it('leave a game stored before them exactly as it was', () => {
    const before: Game = { ...GAME }
    delete before.sideGames
    expect(gameToRow(before)).not.toHaveProperty('side_games')
    expect(gameFromRow(gameToRow(before))).toEqual(before)
  })
})
