// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { aGameCard, aPartner, hole } from '../testing'
import {
  PICKED_UP,
  gameOfCard,
  roundInputOfCard,
  type Card,
  type CardGame,
  type PartnerScore,
} from './card'
import { cardPlayers, runningFigure, shareText, standings } from './game-card'

/** The back nine of aCard: pars 4 4 3 5 4 4 3 4 5, stroke indexes 8 4 18 2 12 16 6 10 14. */
const withGame = (card: Card) => card as Card & { game: CardGame }
const rest = <T>(entered: T[], filler: T): T[] => [
  ...entered,
  ...Array.from({ length: 9 - entered.length }, () => filler),
]

describe('the group card', () => {
  // You (3 strokes: holes 13, 11, 16), Ann (10: one on each hole, two on 13), Ben (+1: gives one
  // back on hole 12, index 18), after three holes.
  const card = withGame(
    aGameCard(
      {},
      {
        scores: rest([hole(5), hole(5), hole(3)], null),
      },
    ),
  )
  card.game.partners[0] = aPartner({ scores: rest<PartnerScore>([6, PICKED_UP, 4], null) })
  card.game.partners[1] = {
    ...(card.game.partners[1] as CardGame['partners'][number]),
    scores: rest<PartnerScore>([4, 4, 3], null),
  }

  it('gives each player their strokes on each hole by stroke index', () => {
    const [you, ann, ben] = cardPlayers(card)
    expect(you?.received).toEqual([0, 1, 0, 1, 0, 0, 1, 0, 0])
    expect(ann?.received).toEqual([1, 1, 1, 2, 1, 1, 1, 1, 1])
    expect(ben?.received).toEqual([0, 0, -1, 0, 0, 0, 0, 0, 0])
  })

  it('counts Stableford points as the holes go, a hole picked up scoring none', () => {
    const players = cardPlayers(card)
    // You: 1 + 2 + 2; Ann: 1 + 0 (picked up) + 2; Ben: 2 + 2 + 1.
    expect(players.map((_, at) => runningFigure(card.game, players, at))).toEqual([
      '5 points',
      '3 points',
      '5 points',
    ])
    expect(shareText(card)).toBe('Stableford at Pebble Beach, 25 Nov: you 5, Ben 5, Ann 3')
  })

  it('shows net to par in stroke play, and each net total at the end', () => {
    const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5]
    const stroke = withGame(
      aGameCard(
        { format: 'stroke', partners: [aPartner({ scores: pars.map((par) => par + 1) })] },
        { scores: pars.map((par) => hole(par)) },
      ),
    )
    const players = cardPlayers(stroke)
    // You: 36 gross, 3 strokes: net −3; Ann: 45, 10 strokes: net 35, −1.
    expect(runningFigure(stroke.game, players, 0)).toBe('Net −3')
    expect(runningFigure(stroke.game, players, 1)).toBe('Net −1')
    expect(standings(stroke.game, players).map((line) => line.figure)).toEqual(['net 33', 'net 35'])
    expect(shareText(stroke)).toBe(
      'Stroke play at Pebble Beach, 25 Nov: you 36 (net 33), Ann 45 (net 35)',
    )
  })

  it('keeps the match as it stands for each side, and its result', () => {
    // No strokes either way; you win holes 10–12 (4 against 5 on the par 4s, 3 against 4),
    // then halve: 3 up with 2 to play after hole 16, won 3&2.
    const yours = [4, 4, 3, 5, 4, 4, 3, 4, 5]
    const bens: PartnerScore[] = [5, 5, 4, 5, 4, 4, 3, 7, 7]
    const match = withGame(
      aGameCard(
        {
          format: 'match',
          strokes: 0,
          partners: [aPartner({ name: 'Ben', strokes: 0, scores: rest(bens.slice(0, 4), null) })],
        },
        {
          scores: rest(
            yours.slice(0, 4).map((strokes) => hole(strokes)),
            null,
          ),
        },
      ),
    )
    let players = cardPlayers(match)
    expect(runningFigure(match.game, players, 0)).toBe('3 up')
    expect(runningFigure(match.game, players, 1)).toBe('3 down')
    match.scores = yours.map((strokes) => hole(strokes))
    match.game.partners[0] = {
      ...(match.game.partners[0] as CardGame['partners'][number]),
      scores: bens,
    }
    players = cardPlayers(match)
    expect(runningFigure(match.game, players, 0)).toBe('won 3&2')
    expect(runningFigure(match.game, players, 1)).toBe('lost 3&2')
    expect(shareText(match)).toBe('Match at Pebble Beach, 25 Nov: won 3&2 against Ben')
    // Every hole halved instead: a halved match.
    match.game.partners[0] = {
      ...(match.game.partners[0] as CardGame['partners'][number]),
      scores: [...yours],
    }
    expect(shareText(withGame(match))).toBe('Match at Pebble Beach, 25 Nov: halved with Ben')
  })

  it('is stored with the round as the game: each partner strokes by hole, null picked up', () => {
    expect(gameOfCard(card)).toEqual({
      format: 'stableford',
      allowancePercent: 95,
      playingHandicap: 3,
      strokesReceived: 3,
      partners: [
        {
          name: 'Ann',
          index: 18.4,
          teeId: 'tee-1',
          teeName: 'Blue',
          playingHandicap: 10,
          strokesReceived: 10,
          holeStrokes: [6, null, 4, null, null, null, null, null, null],
        },
        {
          name: 'Ben',
          index: -1.2,
          teeId: 'tee-1',
          teeName: 'Blue',
          playingHandicap: -1,
          strokesReceived: -1,
          holeStrokes: [4, 4, 3, null, null, null, null, null, null],
        },
      ],
      pickedUp: [],
    })
    expect(gameOfCard({ ...card, game: null })).toBeNull()
    // Sent with the golfer's round, in its own insert.
    expect(roundInputOfCard(card).game).toEqual(gameOfCard(card))
    expect(roundInputOfCard({ ...card, game: null }).game).toBeNull()
  })
})
