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

/**
 * The group's card read for the screens: each player's holes, the strokes they receive
 * on each, the running figure of the format, the result, and the game stored with the round.
 * Player 0 is the golfer (whose strokes are the card's `scores`, a hole picked up counted as one),
 * then the partners in order.
 */
export interface CardPlayer {
  name: string
  /** The strokes received on the card (the playing handicap, or the match difference). */
  strokes: number
  pars: readonly number[]
  strokeIndexes: readonly number[]
  /** Each hole's gross strokes; null when picked up or not entered yet. */
  holes: Hole[]
  /** Each hole entered (a hole picked up is entered). */
  entered: boolean[]
  /** Strokes received on each hole (negative: given back by a plus handicap). */
  received: number[]
  /** The gross the player's card has over the holes entered (a hole the golfer picked up at its
   * score for the record); null once a partner picked up, whose card then has no total. */
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

/** Every player on a card with a game, the golfer ("You") first. */
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

/** The holes played in a row from the first by both players: what a match has counted. */
function bothPlayed(a: CardPlayer, b: CardPlayer): number {
  let played = 0
  while (played < a.entered.length && a.entered[played] && b.entered[played]) played += 1
  return played
}

const points = (of: CardPlayer) => stablefordPoints(of.holes, of.strokes).reduce((a, b) => a + b, 0)

/**
 * A player's running figure as the hole view shows it: net to par over the holes entered (stroke
 * play), points (Stableford), or the match as it stands for that player ("2 up", "1 down,
 * dormie"... "won 3&2"; match play has two players).
 */
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
  /** The gross the player's card has; null when a partner picked up (shown as "PU"). */
  gross: number | null
  /** What the format counts: net total (stroke play), points (Stableford), the match result. */
  figure: string
  /** The figure as a number to rank by (points, net); null for a match or no return. */
  ranked: number | null
}

/** Each player's line on the summary and in the shared result, in the card's order. */
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

/** "won 3&2", "lost 1 up", "halved": the match for player `at` of two. */
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

/**
 * The result in a few words, as a golfer posts it in the group chat, best first like the round's
 * entry (gameResult): "Stableford at Oak Hill, 26 Nov: you 36, Ann 33, Ben 29", "Match at Oak
 * Hill, 26 Nov: won 3&2 against Ben" (or "lost 2 up to Ben", "halved with Ben"), "Stroke play at
 * Oak Hill, 26 Nov: you 84 (net 72), Ann 90 (net 75), Ben no return" (a partner who picked
 * up has no gross to tell). Each player's holes are their own tee's.
 */
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
