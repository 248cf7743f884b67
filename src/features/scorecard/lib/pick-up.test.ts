import { describe, expect, it } from 'vitest'
import { writeToDeviceNow } from '@/lib/device-storage'
import { gameFromRow, gameToRow } from '@/lib/tables/game-rows'
import { aGameCard, aPartner, hole, roundOfFinishedCard } from '../testing'
import {
  PICKED_UP,
  gameOfCard,
  readCard,
  settledPickUps,
  type Card,
  type CardGame,
  type PartnerScore,
} from './card'
import { stablefordPoints } from './formats'
import { cardPlayers, runningFigure, shareText, standings } from './game-card'
import { gameResult } from './game-result'

/** Rules of Golf 3.2 and 21.1, WHS Rule 3.1: the record keeps net double bogey, the game a pick-up.
 * aCard's holes 10–18, stroke indexes 8 4 18 2 12 16 6 10 14; off course handicap 3 (strokes on
 * 13, 11, 16) net double bogey is 6 7 5 8 6 6 6 6 7. */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const MAXIMUMS = [6, 7, 5, 8, 6, 6, 6, 6, 7]
const NONE = PARS.map(() => false)
const onlyFirst = [true, ...NONE.slice(1)]
type GameCard = Card & { game: CardGame }

/** You against Ben, no strokes either way; you pick up on hole 10 (kept as 6), par elsewhere. */
function aMatch(bens: PartnerScore[], game: Partial<CardGame> = {}): GameCard {
  return aGameCard(
    {
      format: 'match',
      allowancePercent: 100,
      strokes: 0,
      playingHandicap: 0,
      partners: [aPartner({ name: 'Ben', strokes: 0, playingHandicap: 0, scores: bens })],
      pickedUp: onlyFirst,
      ...game,
    },
    { scores: PARS.map((par, at) => hole(at === 0 ? 6 : par)), at: 9 },
  ) as GameCard
}

/** The card's round stored and read back: through the row the database keeps. */
function stored(card: Card) {
  const round = roundOfFinishedCard(card, '2026-11-25T18:00:00Z')
  return { ...round, game: round.game ? gameFromRow(gameToRow(round.game)) : null }
}

describe("the golfer's pick-up in match play", () => {
  // Ben takes 8 on hole 10 (net 8, more than your 6) and pars the rest.
  const card = aMatch([8, ...PARS.slice(1)])

  it('loses the hole the golfer picked up, though its net double bogey beats the other', () => {
    const players = cardPlayers(card)
    expect(players[0]?.holes[0]?.strokes).toBeNull()
    // Hole 10 lost, 11–18 halved: Ben 1 up, decided on the last hole.
    expect(runningFigure(card.game, players, 0)).toBe('lost 1 down')
    expect(runningFigure(card.game, players, 1)).toBe('won 1 up')
    expect(standings(card.game, players).map((line) => line.figure)).toEqual([
      'lost 1 up',
      'won 1 up',
    ])
    expect(shareText(card)).toBe('Match at Pebble Beach, 25 Nov: lost 1 up to Ben')
  })

  it('after one hole, the golfer who picked up is 1 down', () => {
    const early = aMatch([8, ...PARS.slice(1).map(() => null)], {})
    const players = cardPlayers({
      ...early,
      scores: [hole(6), ...PARS.slice(1).map(() => null)],
      at: 1,
    } as GameCard)
    expect(runningFigure(early.game, players, 0)).toBe('1 down')
  })

  it('is stored with the hole picked up and its net double bogey on the record, and gives the same result', () => {
    const round = stored(card)
    expect(round.holeScores?.[0]?.strokes).toBe(6)
    expect(round.score).toBe(38)
    expect(round.game?.pickedUp).toEqual([10])
    expect(gameResult({ ...round, nine: 'back' })).toBe('Match: lost 1 up to Ben')
    // A game stored before pick-ups were kept reads the 6 as strokes: the hole won, 1 up.
    const { pickedUp: _, ...older } = round.game ?? { pickedUp: [] }
    void _
    expect(gameResult({ ...round, game: older as typeof round.game })).toBe(
      'Match: won 1 up against Ben',
    )
  })

  it('halves a hole both picked up', () => {
    const both = aMatch([PICKED_UP, ...PARS.slice(1)])
    expect(shareText(both)).toBe('Match at Pebble Beach, 25 Nov: halved with Ben')
    expect(gameResult(stored(both))).toBe('Match: halved with Ben')
  })

  it('wins the hole the other picked up when the golfer holed out', () => {
    const theirs = aMatch([PICKED_UP, ...PARS.slice(1)], { pickedUp: NONE })
    expect(shareText(theirs)).toBe('Match at Pebble Beach, 25 Nov: won 1 up against Ben')
    expect(gameResult(stored(theirs))).toBe('Match: won 1 up against Ben')
  })
})

describe("the golfer's pick-up in Stableford", () => {
  it('scores no point, as net double bogey off the course handicap does for these strokes', () => {
    // You receive 3 (holes 13, 11, 16); hole 11 picked up, kept as 7 = 4 + 2 + 1: 2 + 4 + 1 − 7 = 0.
    const card = aGameCard(
      { pickedUp: [false, true, ...NONE.slice(2)] },
      { scores: PARS.map((par, at) => hole(at === 1 ? 7 : par)), at: 9 },
    ) as GameCard
    const [you] = cardPlayers(card)
    expect(you && stablefordPoints(you.holes, you.strokes)).toEqual([2, 0, 2, 3, 2, 2, 3, 2, 2])
    // Its 7 as a number, with the one stroke received there, also scores none.
    expect(stablefordPoints([{ par: 4, strokeIndex: 4, strokes: 7 }], 1)).toEqual([0])
  })

  it('scores no point where the hole’s number would have scored one', () => {
    // No index on the day: net double bogey is par + 5. A typed index gives 28 strokes on the
    // nine: 3 a hole and a fourth on hole 13 (index 2, par 5). Its 10 = 5 + 5 would score
    // 2 + 5 + 4 − 10 = 1 point; picked up, none. The other holes at par: 5 points each (2 + 3).
    const card = aGameCard(
      { strokes: 28, playingHandicap: 28, pickedUp: [false, false, false, true, ...NONE.slice(4)] },
      { scores: PARS.map((par, at) => hole(at === 3 ? 10 : par)), at: 9 },
    ) as GameCard
    expect(stablefordPoints([{ par: 5, strokeIndex: 2, strokes: 10 }], 4)).toEqual([1])
    const players = cardPlayers(card)
    expect(runningFigure(card.game, players, 0)).toBe('40 points')
    expect(gameResult(stored(card))).toBe('Stableford: you 40, Ann 0, Ben 0')
  })
})

describe("the golfer's pick-up in stroke play", () => {
  it('is no return in the game, on the card and stored, while the record keeps the hole', () => {
    const card = aGameCard(
      {
        format: 'stroke',
        partners: [aPartner({ scores: PARS.map((par) => par + 1) })],
        pickedUp: onlyFirst,
      },
      { scores: PARS.map((par, at) => hole(at === 0 ? 6 : par)), at: 9 },
    ) as GameCard
    const players = cardPlayers(card)
    // Ann: 45 gross, 10 strokes: net 35. You: the card's 38, its 6 on hole 1 as the record has it.
    expect(standings(card.game, players).map((line) => [line.gross, line.figure])).toEqual([
      [38, 'no return'],
      [45, 'net 35'],
    ])
    expect(shareText(card)).toBe(
      'Stroke play at Pebble Beach, 25 Nov: Ann 45 (net 35), you 38 (no return)',
    )
    const round = stored(card)
    expect(round.score).toBe(38)
    expect(gameResult(round)).toBe('Net: Ann 35, you no return')
  })
})

describe('a card kept before pick-ups were', () => {
  it('still opens, its holes counted as their strokes', () => {
    const { pickedUp: _, ...older } = aMatch([8, ...PARS.slice(1)]).game
    void _
    const card = { ...aMatch([8, ...PARS.slice(1)]), game: older }
    writeToDeviceNow('golfer-old:card', card)
    const read = readCard('golfer-old') as GameCard
    expect(read.game.pickedUp).toBeUndefined()
    expect(shareText(read)).toBe('Match at Pebble Beach, 25 Nov: won 1 up against Ben')
    expect(gameOfCard(read)?.pickedUp).toEqual([])
  })
})

describe('finishing a card', () => {
  it('scores each pick-up at the net double bogey of the handicap as it is now', () => {
    const card = aMatch([8, ...PARS.slice(1)])
    // The index of the day moved: no index any more, par + 5 everywhere.
    const settled = settledPickUps(
      card,
      PARS.map((par) => par + 5),
    )
    expect(settled.scores.map((score) => score?.strokes)).toEqual([9, ...PARS.slice(1)])
    expect(settledPickUps({ ...card, game: { ...card.game, pickedUp: NONE } }, MAXIMUMS)).toEqual({
      ...card,
      game: { ...card.game, pickedUp: NONE },
    })
  })
})
