import { PICKED_UP, golferPickedUp, partnerStrokes, type Card, type CardGame } from './card'
import {
  matchResult,
  matchStatus,
  netToPar,
  stablefordPoints,
  strokesOnHoles,
  type Hole,
} from './formats'
import { formatToPar } from './card'
import { bestFirst, matchLine } from './game-result'

/** Player 0 is the golfer, then the partners in order. */
export interface CardPlayer {
  name: string
  /** The strokes received on the card (the playing handicap, or the match difference). */
  strokes: number
  pars: readonly number[]
  strokeIndexes: readonly number[]
  holes: Hole[]
  entered: boolean[]
  /** Strokes received on each hole (negative: given back by a plus handicap). */
  received: number[]
  /** Null once a partner picked up: their card then has no total. */
  gross: number | null
}

function player(
  name: string,
  strokes: number,
  pars: readonly number[],
  strokeIndexes: readonly number[],
  scores: readonly (number | null)[],
  entered: boolean[],
  gross: number | null,
): CardPlayer {
  const holes = pars.map((par, at) => ({
    par,
    strokeIndex: strokeIndexes[at] ?? at + 1,
    strokes: scores[at] ?? null,
  }))
  return {
    name,
    strokes,
    pars,
    strokeIndexes,
    holes,
    entered,
    received: strokesOnHoles(holes, strokes),
    gross,
  }
}

const total = (strokes: readonly number[]) => strokes.reduce((sum, value) => sum + value, 0)

export function cardPlayers(card: Card & { game: CardGame }): CardPlayer[] {
  const { game } = card
  return [
    player(
      'You',
      game.strokes,
      card.holePars,
      card.strokeIndexes,
      // A hole the golfer picked up is a pick-up in the game, whatever its score for the record.
      card.scores.map((score, at) => (golferPickedUp(card, at) ? null : (score?.strokes ?? null))),
      card.scores.map((score) => score !== null),
      total(card.scores.flatMap((score) => (score ? [score.strokes] : []))),
    ),
    ...game.partners.map((partner) =>
      player(
        partner.name,
        partner.strokes,
        partner.holePars ?? card.holePars,
        partner.strokeIndexes ?? card.strokeIndexes,
        partner.scores.map(partnerStrokes),
        partner.scores.map((score) => score !== null),
        partner.scores.includes(PICKED_UP)
          ? null
          : total(partner.scores.flatMap((score) => (typeof score === 'number' ? [score] : []))),
      ),
    ),
  ]
}

/** What a match has counted: the holes both played in a row from the first. */
function bothPlayed(a: CardPlayer, b: CardPlayer): number {
  let played = 0
  while (played < a.entered.length && a.entered[played] && b.entered[played]) played += 1
  return played
}

const points = (of: CardPlayer) => stablefordPoints(of.holes, of.strokes).reduce((a, b) => a + b, 0)

export function runningFigure(game: CardGame, players: readonly CardPlayer[], at: number): string {
  const of = players[at]
  if (!of) return ''
  if (game.format === 'stableford') {
    const total = points(of)
    return `${total} ${total === 1 ? 'point' : 'points'}`
  }
  if (game.format === 'match') {
    const other = players[at === 0 ? 1 : 0]
    if (!other) return ''
    return matchStatus(of.holes, other.holes, of.strokes, other.strokes, bothPlayed(of, other)).text
  }
  if (!of.entered.some(Boolean)) return 'Net –'
  return `Net ${formatToPar(netToPar(of.holes, of.strokes))}`
}

export interface Standing {
  name: string
  /** Null when a partner picked up (shown as "PU"). */
  gross: number | null
  figure: string
  /** The figure as a number to rank by (points, net); null for a match or no return. */
  ranked: number | null
}

export function standings(game: CardGame, players: readonly CardPlayer[]): Standing[] {
  return players.map((of, at) => {
    const { gross } = of
    if (game.format === 'stableford') {
      const total = points(of)
      return { name: of.name, gross, figure: String(total), ranked: total }
    }
    if (game.format === 'match') {
      return { name: of.name, gross, figure: matchWords(players, at), ranked: null }
    }
    const pickedUp = of.holes.some((hole, hole_at) => hole.strokes === null && of.entered[hole_at])
    if (pickedUp || gross === null)
      return { name: of.name, gross, figure: 'no return', ranked: null }
    const net = gross - of.strokes
    return { name: of.name, gross, figure: `net ${net}`, ranked: net }
  })
}

function matchWords(players: readonly CardPlayer[], at: number): string {
  const of = players[at]
  const other = players[at === 0 ? 1 : 0]
  if (!of || !other) return ''
  const { up, result } = matchResult(of.holes, other.holes, of.strokes, other.strokes)
  if (up === 0) return 'halved'
  return `${up > 0 ? 'won' : 'lost'} ${result}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "26 Nov": a YYYY-MM-DD day as golfers write it in a chat. */
export function shortDay(playedOn: string): string {
  const [, month, day] = playedOn.split('-').map(Number)
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''}`
}

const FORMAT_NAMES = { stroke: 'Stroke play', stableford: 'Stableford', match: 'Match' } as const

/** "Stableford at Oak Hill, 26 Nov: you 36, Ann 33, Ben 29", ranked like `gameResult`. */
export function shareText(card: Card & { game: CardGame }): string {
  const { game } = card
  const players = cardPlayers(card)
  const where = `${FORMAT_NAMES[game.format]} at ${card.courseName}, ${shortDay(card.playedOn)}`
  const lines = standings(game, players).map((line, at) =>
    at === 0 ? { ...line, name: 'you' } : line,
  )
  if (game.format === 'match') {
    const [you, other] = players
    if (!you || !other) return where
    const { up, result } = matchResult(you.holes, other.holes, you.strokes, other.strokes)
    return `${where}: ${matchLine(up, result, other.name)}`
  }
  if (game.format === 'stableford') {
    return `${where}: ${bestFirst(lines, (line) => line.ranked, true)
      .map((line) => `${line.name} ${line.figure}`)
      .join(', ')}`
  }
  return `${where}: ${bestFirst(lines, (line) => line.ranked, false)
    .map((line) =>
      line.gross === null
        ? `${line.name} ${line.figure}`
        : `${line.name} ${line.gross} (${line.figure})`,
    )
    .join(', ')}`
}
