import type { Round } from '@/lib/tables/rounds'
import { matchResult, stablefordPoints, strokesOnHoles, type Hole } from './formats'

export type GameRound = Pick<
  Round,
  'game' | 'holeScores' | 'holePars' | 'strokeIndexes' | 'teeId' | 'nine'
>

/** A tee's holes as the golfer's tees have them now; undefined when the tee is not known. */
export type TeeHoles = (
  teeId: string,
) => { holePars: readonly number[] | null; strokeIndexes: readonly number[] | null } | undefined

interface Player {
  name: string
  holes: Hole[]
  strokes: number
}

/** A partner on another tee counts on that tee's holes, as the card did; on the round's own when
 * that tee is gone. */
export function playersOf(round: GameRound, teeHoles?: TeeHoles): Player[] | null {
  const { game, holeScores, holePars, strokeIndexes } = round
  if (!game || !holeScores || !holePars || !strokeIndexes) return null
  const holesOf = (
    strokes: readonly (number | null)[],
    pars: readonly number[] = holePars,
    indexes: readonly number[] = strokeIndexes,
  ): Hole[] =>
    pars.map((par, at) => ({
      par,
      strokeIndex: indexes[at] as number,
      strokes: strokes[at] ?? null,
    }))
  // A nine of an 18-hole tee is its holes 1–9 or 10–18; a partner's tee has as many holes.
  const from = round.nine === 'back' ? 9 : 0
  const to = from + holePars.length
  const partnerHoles = (partner: { teeId: string; holeStrokes: readonly (number | null)[] }) => {
    const tee = partner.teeId === round.teeId ? undefined : teeHoles?.(partner.teeId)
    const pars = tee?.holePars?.slice(from, to)
    const indexes = tee?.strokeIndexes?.slice(from, to)
    return pars?.length === holePars.length && indexes?.length === holePars.length
      ? holesOf(partner.holeStrokes, pars, indexes)
      : holesOf(partner.holeStrokes)
  }
  // Picked-up holes keep net double bogey in the hole scores for the record only.
  const pickedUp = new Set(game.pickedUp ?? [])
  return [
    {
      name: 'you',
      holes: holesOf(
        holeScores.map((hole, at) => (pickedUp.has(from + 1 + at) ? null : hole.strokes)),
      ),
      strokes: game.strokesReceived,
    },
    ...game.partners.map((partner) => ({
      name: partner.name,
      holes: partnerHoles(partner),
      strokes: partner.strokesReceived,
    })),
  ]
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** No return last, a tie in card order; the round's entry and the shared result both rank so. */
export function bestFirst<T>(
  rows: readonly T[],
  rank: (row: T) => number | null,
  highest: boolean,
): T[] {
  return rows
    .map((row, at) => ({ row, at, value: rank(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        return Number(a.value === null) - Number(b.value === null) || a.at - b.at
      }
      return (highest ? b.value - a.value : a.value - b.value) || a.at - b.at
    })
    .map(({ row }) => row)
}

/** "won 3&2 against Ben", "lost 2 up to Ben", "halved with Ben": a match as its winner says it. */
export function matchLine(up: number, result: string, opponent: string): string {
  if (up === 0) return `halved with ${opponent}`
  return up > 0 ? `won ${result} against ${opponent}` : `lost ${result} to ${opponent}`
}

/** "Stableford: you 36, Ann 33", "Match: won 3&2 against Ben", "Net: you 70, Ann 72"; a card with
 * a hole picked up has no return in stroke play. */
export function gameResult(round: GameRound, teeHoles?: TeeHoles): string | null {
  const players = playersOf(round, teeHoles)
  const game = round.game
  if (!players || !game) return null
  const [you, ...partners] = players as [Player, ...Player[]]
  if (game.format === 'match') {
    const opponent = partners[0]
    if (!opponent) return null
    const { up, result } = matchResult(you.holes, opponent.holes, you.strokes, opponent.strokes)
    return `Match: ${matchLine(up, result, opponent.name)}`
  }
  if (game.format === 'stableford') {
    const rows = players.map((player) => ({
      name: player.name,
      figure: sum(stablefordPoints(player.holes, player.strokes)),
    }))
    return `Stableford: ${bestFirst(rows, (row) => row.figure, true)
      .map((row) => `${row.name} ${row.figure}`)
      .join(', ')}`
  }
  const rows = players.map((player) => {
    const strokes = player.holes.map((hole) => hole.strokes)
    const complete = strokes.every((value): value is number => value !== null)
    // Net: the gross less every stroke received (a plus handicap's strokes given back add).
    const received = sum(strokesOnHoles(player.holes, player.strokes))
    return { name: player.name, figure: complete ? sum(strokes) - received : null }
  })
  return `Net: ${bestFirst(rows, (row) => row.figure, false)
    .map((row) => `${row.name} ${row.figure ?? 'no return'}`)
    .join(', ')}`
}
