import type { SideGames } from './side-games'

export type GameFormat = 'stroke' | 'stableford' | 'match'

export interface Game {
  format: GameFormat
  /** The share of each course handicap played off (Appendix C, editable). */
  allowancePercent: number
  /** Never used for net double bogey. */
  playingHandicap: number
  /** In match play, the difference from the lower playing handicap. */
  strokesReceived: number
  partners: GamePartner[]
  /** Numbered as the course numbers them; the hole scores keep net double bogey there. */
  pickedUp?: number[]
  /** Absent: none. */
  sideGames?: SideGames
}

/** A partner needs no account: only what the golfer typed and what the card worked out from it. */
export interface GamePartner {
  name: string
  /** A plus index is negative. */
  index: number
  teeId: string
  teeName: string
  playingHandicap: number
  strokesReceived: number
  /** Null: picked up. */
  holeStrokes: (number | null)[]
}

export const GAME_BOUNDS = {
  partners: { min: 1, max: 3 },
  name: { min: 1, max: 60 },
  index: { min: -10, max: 54 },
  allowancePercent: { min: 0, max: 100 },
  holeStrokes: { min: 1, max: 20 },
} as const
