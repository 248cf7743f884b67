import { cardPlayers } from './game-card'
import { playersOf, type GameRound, type TeeHoles } from './game-result'
import type { Card, CardGame } from './card'
import {
  sideGameStandings,
  validateSideGames,
  type SideGamePlayer,
  type SideGameStandings,
  type SideGames,
} from './side-game-standings'

// Card and stored round go through the one engine, so the settle-up and the entry show the same
// payments.

const YOU = 'You'

/** "You pays Ann …" as golfers say it; every other line names a third person. */
function inSecondPerson(standings: SideGameStandings): SideGameStandings {
  const fix = (text: string) => text.replace(/^You pays /gm, 'You pay ')
  const { settlement } = standings
  return {
    ...standings,
    settlement: {
      ...settlement,
      units: settlement.units.map((unit) => ({
        ...unit,
        payments: unit.payments.map((payment) => ({ ...payment, text: fix(payment.text) })),
      })),
      text: fix(settlement.text),
    },
  }
}

function playedByAll(entered: readonly (readonly boolean[])[], holes: number): number {
  let played = 0
  while (played < holes && entered.every((player) => player[played] === true)) played += 1
  return played
}

function playable(games: SideGames | undefined, players: number, holes: number) {
  if (!games) return null
  const checked = validateSideGames(games, { players, holes })
  return checked.ok ? checked.games : null
}

export function cardSideGames(card: Card, locale?: string): SideGameStandings | null {
  const game = card.game
  const games = playable(game?.sideGames, (game?.partners.length ?? 0) + 1, card.holePars.length)
  if (!game || !games) return null
  const players = cardPlayers(card as Card & { game: CardGame })
  const handicaps = [game.courseHandicap, ...game.partners.map((partner) => partner.courseHandicap)]
  const sidePlayers: SideGamePlayer[] = players.map((player, at) => ({
    name: at === 0 ? YOU : player.name,
    holes: player.holes,
    strokes: player.strokes,
    courseHandicap: handicaps[at] ?? 0,
  }))
  const played = playedByAll(
    players.map((player) => player.entered),
    card.holePars.length,
  )
  return inSecondPerson(
    sideGameStandings(
      games,
      { players: sidePlayers, played, firstHole: card.firstHole },
      locale === undefined ? {} : { locale },
    ),
  )
}

/** A round keeps playing handicaps, not course handicaps, so a scramble's note is left out. */
export function roundSideGames(
  round: GameRound,
  teeHoles?: TeeHoles,
  locale?: string,
): SideGameStandings | null {
  const players = playersOf(round, teeHoles)
  const holes = round.holePars?.length ?? 0
  const stored = playable(round.game?.sideGames, players?.length ?? 0, holes)
  if (!players || !stored) return null
  const games: SideGames = { ...stored }
  delete games.scramble
  if (!games.skins && !games.nassau && !games.fourBall) return null
  const sidePlayers: SideGamePlayer[] = players.map((player, at) => ({
    name: at === 0 ? YOU : player.name,
    holes: player.holes,
    strokes: player.strokes,
    courseHandicap: 0,
  }))
  return inSecondPerson(
    sideGameStandings(
      games,
      { players: sidePlayers, played: holes, firstHole: round.nine === 'back' ? 10 : 1 },
      locale === undefined ? {} : { locale },
    ),
  )
}

export function settleUpText(
  standings: SideGameStandings,
  where: { courseName: string; day: string },
): string {
  return `Side games at ${where.courseName}, ${where.day}\n${standings.settlement.text}`
}

export interface SettleUpView {
  final: boolean
  balances: string[]
  /** "Ben pays You 3 points", or "All square: nobody pays." per unit. */
  payments: string[]
  /** The last hole's standings: how each game ended (or stands). */
  standing: string[]
  notes: string[]
}

export function settleUpView(standings: SideGameStandings): SettleUpView {
  const { settlement } = standings
  const payments = settlement.units.flatMap((unit) =>
    unit.payments.length === 0 ? ['All square: nobody pays.'] : unit.payments.map((p) => p.text),
  )
  const paid = new Set(payments)
  return {
    final: settlement.final,
    balances: settlement.text.split('\n').filter((line) => line !== '' && !paid.has(line)),
    payments,
    standing: standings.holes.at(-1)?.lines ?? [],
    notes: standings.notes,
  }
}

export function roundSideGamesLines(
  round: GameRound,
  teeHoles?: TeeHoles,
): { lines: string[]; payments: string[] } | null {
  const standings = roundSideGames(
    round,
    teeHoles,
    typeof navigator === 'undefined' ? undefined : navigator.language,
  )
  if (!standings) return null
  const view = settleUpView(standings)
  return { lines: [...view.standing, ...view.balances], payments: view.payments }
}
