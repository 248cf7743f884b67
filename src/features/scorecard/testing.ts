import { roundFromInput, type HoleScore, type Round } from '@/lib/tables/rounds'
import {
  courseOfCard,
  roundInputOfCard,
  type Card,
  type CardGame,
  type CardPartner,
  type PartnerScore,
} from './lib/card'

export const CARD_ID = '01JCARD000000000000000000A'

/** A back nine of an 18-hole tee (holes 10–18, par 36), nothing entered yet. */
export function aCard(overrides: Partial<Card> = {}): Card {
  return {
    id: CARD_ID,
    courseId: 'course-1',
    courseName: 'Pebble Beach',
    teeId: 'tee-1',
    teeName: 'Blue',
    nine: { side: 'back', rating: 35.4, slope: 118 },
    rating: 35.4,
    slope: 118,
    holePars: [4, 4, 3, 5, 4, 4, 3, 4, 5],
    strokeIndexes: [8, 4, 18, 2, 12, 16, 6, 10, 14],
    firstHole: 10,
    playedOn: '2026-11-25',
    scores: Array.from({ length: 9 }, () => null),
    at: 0,
    game: null,
    ...overrides,
  }
}

export const hole = (strokes: number, putts: number | null = null): HoleScore => ({
  strokes,
  putts,
  fairwayHit: null,
  greenInRegulation: null,
  penalties: null,
})

const NINE = () => Array.from({ length: 9 }, (): PartnerScore => null)

export function aPartner(overrides: Partial<CardPartner> = {}): CardPartner {
  return {
    name: 'Ann',
    index: 18.4,
    teeId: 'tee-1',
    teeName: 'Blue',
    holePars: null,
    strokeIndexes: null,
    courseHandicap: 11,
    playingHandicap: 10,
    strokes: 10,
    scores: NINE(),
    ...overrides,
  }
}

/** `aCard`'s nine as a Stableford: the golfer (3 strokes), Ann (10) and Ben (gives 1 back). */
export function aGameCard(game: Partial<CardGame> = {}, overrides: Partial<Card> = {}): Card {
  return aCard({
    game: {
      format: 'stableford',
      allowancePercent: 95,
      index: 5.2,
      courseHandicap: 3,
      playingHandicap: 3,
      strokes: 3,
      partners: [
        aPartner(),
        aPartner({
          name: 'Ben',
          index: -1.2,
          courseHandicap: -1,
          playingHandicap: -1,
          strokes: -1,
        }),
      ],
      ...game,
    },
    ...overrides,
  })
}

/** As the rounds store shows it until the server answers. */
export const roundOfFinishedCard = (card: Card, createdAt: string): Round =>
  roundFromInput(roundInputOfCard(card), courseOfCard(card), { id: card.id, createdAt })
