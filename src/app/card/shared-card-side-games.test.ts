import { describe, expect, it } from 'vitest'
import type { CardEntry, CardPlace } from '@/features/shared-card/types'
import { sharedCardSideGames } from './shared-card-side-games'

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13]
const place = (player_no: number, name: string) =>
  ({
    player_no,
    name,
    hole_pars: PARS,
    stroke_indexes: INDEXES,
    playing_handicap: 0,
    strokes_received: 0,
  }) as CardPlace
const entry = (
  id: string,
  player_no: number,
  hole: number,
  strokes: number | null,
  replaces: string[] = [],
): CardEntry => ({
  id,
  card_id: 'card',
  player_no,
  hole,
  strokes,
  replaces,
  entered_by: 'someone',
})
const grossSkins = {
  version: 1,
  skins: { basis: 'gross', carry_over: false, stake: { kind: 'points', amount: 1 } },
}
const card = { holes: 9, side_games: grossSkins }
const places = [place(1, 'Sam'), place(2, 'Ann')]

describe('a shared card’s side games', () => {
  it('count the agreed cells hole by hole, with the reason, and settle what is over', () => {
    const entries = [
      entry('a1', 1, 1, 4),
      entry('b1', 2, 1, 5),
      entry('a2', 1, 2, 5),
      entry('b2', 2, 2, 5),
    ]
    const standings = sharedCardSideGames(card, places, entries, 'en')
    expect(standings?.holes).toEqual([
      { hole: 1, lines: ['Skin to Sam on 1'] },
      { hole: 2, lines: ['No skin on 2: Sam and Ann tied at 5'] },
    ])
    expect(standings?.settlement.text).toContain('Ann pays Sam 1 point')
  })

  it('count a disputed cell as no score yet, until it is settled', () => {
    const disputed = [
      entry('a1', 1, 1, 4),
      entry('b1', 2, 1, 5),
      entry('a2', 1, 2, 4),
      entry('b2', 2, 2, 5),
      // Ann's phone says Sam took 6 on hole 2: the cell stands between 4 and 6.
      entry('c2', 1, 2, 6),
    ]
    expect(sharedCardSideGames(card, places, disputed, 'en')?.holes).toEqual([
      { hole: 1, lines: ['Skin to Sam on 1'] },
    ])
    const settled = [...disputed, entry('d2', 1, 2, 6, ['a2', 'c2'])]
    expect(sharedCardSideGames(card, places, settled, 'en')?.holes.at(-1)).toEqual({
      hole: 2,
      lines: ['Skin to Ann on 2'],
    })
  })

  it('are none on a card without side games, or with games its players cannot play', () => {
    expect(sharedCardSideGames({ holes: 9, side_games: null }, places, [], 'en')).toBeNull()
    const fourBall = {
      holes: 9,
      side_games: { version: 1, four_ball: { stake: { kind: 'points', amount: 1 } } },
    }
    expect(sharedCardSideGames(fourBall, places, [], 'en')).toBeNull()
  })
})
