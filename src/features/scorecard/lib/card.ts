import { ulid } from 'ulid'
import { readFromDeviceNow, removeFromDeviceNow, writeToDeviceNow } from '@/lib/device-storage'
import type { GameTee, PlayedHoles } from '@/lib/played-holes'
import type { Game, GameFormat } from '@/lib/tables/games'
import type { SideGames } from '@/lib/tables/side-games'
import type { HoleScore, NineSide, RoundCourse, RoundInput, RoundTee } from '@/lib/tables/rounds'

/** A partner's hole: picked up (no score, no points, the hole lost in a match). */
export const PICKED_UP = 'picked up'
/** A partner's hole as the card keeps it: strokes, picked up, or null until entered. */
export type PartnerScore = number | typeof PICKED_UP | null

/** A partner on the card: what the golfer typed and what the first tee made of it. */
export interface CardPartner {
  /** 1–60 characters, trimmed. */
  name: string
  /** −10.0 to 54.0 in tenths (a plus index negative). */
  index: number
  teeId: string
  teeName: string
  /** The holes played from the partner's tee when it is not the golfer's; null: the card's. */
  holePars: number[] | null
  strokeIndexes: number[] | null
  courseHandicap: number
  playingHandicap: number
  /** What the partner receives on the card (in match play, the difference from the lower). */
  strokes: number
  scores: PartnerScore[]
}

/** The game the group agreed on the first tee; the golfer's strokes are `scores`. */
export interface CardGame {
  format: GameFormat
  allowancePercent: number
  /** The golfer's index for the game: the one in effect on the day, or typed for this card. */
  index: number
  courseHandicap: number
  playingHandicap: number
  strokes: number
  /** One to three (exactly one in match play). */
  partners: CardPartner[]
  /** Per hole: true where the golfer picked up; the score keeps net double bogey for the record,
   * the game counts the hole as picked up. Absent: none picked up. */
  pickedUp?: boolean[]
  /** Absent: no side games. */
  sideGames?: SideGames
}

/** A scorecard in play, kept on this device until finished; it copies the tee's holes so it can
 * be scored offline whatever happens to the tee meanwhile. */
export interface Card {
  /** A ULID: the id of the round it becomes. */
  id: string
  courseId: string
  courseName: string
  teeId: string
  teeName: string
  /** A nine of an 18-hole tee, with its 9-hole rating and slope as typed. */
  nine: { side: NineSide; rating: number; slope: number } | null
  /** The rating and slope of what is played (the nine's for a nine). */
  rating: number
  slope: number
  holePars: number[]
  strokeIndexes: number[]
  /** The number of the first hole played: 10 for a back nine, else 1. */
  firstHole: number
  /** YYYY-MM-DD. */
  playedOn: string
  scores: (HoleScore | null)[]
  /** The hole on screen, 0-based; equal to the number of holes on the summary. */
  at: number
  /** Null on a card the golfer scores alone. */
  game: CardGame | null
}

/** Nine holes of an 18-hole tee are a nine, played off the rating and slope typed for it. */
export function startCard(
  course: Pick<RoundCourse, 'id' | 'name'>,
  tee: GameTee,
  played: PlayedHoles,
  playedOn: string,
  game: CardGame | null,
): Card {
  const holePars = tee.holePars.slice(played.from, played.to)
  const side = played.from === 0 ? 'front' : 'back'
  const { rating, slope } = played
  return {
    id: ulid(),
    courseId: course.id,
    courseName: course.name,
    teeId: tee.id,
    teeName: tee.name,
    nine: tee.holes === 18 && holePars.length === 9 ? { side, rating, slope } : null,
    rating,
    slope,
    holePars,
    strokeIndexes: tee.strokeIndexes.slice(played.from, played.to),
    firstHole: played.from + 1,
    playedOn,
    scores: holePars.map(() => null),
    at: 0,
    game,
  }
}

const cardKey = (userId: string) => `${userId}:card`

/** The golfer's card on this device, read synchronously (the resume entry draws with the screen). */
export function readCard(userId: string): Card | null {
  const card = readFromDeviceNow<Omit<Card, 'game'> & { game?: CardGame | null }>(cardKey(userId))
  if (!card || typeof card.id !== 'string' || !Array.isArray(card.scores)) return null
  return { ...card, game: card.game ?? null }
}

/** Written before the call returns: a tab killed right after a tap keeps the tap. */
export const writeCard = (userId: string, card: Card): boolean =>
  writeToDeviceNow(cardKey(userId), card)

export const removeCard = (userId: string): void => removeFromDeviceNow(cardKey(userId))

export const holeNumber = (card: Pick<Card, 'firstHole'>, at: number) => card.firstHole + at

/** The hole the golfer was on, as the course numbers it (the last one on the summary). */
export const currentHoleNumber = (card: Card) =>
  holeNumber(card, Math.min(card.at, card.scores.length - 1))

/** "+3", "−2", "E": strokes against par, as golfers write it. */
export function formatToPar(difference: number): string {
  if (difference === 0) return 'E'
  return difference > 0 ? `+${difference}` : `−${-difference}`
}

export interface CardTotals {
  played: number
  strokes: number
  /** Strokes against the par of the holes entered. */
  toPar: number
}

export function cardTotals(card: Pick<Card, 'scores' | 'holePars'>): CardTotals {
  let played = 0
  let strokes = 0
  let par = 0
  card.scores.forEach((score, at) => {
    if (!score) return
    played += 1
    strokes += score.strokes
    par += card.holePars[at] ?? 0
  })
  return { played, strokes, toPar: strokes - par }
}

/** The numbers of the holes not entered yet, by the golfer or any partner. */
export const missingHoles = (card: Card) =>
  card.scores.flatMap((score, at) =>
    score && !card.game?.partners.some((partner) => partner.scores[at] === null)
      ? []
      : [holeNumber(card, at)],
  )

/** A partner's score as the stepper changes it: held to the strokes a hole can have. */
export const keptStrokes = (strokes: number) =>
  Math.min(STROKE_BOUNDS.max, Math.max(STROKE_BOUNDS.min, Math.round(strokes)))

/** What a hole shows before the golfer enters it: par, nothing else recorded. */
export const unenteredHole = (par: number): HoleScore => ({
  strokes: par,
  putts: null,
  fairwayHit: null,
  greenInRegulation: null,
  penalties: null,
})

export const STROKE_BOUNDS = { min: 1, max: 20 } as const
export const PUTT_BOUNDS = { min: 0, max: 10 } as const
export const PENALTY_BOUNDS = { min: 0, max: 10 } as const

/** Kept within the database's checks: putts never more than the strokes, penalties fewer than
 * the strokes, a fairway only on a par 4 or 5. */
export function keptInBounds(score: HoleScore, par: number): HoleScore {
  const strokes = Math.min(STROKE_BOUNDS.max, Math.max(STROKE_BOUNDS.min, score.strokes))
  const putts =
    score.putts === null ? null : Math.min(strokes, PUTT_BOUNDS.max, Math.max(0, score.putts))
  const penalties =
    score.penalties === null
      ? null
      : Math.min(strokes - 1, PENALTY_BOUNDS.max, Math.max(0, score.penalties))
  return {
    strokes,
    putts,
    fairwayHit: par >= 4 ? score.fairwayHit : null,
    greenInRegulation: score.greenInRegulation,
    penalties,
  }
}

/** A partner's strokes on a hole; null when picked up (or not entered). */
export const partnerStrokes = (score: PartnerScore): number | null =>
  typeof score === 'number' ? score : null

/** Whether the golfer picked up on hole `at` of a card (a hole with a score only). */
export const golferPickedUp = (card: Card, at: number): boolean =>
  card.game?.pickedUp?.[at] === true && card.scores[at] != null

export function withPickUp(game: CardGame, holes: number, at: number, pickedUp: boolean): CardGame {
  const flags = Array.from({ length: holes }, (_, hole) => game.pickedUp?.[hole] === true)
  flags[at] = pickedUp
  return { ...game, pickedUp: flags }
}

/** Every pick-up is scored at today's net double bogey (`maximums`), so all count off one course
 * handicap even when the index changed while the card was played. */
export function settledPickUps(card: Card, maximums: readonly number[]): Card {
  if (!card.game?.pickedUp?.some(Boolean)) return card
  const scores = card.scores.map((score, at) => {
    const most = maximums[at]
    return score && golferPickedUp(card, at) && most !== undefined
      ? keptInBounds({ ...score, strokes: most }, card.holePars[at] ?? 0)
      : score
  })
  return { ...card, scores }
}

export function gameOfCard(card: Card): Game | null {
  const { game } = card
  if (!game) return null
  const pickedUp = card.scores.flatMap((_, at) =>
    golferPickedUp(card, at) ? [holeNumber(card, at)] : [],
  )
  return {
    format: game.format,
    allowancePercent: game.allowancePercent,
    playingHandicap: game.playingHandicap,
    strokesReceived: game.strokes,
    partners: game.partners.map((partner) => ({
      name: partner.name,
      index: partner.index,
      teeId: partner.teeId,
      teeName: partner.teeName,
      playingHandicap: partner.playingHandicap,
      strokesReceived: partner.strokes,
      holeStrokes: partner.scores.map(partnerStrokes),
    })),
    pickedUp,
    ...(game.sideGames ? { sideGames: game.sideGames } : {}),
  }
}

/** The finished card as the golfer's round: what is sent (through the outbox). */
export function roundInputOfCard(card: Card): RoundInput {
  const holeScores = card.scores.filter((score) => score !== null)
  return {
    courseId: card.courseId,
    teeId: card.teeId,
    nine: card.nine,
    score: holeScores.reduce((sum, hole) => sum + hole.strokes, 0),
    holeScores,
    game: gameOfCard(card),
    playedOn: card.playedOn,
  }
}

/** The course and tee as the card copied them: a finished card is shown from its own copies. */
export function courseOfCard(card: Card): RoundCourse {
  const tee: RoundTee = {
    id: card.teeId,
    name: card.teeName,
    rating: card.rating,
    slope: card.slope,
    par: card.holePars.reduce((sum, par) => sum + par, 0),
    holes: card.holePars.length === 9 ? 9 : 18,
    holePars: card.holePars,
    strokeIndexes: card.strokeIndexes,
  }
  return {
    id: card.courseId,
    name: card.courseName,
    rating: card.rating,
    slope: card.slope,
    tees: [tee],
  }
}
