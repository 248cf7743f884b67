import {
  roundHalfUp,
  strokesReceived,
  unroundedCourseHandicap1130,
} from '@/lib/handicap-arithmetic'
import type { GameFormat } from '@/lib/tables/games'

/** Playing handicaps (Rules of Handicapping 6.2, Appendix C), Stableford (Rule 21.1b), match play
 * (Rule 3.2). Integer arithmetic on course handicap × 1130, so 10.0 × 95% rounds to 10, not 9. */
export type { GameFormat }

/** Appendix C: individual stroke play and Stableford 95%, singles match play 100%. */
export const DEFAULT_ALLOWANCE: Readonly<Record<GameFormat, number>> = {
  stroke: 95,
  stableford: 95,
  match: 100,
}

export interface PlayingTee {
  courseRating: number
  slopeRating: number
  par: number
  holes: 9 | 18
}

export interface Player {
  index: number
  tee: PlayingTee
}

export interface PlayingHandicap {
  /** Rounded as everywhere else (Rule 6.1): what net double bogey uses, never the playing one. */
  courseHandicap: number
  /** After the allowance and, in stroke and match play, the par difference of mixed tees. */
  playingHandicap: number
  /** What the player receives on the card: the playing handicap, or in match play the difference
   * from the lowest one. Negative: a plus handicap gives strokes back. */
  strokes: number
}

/** A hole as the card holds it for one player: `strokes` null when the player picked up. */
export interface Hole {
  par: number
  strokeIndex: number
  strokes: number | null
}

/** A number held to whole `unit`s within bounds; anything not finite counts as `otherwise`. */
function held(value: number, unit: number, low: number, high: number, otherwise: number): number {
  if (!Number.isFinite(value)) return otherwise
  return Math.min(high, Math.max(low, Math.round(value / unit) * unit))
}

/** Index and tee are first held to what a card holds, so nothing here throws. */
function courseFigures({ index, tee }: Player): { par: number; times1130: number } {
  const par = held(tee.par, 1, 0, 1000, 0)
  const times1130 = unroundedCourseHandicap1130(
    Math.round(held(index, 0.1, -10, 54, 0) * 10) / 10,
    {
      courseRating: Math.round(held(tee.courseRating, 0.1, 0, 1000, par) * 10) / 10,
      slopeRating: held(tee.slopeRating, 1, 1, 1000, 113),
      par,
      holes: tee.holes === 9 ? 9 : 18,
    },
  )
  return { par, times1130 }
}

/** Rule 6.2, Appendix C: unrounded course handicap × allowance, .5 up; in stroke and match play a
 * higher-par tee adds the par difference (Stableford points already count it); in match play the
 * lowest plays off 0. */
export function playingHandicaps(
  players: readonly Player[],
  format: GameFormat,
  allowancePercent: number,
): PlayingHandicap[] {
  const allowance = held(allowancePercent, 1, 0, 100, 0)
  const figures = players.map(courseFigures)
  const lowestPar = Math.min(...figures.map(({ par }) => par))
  const playing = figures.map(({ par, times1130 }) => ({
    courseHandicap: roundHalfUp(times1130, 1130),
    playingHandicap:
      roundHalfUp(times1130 * allowance, 1130 * 100) +
      (format === 'stableford' ? 0 : par - lowestPar),
  }))
  const lowest = Math.min(...playing.map(({ playingHandicap }) => playingHandicap))
  return playing.map((player) => ({
    ...player,
    // + 0: the lowest's 0 is never −0.
    strokes: format === 'match' ? player.playingHandicap - lowest + 0 : player.playingHandicap,
  }))
}

const heldStrokes = (strokes: number) => held(strokes, 1, -1000, 1000, 0)

/** The strokes a player receives on each hole, in hole order, by stroke index (Appendix E). */
export function strokesOnHoles(
  holes: readonly Pick<Hole, 'strokeIndex'>[],
  strokes: number,
): number[] {
  return strokesReceived(
    heldStrokes(strokes),
    holes.map(({ strokeIndex }) => strokeIndex),
  )
}

const scoreOf = ({ strokes }: Hole): number | null =>
  strokes !== null && Number.isFinite(strokes) ? Math.round(strokes) : null

/** Rule 21.1b: max(0, 2 + par + strokes received − strokes); a pick-up scores 0. */
export function stablefordPoints(holes: readonly Hole[], strokes: number): number[] {
  const received = strokesOnHoles(holes, strokes)
  return holes.map((hole, at) => {
    const score = scoreOf(hole)
    if (score === null) return 0
    return Math.max(0, 2 + hole.par + (received[at] as number) - score)
  })
}

/** Net strokes against the par of the holes with a score (stroke play's running figure). */
export function netToPar(holes: readonly Hole[], strokes: number): number {
  const received = strokesOnHoles(holes, strokes)
  return holes.reduce((total, hole, at) => {
    const score = scoreOf(hole)
    return score === null ? total : total + score - (received[at] as number) - hole.par
  }, 0)
}

export interface MatchStatus {
  /** a's lead (negative: b leads), frozen once the match is decided. */
  up: number
  /** The number of holes played when the lead first exceeded the holes left; null if not yet. */
  decidedAfter: number | null
  /** Holes left after the holes counted (after the deciding hole, once decided). */
  left: number
}

/** A player who picked up loses the hole unless both did (halved). */
function matchAfter(
  a: readonly Hole[],
  b: readonly Hole[],
  strokesA: number,
  strokesB: number,
  played: number,
): MatchStatus {
  const holes = Math.min(a.length, b.length)
  const counted = Math.min(holes, Math.max(0, Math.floor(Number.isNaN(played) ? 0 : played)))
  const receivedA = strokesOnHoles(a, strokesA)
  const receivedB = strokesOnHoles(b, strokesB)
  let up = 0
  for (let at = 0; at < counted; at++) {
    const scoreA = scoreOf(a[at] as Hole)
    const scoreB = scoreOf(b[at] as Hole)
    if (scoreA === null || scoreB === null) {
      up += scoreA === scoreB ? 0 : scoreA === null ? -1 : 1
    } else {
      up += Math.sign(scoreB - (receivedB[at] as number) - (scoreA - (receivedA[at] as number)))
    }
    const left = holes - at - 1
    if (Math.abs(up) > left) return { up, decidedAfter: at + 1, left }
  }
  return { up, decidedAfter: null, left: holes - counted }
}

/** `result` in golf's words: "3&2" decided with holes left, "2 up" on the last hole, "All
 * square". */
export function matchResult(
  a: readonly Hole[],
  b: readonly Hole[],
  strokesA: number,
  strokesB: number,
): { up: number; decidedAfter: number | null; result: string } {
  const { up, decidedAfter, left } = matchAfter(a, b, strokesA, strokesB, Infinity)
  const result =
    decidedAfter === null
      ? 'All square'
      : left > 0
        ? `${Math.abs(up)}&${left}`
        : `${Math.abs(up)} up`
  return { up, decidedAfter, result }
}

/** As player a sees it: "2 up", "1 down", "2 up, dormie" (as many up as holes left), "won 3&2". */
export function matchStatus(
  a: readonly Hole[],
  b: readonly Hole[],
  strokesA: number,
  strokesB: number,
  played: number,
): MatchStatus & { text: string } {
  const status = matchAfter(a, b, strokesA, strokesB, played)
  const { up, decidedAfter, left } = status
  let text: string
  if (decidedAfter !== null) {
    const margin =
      left > 0 ? `${Math.abs(up)}&${left}` : `${Math.abs(up)} ${up > 0 ? 'up' : 'down'}`
    text = `${up > 0 ? 'won' : 'lost'} ${margin}`
  } else if (up === 0) {
    text = 'all square'
  } else {
    text = `${Math.abs(up)} ${up > 0 ? 'up' : 'down'}${Math.abs(up) === left ? ', dormie' : ''}`
  }
  return { ...status, text }
}
