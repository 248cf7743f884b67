// The rules are in side-game-standings.ts and, in the database, private.broken_side_games_rule.

/** What a game is played for: points, or an amount of a currency (no money moves in the app). */
export type Stake =
  { kind: 'points'; amount: number } | { kind: 'money'; amount: number; currency: string }

/** Places on the card (0 is the golfer) of the two pairs. */
export type Sides = [[number, number], [number, number]]

/** Players by their place on the card, never by account; `version` lets a later release read it. */
export interface SideGames {
  version: 1
  /** The two pairs, for a four-ball, a Nassau of four and a scramble of sides. */
  sides?: Sides
  /** Each skin is worth the stake from every other player. */
  skins?: { basis: 'gross' | 'net'; carryOver: boolean; stake: Stake }
  /** Front, back, overall and each press are worth the stake to each player of the side. */
  nassau?: { pressAt: 2 | null; stake: Stake }
  fourBall?: { stake: Stake }
  /** The whole group as one team (its handicap only), or the sides as two teams of 2. */
  scramble?: { teams: 'group' } | { teams: 'sides'; stake: Stake }
}
