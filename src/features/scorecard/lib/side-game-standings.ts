import { strokesOnHoles, type Hole } from './formats'
import { fourBall, nassau, scrambleHandicap, settle, skins, type Bet } from './side-games'
import type { SideGames, Stake } from '@/lib/tables/side-games'

// The config's types live with the round's table (it is stored there); re-exported for the engine.
export type { Sides, SideGames, Stake } from '@/lib/tables/side-games'

export const SIDE_GAME_BOUNDS = {
  players: { min: 2, max: 4 },
  /** Per skin, bet or match; points whole, money to the currency's minor unit. */
  stake: { min: 0, max: 10_000 },
} as const

const GAME_KEYS = ['skins', 'nassau', 'fourBall', 'scramble'] as const
type GameKey = (typeof GAME_KEYS)[number]
const GAME_NAMES: Record<GameKey, string> = {
  skins: 'skins',
  nassau: 'Nassau',
  fourBall: 'four-ball match',
  scramble: 'scramble',
}
interface Option {
  allowed: readonly unknown[]
  problem: string
}
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Digits after the point of a currency's minor unit (2 for EUR, 0 for JPY). */
const currencyDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2

function stakeUnits(stake: Stake): number {
  const digits = stake.kind === 'money' ? currencyDigits(stake.currency) : 0
  return Math.round(stake.amount * 10 ** digits)
}

function stakeProblems(value: unknown, game: string): string[] {
  const about = `The ${game} stake`
  if (!isRecord(value)) return [`${about} is missing: points or an amount of money.`]
  const { kind, amount, currency, ...rest } = value
  if (Object.keys(rest).length > 0) return [`${about} has something a stake does not.`]
  if (kind !== 'points' && kind !== 'money') return [`${about} must be points or money.`]
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    return [`${about} must be a number.`]
  }
  if (amount < SIDE_GAME_BOUNDS.stake.min) return [`${about} can't be negative.`]
  if (amount > SIDE_GAME_BOUNDS.stake.max) return [`${about} can't be more than 10,000.`]
  if (kind === 'points') {
    if (currency !== undefined) return [`${about} is in points, so it has no currency.`]
    return Number.isInteger(amount) ? [] : [`${about} must be a whole number of points.`]
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return [`${about} needs a currency code such as EUR, GBP or USD.`]
  }
  const digits = currencyDigits(currency)
  const minor = amount * 10 ** digits
  if (Math.abs(minor - Math.round(minor)) > 1e-6) {
    return [
      digits === 0
        ? `${about} in ${currency} can't have decimals.`
        : `${about} in ${currency} has at most ${digits} decimals.`,
    ]
  }
  return []
}

function sidesProblems(value: unknown, players: number): string[] {
  if (players !== 4) return [`Sides are two pairs of 4 players; this card has ${players}.`]
  const pairs =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((pair) => Array.isArray(pair) && pair.length === 2)
  const places: unknown[] = pairs ? (value as unknown[][]).flat() : []
  const each = [0, 1, 2, 3].every((place) => places.includes(place))
  return pairs && each ? [] : ['Choose the two sides: each of the 4 players in one pair.']
}

/** Anything not known is refused, so what is stored stays small. */
export function validateSideGames(
  value: unknown,
  card: { players: number; holes: number },
): { ok: true; games: SideGames } | { ok: false; problems: string[] } {
  if (!isRecord(value)) return { ok: false, problems: ['No side games were chosen.'] }
  const { players, holes } = card
  const problems: string[] = []
  if (value.version !== 1) {
    problems.push('These side games were saved by a newer HCPFast: update the app to read them.')
  }
  for (const key of Object.keys(value)) {
    if (key !== 'version' && key !== 'sides' && !(GAME_KEYS as readonly string[]).includes(key)) {
      problems.push(`"${key}" is not a side game HCPFast knows.`)
    }
  }
  const chosen = GAME_KEYS.filter((key) => value[key] !== undefined)
  if (chosen.length === 0) problems.push('Choose at least one side game.')
  if (players < SIDE_GAME_BOUNDS.players.min || players > SIDE_GAME_BOUNDS.players.max) {
    problems.push(`Side games are for 2 to 4 players; this card has ${players}.`)
  }

  const optionProblems = (key: GameKey, options: Record<string, Option>) => {
    const game = value[key]
    if (!isRecord(game)) return [`The ${GAME_NAMES[key]} has no settings.`]
    const found: string[] = []
    for (const [option, { allowed, problem }] of Object.entries(options)) {
      if (!allowed.includes(game[option])) found.push(problem)
    }
    for (const option of Object.keys(game)) {
      if (option !== 'stake' && !(option in options)) {
        found.push(`The ${GAME_NAMES[key]} has a setting HCPFast does not know: "${option}".`)
      }
    }
    if (game.stake !== undefined || !(key === 'scramble' && game.teams === 'group')) {
      found.push(...stakeProblems(game.stake, GAME_NAMES[key]))
    }
    return found
  }

  let needSides = false
  if (value.skins !== undefined) {
    problems.push(
      ...optionProblems('skins', {
        basis: { allowed: ['gross', 'net'], problem: 'Skins are gross or net.' },
        carryOver: { allowed: [true, false], problem: 'Say whether tied skins carry over.' },
      }),
    )
  }
  if (value.nassau !== undefined) {
    problems.push(
      ...optionProblems('nassau', {
        pressAt: { allowed: [2, null], problem: 'A Nassau presses at 2 down, or not at all.' },
      }),
    )
    if (holes !== 18) problems.push(`A Nassau needs 18 holes; this card has ${holes}.`)
    if (players !== 2 && players !== 4) {
      problems.push(`A Nassau is 2 players or two sides of 2; this card has ${players}.`)
    }
    needSides ||= players === 4
  }
  if (value.fourBall !== undefined) {
    problems.push(...optionProblems('fourBall', {}))
    if (players !== 4) problems.push(`A four-ball match needs 4 players; this card has ${players}.`)
    needSides = true
  }
  if (value.scramble !== undefined) {
    problems.push(
      ...optionProblems('scramble', {
        teams: {
          allowed: ['group', 'sides'],
          problem: 'A scramble is the whole group or two sides.',
        },
      }),
    )
    const teams = isRecord(value.scramble) ? value.scramble.teams : undefined
    if (teams === 'group' && players !== 2 && players !== 4) {
      problems.push(`A scramble team is 2 or 4 players; this card has ${players}.`)
    }
    if (teams === 'group' && isRecord(value.scramble) && value.scramble.stake !== undefined) {
      problems.push(
        'A scramble of the whole group has nobody in the group to play for a stake: play it as two sides.',
      )
    }
    if (teams === 'sides') {
      if (players !== 4) {
        problems.push(`A scramble of two sides needs 4 players; this card has ${players}.`)
      }
      needSides = true
    }
  }
  if (value.sides !== undefined || (needSides && players === 4)) {
    problems.push(...sidesProblems(value.sides, players))
  }
  return problems.length === 0
    ? { ok: true, games: value as unknown as SideGames }
    : { ok: false, problems }
}

/** A player as the side games see them: gross strokes on their own tee's holes. */
export interface SideGamePlayer {
  name: string
  /** Par, stroke index and gross strokes of each hole (null: no score, or picked up). */
  holes: Hole[]
  /** Strokes received over the card for the net games (negative: a plus handicap). */
  strokes: number
  /** The unrounded course handicap, for a scramble's team handicap. */
  courseHandicap: number
}

export interface SideGameCard {
  players: SideGamePlayer[]
  played: number
  /** The card's first hole as the course numbers it: 10 on a back nine. */
  firstHole?: number
  /** A scramble of sides: each side's one team score per hole. */
  scrambleStrokes?: [(number | null)[], (number | null)[]]
}

export interface Payment {
  from: number
  to: number
  amount: number
  text: string
}

export interface SettlementUnit {
  unit: string
  /** Each game's balance per player, positive: is owed. */
  games: { game: string; balances: number[] }[]
  net: number[]
  payments: Payment[]
}

export interface SideGameStandings {
  /** What holds for the whole round: the scramble team handicaps and why. */
  notes: string[]
  /** From the first hole to the last played, each game's standing after it. */
  holes: { hole: number; lines: string[] }[]
  /** Settled on what is over: holes won, bets and matches finished. */
  settlement: { final: boolean; units: SettlementUnit[]; text: string }
}

const MINUS = '\u2212'

const namesOf = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] as string}`

function formatter(unit: string, locale: string | undefined) {
  if (unit === 'points') {
    return (amount: number, signed = false) => {
      const sign = signed && amount > 0 ? '+' : amount < 0 ? MINUS : ''
      const size = Math.abs(amount)
      return `${sign}${size} ${size === 1 ? 'point' : 'points'}`
    }
  }
  const digits = currencyDigits(unit)
  const plain = new Intl.NumberFormat(locale, { style: 'currency', currency: unit })
  return (amount: number, signed = false) => {
    const text = plain.format(Math.abs(amount) / 10 ** digits)
    return `${signed && amount > 0 ? '+' : amount < 0 ? MINUS : ''}${text}`
  }
}

interface Side {
  players: number[]
  name: string
}

/** "25% of Ann's 10.3, 20% of Ben's 15.4, …": the shares of a scramble team, lowest first. */
function scrambleShares(team: readonly SideGamePlayer[]): string {
  const percents = team.length === 2 ? [35, 15] : [25, 20, 15, 10]
  const lowestFirst = [...team].sort((low, high) => low.courseHandicap - high.courseHandicap)
  return namesOf(
    lowestFirst.map(
      (player, at) =>
        `${percents[at]}% of ${player.name}'s ${(Math.round(player.courseHandicap * 10) / 10).toFixed(1)}`,
    ),
  )
}

interface ScrambleTeam {
  name: string
  handicap: number
  strokes: (number | null)[]
}

const grossThrough = (strokes: readonly (number | null)[], at: number) =>
  strokes.slice(0, at + 1).reduce<number>((sum, hole) => sum + (hole ?? 0), 0)

/** A team missing a hole has no return and loses, unless both do. */
function scrambleResult(one: ScrambleTeam, two: ScrambleTeam, holes: number) {
  const netOf = (team: ScrambleTeam) =>
    team.strokes.length === holes && team.strokes.every((hole) => hole !== null)
      ? grossThrough(team.strokes, holes - 1) - team.handicap
      : null
  const said = (team: ScrambleTeam, score: number | null) =>
    score === null
      ? `${team.name} no return`
      : `${team.name} net ${score} (${grossThrough(team.strokes, holes - 1)} ${MINUS} ${team.handicap})`
  const [netOne, netTwo] = [netOf(one), netOf(two)]
  const result =
    netOne === null || netTwo === null
      ? netOne === netTwo
        ? 0
        : netOne === null
          ? -1
          : 1
      : Math.sign(netTwo - netOne)
  const outcome = result === 0 ? 'halved' : `${result > 0 ? one.name : two.name} win`
  return { result, text: `Scramble: ${said(one, netOne)}, ${said(two, netTwo)}: ${outcome}` }
}

/** `games` must already have passed `validateSideGames` for this card. */
export function sideGameStandings(
  games: SideGames,
  card: SideGameCard,
  options: { locale?: string } = {},
): SideGameStandings {
  const { players } = card
  const total = players.reduce((most, player) => Math.max(most, player.holes.length), 0)
  const played = Math.min(total, Math.max(0, Math.floor(card.played) || 0))
  const first = card.firstHole ?? 1
  const holeNumber = (at: number) => first + at
  const notes: string[] = []
  const lines: string[][] = Array.from({ length: played }, () => [])
  const balances = new Map<string, SettlementUnit['games']>()
  const owe = (stake: Stake, game: string, perPlayer: number[]) => {
    const unit = stake.kind === 'points' ? 'points' : stake.currency
    const units = stakeUnits(stake)
    const list = balances.get(unit) ?? []
    list.push({ game, balances: perPlayer.map((times) => times * units + 0) })
    balances.set(unit, list)
  }

  const received = players.map((player) => strokesOnHoles(player.holes, player.strokes))
  const gross = (player: number, at: number): number | null => {
    const strokes = players[player]?.holes[at]?.strokes
    return typeof strokes === 'number' && Number.isFinite(strokes) && at < played ? strokes : null
  }
  const net = (player: number, at: number): number | null => {
    const strokes = gross(player, at)
    return strokes === null ? null : strokes - (received[player]?.[at] ?? 0)
  }

  const sideList: Side[] | null =
    players.length === 2
      ? [0, 1].map((player) => ({ players: [player], name: players[player]?.name ?? '' }))
      : games.sides && players.length === 4
        ? games.sides.map((pair) => ({
            players: [...pair],
            name: pair.map((player) => players[player]?.name ?? '').join(' & '),
          }))
        : null
  const sideScores = (side: Side) =>
    side.players.map((player) => Array.from({ length: total }, (_, at) => net(player, at)))
  const perSide = (result: number) =>
    players.map((_, player) =>
      sideList?.[0]?.players.includes(player)
        ? result
        : sideList?.[1]?.players.includes(player)
          ? -result
          : 0,
    )

  if (games.skins) {
    const { basis, carryOver, stake } = games.skins
    const scores = players.map((player, index) =>
      Array.from({ length: played }, (_, at) => {
        const strokes = gross(index, at)
        if (strokes === null || basis === 'gross') return strokes
        // Net skins count each hole at most net double bogey: par + 2 + strokes received.
        const given = received[index]?.[at] ?? 0
        return Math.min(strokes, (player.holes[at]?.par ?? 0) + 2 + given) - given
      }),
    )
    const { winners, won } = skins(scores, carryOver)
    let carriedFrom: number | null = null
    winners.forEach((winner, at) => {
      const carried = carriedFrom === null ? 0 : at - carriedFrom
      const range =
        carriedFrom === null
          ? ''
          : carried === 1
            ? `${holeNumber(carriedFrom)}`
            : `${holeNumber(carriedFrom)}\u2013${holeNumber(at - 1)}`
      if (winner !== null) {
        const name = players[winner]?.name ?? ''
        const extra = carried > 0 ? ` (${carried} carried from ${range})` : ''
        lines[at]?.push(`Skin to ${name} on ${holeNumber(at)}${extra}`)
        carriedFrom = null
        return
      }
      const onHole = scores.map((row) => row[at] ?? null)
      const scored = onHole.filter((score): score is number => score !== null)
      const lowest = Math.min(...scored)
      const tied = onHole.flatMap((score, player) =>
        score === lowest ? [players[player]?.name ?? ''] : [],
      )
      const why =
        scored.length === 0
          ? 'no scores'
          : `${namesOf(tied)} tied at ${basis === 'net' ? 'net ' : ''}${lowest}`
      if (carryOver) carriedFrom ??= at
      const carriedNow = carryOver ? carried + 1 : 0
      const isLast = at === total - 1
      const carry = carriedNow === 0 ? '' : ` (${carriedNow} carried${isLast ? ', not won' : ''})`
      lines[at]?.push(`No skin on ${holeNumber(at)}: ${why}${carry}`)
    })
    const skinsWon = won.reduce((sum, count) => sum + count, 0)
    owe(
      stake,
      'Skins',
      won.map((count) => count * players.length - skinsWon),
    )
  }

  if (sideList && (games.nassau || games.fourBall)) {
    const [a, b] = sideList as [Side, Side]
    const results = fourBall(sideScores(a), sideScores(b)).holes.slice(0, played)
    const upThrough = (bet: Bet, at: number) =>
      results.slice(bet.from - 1, Math.min(at + 1, bet.to)).reduce<number>((up, r) => up + r, 0)
    const leader = (up: number) => (up > 0 ? a.name : b.name)

    if (games.nassau) {
      const { pressAt, stake } = games.nassau
      const bets = nassau(results, pressAt)
      const betStatus = (bet: Bet, at: number, thru: boolean) => {
        const up = upThrough(bet, at)
        if (at + 1 >= bet.to) return up === 0 ? 'halved' : `${leader(up)} won ${Math.abs(up)} up`
        const where = thru ? ` thru ${holeNumber(at)}` : ''
        return up === 0 ? `all square${where}` : `${leader(up)} ${Math.abs(up)} up${where}`
      }
      for (let at = 0; at < played; at++) {
        const nine = at < 9 ? bets.front : bets.back
        const presses = bets.presses
          .filter((press) => press.to === nine.to && press.from <= at + 2)
          .map(
            (press) => `; press from ${holeNumber(press.from - 1)}: ${betStatus(press, at, false)}`,
          )
        lines[at]?.push(
          `${at < 9 ? 'Front' : 'Back'}: ${betStatus(nine, at, true)}${presses.join('')}`,
          `Overall: ${betStatus(bets.overall, at, true)}`,
        )
      }
      const over = [bets.front, bets.back, bets.overall, ...bets.presses].filter(
        (bet) => bet.to <= played,
      )
      owe(stake, 'Nassau', perSide(over.reduce((sum, bet) => sum + bet.result, 0)))
    }

    if (games.fourBall) {
      let up = 0
      let decided: { up: number; left: number } | null = null
      for (let at = 0; at < played; at++) {
        if (!decided) {
          up += results[at] as number
          const left = total - at - 1
          if (Math.abs(up) > left) decided = { up, left }
        }
        let text: string
        if (decided) {
          const margin =
            decided.left > 0
              ? `${Math.abs(decided.up)}&${decided.left}`
              : `${Math.abs(decided.up)} up`
          text = `${leader(decided.up)} won ${margin}`
        } else if (at === total - 1) {
          text = 'halved'
        } else {
          const dormie = Math.abs(up) === total - at - 1 && up !== 0 ? ', dormie' : ''
          text =
            up === 0
              ? `all square thru ${holeNumber(at)}`
              : `${leader(up)} ${Math.abs(up)} up thru ${holeNumber(at)}${dormie}`
        }
        lines[at]?.push(`Four-ball: ${text}`)
      }
      const over = decided !== null || played === total
      owe(games.fourBall.stake, 'Four-ball', perSide(over ? Math.sign(up) : 0))
    }
  }

  const scramble = games.scramble
  if (scramble) {
    const members =
      scramble.teams === 'group'
        ? [players.map((_, player) => player)]
        : (sideList?.map((side) => side.players) ?? [])
    const teams = members
      .filter((team) => team.length === 2 || team.length === 4)
      .map((team) => ({
        handicap: scrambleHandicap(team.map((player) => players[player]?.courseHandicap ?? 0)),
        shares: scrambleShares(team.map((player) => players[player] as SideGamePlayer)),
      }))
    if (scramble.teams === 'group') {
      for (const team of teams)
        notes.push(`Scramble team handicap ${team.handicap}: ${team.shares}`)
    } else if (sideList && teams.length === 2) {
      const [one, two] = sideList.map((side, team) => ({
        name: side.name,
        handicap: teams[team]?.handicap ?? 0,
        strokes: (card.scrambleStrokes?.[team] ?? []).slice(0, played),
      })) as [ScrambleTeam, ScrambleTeam]
      teams.forEach((team, at) =>
        notes.push(`Scramble: ${[one, two][at]?.name ?? ''} off ${team.handicap} (${team.shares})`),
      )
      for (let at = 0; at < Math.min(played, total - 1); at++) {
        lines[at]?.push(
          `Scramble: ${one.name} ${grossThrough(one.strokes, at)}, ${two.name} ${grossThrough(two.strokes, at)} gross thru ${holeNumber(at)}`,
        )
      }
      const final = played === total && total > 0
      const result = final ? scrambleResult(one, two, total) : null
      if (result) lines[total - 1]?.push(result.text)
      owe(scramble.stake, 'Scramble', perSide(result?.result ?? 0))
    }
  }

  const units = [...balances].map(([unit, list]): SettlementUnit => {
    const netOf = players.map((_, player) =>
      list.reduce((sum, game) => sum + (game.balances[player] ?? 0), 0),
    )
    const money = formatter(unit, options.locale)
    const payments = settle(netOf).map((payment) => ({
      ...payment,
      text: `${players[payment.from]?.name ?? ''} pays ${players[payment.to]?.name ?? ''} ${money(payment.amount)}`,
    }))
    return { unit, games: list, net: netOf, payments }
  })

  const text = units.flatMap((unit) => {
    const money = formatter(unit.unit, options.locale)
    const row = (label: string, amounts: readonly number[]) =>
      `${label}: ${amounts.map((amount, player) => `${players[player]?.name ?? ''} ${amount === 0 ? 'square' : money(amount, true)}`).join(', ')}`
    return [
      ...unit.games.map((game) => row(game.game, game.balances)),
      row('Net', unit.net),
      ...(unit.payments.length === 0
        ? ['All square: nobody pays.']
        : unit.payments.map((payment) => payment.text)),
    ]
  })

  return {
    notes,
    holes: lines.map((hole, at) => ({ hole: holeNumber(at), lines: hole })),
    settlement: { final: played === total, units, text: text.join('\n') },
  }
}
