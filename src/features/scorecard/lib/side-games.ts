import { roundHalfUp } from '@/lib/handicap-arithmetic'

/** A value no card holds is held to what one can, except where a wrong answer would move money:
 * `settle` and `scrambleHandicap` throw. */

const isScore = (score: number | null | undefined): score is number =>
  typeof score === 'number' && Number.isFinite(score)

const sign = (value: number): 1 | 0 | -1 => (value > 0 ? 1 : value < 0 ? -1 : 0)

const longest = (rows: readonly (readonly unknown[])[]): number =>
  rows.reduce((most, row) => Math.max(most, row.length), 0)

/** The lowest score wins the hole only if no one else has it; with `carryOver` an unwon hole's
 * skin goes to the next. Net skins pass scores net and capped at net double bogey. */
export function skins(
  scores: (number | null)[][],
  carryOver: boolean,
): { winners: (number | null)[]; won: number[]; carried: number } {
  const won = scores.map(() => 0)
  const winners: (number | null)[] = []
  let carried = 0
  for (let hole = 0; hole < longest(scores); hole++) {
    let lowest: number | null = null
    let winner: number | null = null
    for (let player = 0; player < scores.length; player++) {
      const score = scores[player]?.[hole]
      if (!isScore(score)) continue
      if (lowest === null || score < lowest) {
        lowest = score
        winner = player
      } else if (score === lowest) {
        winner = null
      }
    }
    winners.push(winner)
    if (winner === null) {
      if (carryOver) carried += 1
    } else {
      won[winner] = (won[winner] as number) + 1 + carried
      carried = 0
    }
  }
  return { winners, won, carried }
}

/** One bet of a Nassau over holes `from`–`to` (1-based): the sign of side A's holes up. */
export interface Bet {
  from: number
  to: number
  result: 1 | 0 | -1
}

const NINES = [
  [1, 9],
  [10, 18],
] as const

/** Hole results for side A: 1 won, 0 halved, −1 lost. A side just gone `pressAt` down in a nine's
 * latest bet starts a press to the nine's end; the overall is never pressed. */
export function nassau(
  holes: number[],
  pressAt: number | null,
): { front: Bet; back: Bet; overall: Bet; presses: Bet[] } {
  const results = Array.from({ length: 18 }, (_, at) => {
    const result = holes[at]
    return isScore(result) ? sign(result) : 0
  })
  const upOver = (from: number, to: number) =>
    results.slice(from - 1, Math.max(from - 1, to)).reduce<number>((up, hole) => up + hole, 0)
  const bet = (from: number, to: number): Bet => ({ from, to, result: sign(upOver(from, to)) })

  const presses: Bet[] = []
  const downToPress = pressAt !== null && Number.isInteger(pressAt) && pressAt > 0 ? pressAt : null
  if (downToPress !== null) {
    for (const [first, last] of NINES) {
      let latestFrom: number = first
      for (let hole = first; hole < last; hole++) {
        const before = upOver(latestFrom, hole - 1)
        const after = upOver(latestFrom, hole)
        if (Math.abs(after) === downToPress && after !== before) {
          presses.push(bet(hole + 1, last))
          latestFrom = hole + 1
        }
      }
    }
  }
  return { front: bet(1, 9), back: bet(10, 18), overall: bet(1, 18), presses }
}

function bestBall(side: readonly (readonly (number | null)[])[], hole: number): number | null {
  let best: number | null = null
  for (const player of side) {
    const score = player[hole]
    if (isScore(score) && (best === null || score < best)) best = score
  }
  return best
}

/** A side with no score loses the hole, neither scoring halves it; the result as `matchResult`. */
export function fourBall(
  sideA: (number | null)[][],
  sideB: (number | null)[][],
): { holes: (1 | 0 | -1)[]; up: number; decidedAfter: number | null; result: string } {
  const count = longest([...sideA, ...sideB])
  const holes = Array.from({ length: count }, (_, hole): 1 | 0 | -1 => {
    const a = bestBall(sideA, hole)
    const b = bestBall(sideB, hole)
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1
    return sign(b - a)
  })
  let up = 0
  for (let played = 1; played <= count; played++) {
    up += holes[played - 1] as number
    const left = count - played
    if (Math.abs(up) > left) {
      const result = left > 0 ? `${Math.abs(up)}&${left}` : `${Math.abs(up)} up`
      return { holes, up, decidedAfter: played, result }
    }
  }
  return { holes, up, decidedAfter: null, result: 'All square' }
}

/** Parts of a stroke a course handicap is read in: every unrounded course handicap the engine
 * gives is n / 1130, and any figure of up to three decimals is exact in 1 / 113 000 too. */
const PARTS = 113_000
const SCRAMBLE_SHARES: Readonly<Record<number, readonly number[]>> = {
  2: [35, 15],
  4: [25, 20, 15, 10],
}

/** USGA Appendix C: 2 players 35% + 15%, 4 players 25/20/15/10% from the lowest unrounded course
 * handicap, summed and rounded half up, in exact parts so 0.5 never becomes 0.4999…. */
export function scrambleHandicap(courseHandicaps: number[]): number {
  const shares = SCRAMBLE_SHARES[courseHandicaps.length]
  if (!shares) {
    throw new RangeError(
      `A scramble team handicap needs 2 or 4 players, got ${courseHandicaps.length}`,
    )
  }
  const parts = courseHandicaps.map((courseHandicap) => {
    if (!Number.isFinite(courseHandicap) || Math.abs(courseHandicap) > 1000) {
      throw new RangeError(`A course handicap must be a number, got ${courseHandicap}`)
    }
    return Math.round(courseHandicap * PARTS)
  })
  parts.sort((low, high) => low - high)
  const total = parts.reduce((sum, part, at) => sum + part * (shares[at] as number), 0)
  return roundHalfUp(total, 100 * PARTS)
}

/** Who owes most pays who is owed most, so each payment clears a balance: at most n − 1. */
export function settle(balances: number[]): { from: number; to: number; amount: number }[] {
  for (const balance of balances) {
    if (!Number.isSafeInteger(balance)) {
      throw new Error(`Every balance must be a whole number to settle, got ${balance}`)
    }
  }
  const total = balances.reduce((sum, balance) => sum + balance, 0)
  if (total !== 0) {
    throw new Error(`Balances must add up to 0 to settle, these add up to ${total}`)
  }
  const left = [...balances]
  const payments: { from: number; to: number; amount: number }[] = []
  for (;;) {
    let from = -1
    let to = -1
    left.forEach((balance, player) => {
      if (balance < 0 && (from < 0 || balance < (left[from] as number))) from = player
      if (balance > 0 && (to < 0 || balance > (left[to] as number))) to = player
    })
    if (from < 0 || to < 0) return payments
    const amount = Math.min(-(left[from] as number), left[to] as number)
    payments.push({ from, to, amount })
    left[from] = (left[from] as number) + amount
    left[to] = (left[to] as number) - amount
  }
}
