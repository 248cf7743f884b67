/* What the first tee is played from: shared by starting a card and scoring its game. */

/** A tee a player can play from: one of the course's tees with every hole's par and index. */
export interface GameTee {
  id: string
  name: string
  rating: number
  slope: number
  holes: 9 | 18
  holePars: readonly number[]
  strokeIndexes: readonly number[]
}

/** The holes the golfer plays: their tee, the rating and slope of what is played, which holes. */
export interface PlayedHoles {
  teeId: string
  rating: number
  slope: number
  /** The first hole played (0-based) and the one after the last. */
  from: number
  to: number
}
