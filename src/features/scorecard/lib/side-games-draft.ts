import { validateSideGames, type SideGames, type Stake } from './side-game-standings'

/** Every choice kept as typed (a game switched off keeps its settings) and read only on start, so
 * a refusal loses nothing. */
export interface SideGamesDraft {
  skins: { on: boolean; basis: 'gross' | 'net'; carryOver: boolean; amount: string }
  nassau: { on: boolean; presses: boolean; amount: string }
  fourBall: { on: boolean; amount: string }
  scramble: { on: boolean }
  /** Every stake in points, or in `currency`. */
  unit: 'points' | 'money'
  currency: string
  /** The golfer's partner in the sides of four: a place on the card, 1–3. */
  partner: number
}

export type DraftGame = 'skins' | 'nassau' | 'fourBall' | 'scramble'

/** The currencies offered; the locale's own is added when it is another. */
export const CURRENCIES = ['AUD', 'CAD', 'CHF', 'EUR', 'GBP', 'JPY', 'NZD', 'SEK', 'USD', 'ZAR']

/** A region's currency, for the regions whose golfers are likeliest; the euro area by default. */
const REGION_CURRENCIES: Readonly<Record<string, string>> = {
  US: 'USD',
  GB: 'GBP',
  IE: 'EUR',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  ZA: 'ZAR',
  JP: 'JPY',
  KR: 'KRW',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  CH: 'CHF',
  IN: 'INR',
  SG: 'SGD',
  HK: 'HKD',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CN: 'CNY',
  TH: 'THB',
  AE: 'AED',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
}

/** The golfer's currency from their locale's region ("en-GB": GBP); EUR when it names none. */
export function localeCurrency(locale: string | undefined): string {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined
    return (region && REGION_CURRENCIES[region]) ?? 'EUR'
  } catch {
    return 'EUR'
  }
}

export function emptyDraft(currency: string): SideGamesDraft {
  return {
    skins: { on: false, basis: 'net', carryOver: true, amount: '1' },
    nassau: { on: false, presses: true, amount: '1' },
    fourBall: { on: false, amount: '1' },
    scramble: { on: false },
    unit: 'points',
    currency,
    partner: 1,
  }
}

/** A stake as typed ("2", "2,50", "−1"); NaN for what is not a number, for the rule to name. */
export function parseStake(text: string): number {
  const typed = text.trim().replace(/^[−–]/, '-').replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(typed) || /^-?\.\d+$/.test(typed) ? Number(typed) : Number.NaN
}

const anyGame = (draft: SideGamesDraft) =>
  draft.skins.on || draft.nassau.on || draft.fourBall.on || draft.scramble.on

export function sidesOf(partner: number): [[number, number], [number, number]] {
  const others = [1, 2, 3].filter((place) => place !== partner) as [number, number]
  return [[0, partner], others]
}

export function draftConfig(draft: SideGamesDraft, players: number): Record<string, unknown> {
  const stake = (amount: string): Stake =>
    draft.unit === 'points'
      ? { kind: 'points', amount: parseStake(amount) }
      : { kind: 'money', amount: parseStake(amount), currency: draft.currency }
  const paired = players === 4 && (draft.nassau.on || draft.fourBall.on)
  return {
    version: 1,
    ...(paired ? { sides: sidesOf(draft.partner) } : {}),
    ...(draft.skins.on
      ? {
          skins: {
            basis: draft.skins.basis,
            carryOver: draft.skins.carryOver,
            stake: stake(draft.skins.amount),
          },
        }
      : {}),
    ...(draft.nassau.on
      ? { nassau: { pressAt: draft.nassau.presses ? 2 : null, stake: stake(draft.nassau.amount) } }
      : {}),
    ...(draft.fourBall.on ? { fourBall: { stake: stake(draft.fourBall.amount) } } : {}),
    ...(draft.scramble.on ? { scramble: { teams: 'group' } } : {}),
  }
}

/** Where each problem is shown: a game's stake under its field, the rest over the games. */
export interface DraftProblems {
  stakes: Partial<Record<DraftGame, string>>
  general: string[]
}

const STAKE_PREFIXES: readonly [DraftGame, string][] = [
  ['skins', 'The skins stake'],
  ['nassau', 'The Nassau stake'],
  ['fourBall', 'The four-ball match stake'],
]

export function readSideGames(
  draft: SideGamesDraft,
  card: { players: number; holes: number },
): { games: SideGames | null } | { problems: DraftProblems } {
  if (!anyGame(draft)) return { games: null }
  const checked = validateSideGames(draftConfig(draft, card.players), card)
  if (checked.ok) return { games: checked.games }
  const problems: DraftProblems = { stakes: {}, general: [] }
  for (const problem of checked.problems) {
    const game = STAKE_PREFIXES.find(([, prefix]) => problem.startsWith(prefix))?.[0]
    if (game && !problems.stakes[game]) problems.stakes[game] = problem
    else if (!game) problems.general.push(problem)
  }
  return { problems }
}
