import type { SideGames } from './side-games'

/**
 * The game a round was played in (issue 31): the format the group agreed on the first tee, the
 * allowance, and each partner's card. It is stored with the golfer's round, in the same insert,
 * so it is sent exactly once, owned, deleted, restored, exported and imported with the round.
 * The golfer's own strokes are the round's hole scores; a partner needs no account, so a partner
 * is only what the golfer typed (name and index) and what the card worked out from it.
 */
/** Stroke play (gross and net), Stableford, or singles match play. */
export type GameFormat = 'stroke' | 'stableford' | 'match'

export interface Game {
  format: GameFormat
  /** 0–100: the share of each course handicap played off (Appendix C, editable). */
  allowancePercent: number
  /** The golfer's own playing handicap (never used for net double bogey). */
  playingHandicap: number
  /** The strokes the golfer received on the card: the playing handicap, or in match play the
   * difference from the lower one. */
  strokesReceived: number
  /** One to three partners; exactly one in match play. */
  partners: GamePartner[]
  /** The holes the golfer picked up, as the course numbers them (10–18 on a back nine), in
   * order. The round's hole scores keep net double bogey there for the handicap record; the game
   * counts each as picked up (no points, the hole lost in a match, no return in stroke play).
   * Absent on a game stored before it was kept: none. */
  pickedUp?: number[]
  /** The side games played beside the format; absent: none (every game stored before them). */
  sideGames?: SideGames
}

export interface GamePartner {
  /** 1–60 characters, as typed (trimmed). */
  name: string
  /** −10.0 to 54.0, in tenths; a plus index is negative. */
  index: number
  /** A tee of the round's course, one of the golfer's own. */
  teeId: string
  teeName: string
  playingHandicap: number
  strokesReceived: number
  /** Each hole's gross strokes, in the round's hole order; null: picked up. */
  holeStrokes: (number | null)[]
}

/** The bounds the database's constraints hold a game to, and the forms check first. */
export const GAME_BOUNDS = {
  partners: { min: 1, max: 3 },
  name: { min: 1, max: 60 },
  index: { min: -10, max: 54 },
  allowancePercent: { min: 0, max: 100 },
  holeStrokes: { min: 1, max: 20 },
} as const
