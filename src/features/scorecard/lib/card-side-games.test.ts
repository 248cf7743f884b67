// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { aGameCard, aPartner, hole, roundOfFinishedCard } from '../testing'
import type { Card } from './card'
import { cardSideGames, roundSideGamesLines, settleUpView } from './card-side-games'
import type { SideGames } from './side-game-standings'

// The back nine (holes 10–18, pars 4 4 3 5 4 4 3 4 5) as three players score it in gross skins
// with carry-over, 1 point a skin: You and Ben tie 10 at 4, Ann wins 11 with a 4 (both carried),
// then everyone makes par and the 7 skins carried from 12–18 are never won.
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const YOU = [4, 5, ...PARS.slice(2)]
const ANN = [5, 4, ...PARS.slice(2)]
const BEN = [4, 5, ...PARS.slice(2)]
const SKINS: SideGames = {
  version: 1,
  skins: { basis: 'gross', carryOver: true, stake: { kind: 'points', amount: 1 } },
}

function played(holes: number, sideGames: SideGames | null = SKINS): Card {
  const upTo = <T>(list: readonly T[], count: number) =>
    list.map((value, at) => (at < count ? value : null))
  const card = aGameCard(
    {
      format: 'stroke',
      ...(sideGames ? { sideGames } : {}),
      partners: [
        aPartner({ name: 'Ann', scores: upTo(ANN, holes + 1) }),
        aPartner({ name: 'Ben', strokes: -1, scores: upTo(BEN, holes) }),
      ],
    },
    {},
  )
  return { ...card, scores: upTo(YOU, holes).map((strokes) => (strokes ? hole(strokes) : null)) }
}

describe('the side games of a card and of its round', () => {
  it('stand after the last hole every player has entered, the golfer named in the second person', () => {
    const standings = cardSideGames(played(2))
    expect(standings?.holes).toEqual([
      { hole: 10, lines: ['No skin on 10: You and Ben tied at 4 (1 carried)'] },
      { hole: 11, lines: ['Skin to Ann on 11 (1 carried from 10)'] },
    ])
    // Ann 2 skins × 3 players − 2: +4; You and Ben −2 each; the lower index pays first.
    expect(standings && settleUpView(standings).payments).toEqual([
      'You pay Ann 2 points',
      'Ben pays Ann 2 points',
    ])
  })

  it('settle the finished card and its stored round with the same payments', () => {
    const card = played(9)
    const view = settleUpView(cardSideGames(card) as NonNullable<ReturnType<typeof cardSideGames>>)
    expect(view.final).toBe(true)
    expect(view.standing).toEqual([
      'No skin on 18: You, Ann and Ben tied at 5 (7 carried, not won)',
    ])
    const round = roundOfFinishedCard(card, '2026-11-25T12:00:00Z')
    expect(round.game?.sideGames).toEqual(SKINS)
    expect(roundSideGamesLines(round)?.payments).toEqual(view.payments)
  })

  it('are nothing for a card or a round without them, as before', () => {
    const card = played(9, null)
    expect(cardSideGames(card)).toBeNull()
    expect(roundSideGamesLines(roundOfFinishedCard(card, '2026-11-25T12:00:00Z'))).toBeNull()
  })
})
