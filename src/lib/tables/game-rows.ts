import type { Json } from '../database.types'
import type { Game, GameFormat, GamePartner } from './games'
import { sideGamesFromRow, sideGamesToRow, type SideGamesRow } from './side-game-rows'
import type { SideGames } from './side-games'

/** The export's and the import's `game` too, so a file written by one version reads back in the
 * next (supabase/schemas/17_games.sql holds its rules). */
// Types, not interfaces: a type is assignable to supabase-js's Json.
export type GameRow = {
  format: GameFormat
  allowance_percent: number
  playing_handicap: number
  strokes_received: number
  partners: GamePartnerRow[]
  /** Absent: none. */
  picked_up?: number[]
  /** Absent: none. */
  side_games?: SideGamesRow
}

export type GamePartnerRow = {
  name: string
  index: number
  tee_id: string
  tee_name: string
  playing_handicap: number
  strokes_received: number
  hole_strokes: (number | null)[]
}

const FORMATS: readonly GameFormat[] = ['stroke', 'stableford', 'match']

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** numeric values may arrive as strings from some paths; the screens need numbers. */
const numberOf = (value: unknown) => Number(value ?? Number.NaN)

function partnerFromRow(row: Record<string, unknown>): GamePartner {
  return {
    name: String(row['name'] ?? ''),
    index: numberOf(row['index']),
    teeId: String(row['tee_id'] ?? ''),
    teeName: String(row['tee_name'] ?? ''),
    playingHandicap: numberOf(row['playing_handicap']),
    strokesReceived: numberOf(row['strokes_received']),
    holeStrokes: Array.isArray(row['hole_strokes'])
      ? row['hole_strokes'].map((strokes) => (strokes === null ? null : Number(strokes)))
      : [],
  }
}

export function gameFromRow(value: Json | null | undefined): Game | null {
  if (!isObject(value)) return null
  const format = value['format']
  if (!FORMATS.includes(format as GameFormat)) return null
  const partners = Array.isArray(value['partners']) ? value['partners'] : []
  return {
    format: format as GameFormat,
    allowancePercent: numberOf(value['allowance_percent']),
    playingHandicap: numberOf(value['playing_handicap']),
    strokesReceived: numberOf(value['strokes_received']),
    partners: partners.flatMap((partner) => (isObject(partner) ? [partnerFromRow(partner)] : [])),
    ...(Array.isArray(value['picked_up']) ? { pickedUp: value['picked_up'].map(Number) } : {}),
    ...sideGamesOf(value['side_games']),
  }
}

function sideGamesOf(value: unknown): { sideGames?: SideGames } {
  const sideGames = sideGamesFromRow(value)
  return sideGames ? { sideGames } : {}
}

export function gameToRow(game: Game): GameRow {
  return {
    format: game.format,
    allowance_percent: game.allowancePercent,
    playing_handicap: game.playingHandicap,
    strokes_received: game.strokesReceived,
    partners: game.partners.map((partner) => ({
      name: partner.name.trim(),
      index: partner.index,
      tee_id: partner.teeId,
      tee_name: partner.teeName,
      playing_handicap: partner.playingHandicap,
      strokes_received: partner.strokesReceived,
      hole_strokes: [...partner.holeStrokes],
    })),
    ...(game.pickedUp === undefined ? {} : { picked_up: [...game.pickedUp] }),
    ...(game.sideGames === undefined ? {} : { side_games: sideGamesToRow(game.sideGames) }),
  }
}

export const UNREADABLE_GAME = Symbol('unreadable game')

export function gameValueFromCsv(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return UNREADABLE_GAME
  }
}

export const gameRowFromCsv = (text: string, holes: number, scoredHoleByHole: boolean) =>
  gameRowFrom(gameValueFromCsv(text), holes, scoredHoleByHole)

/** Only the shape is checked here; each bound is the database's (import_rounds names the row). */
export function gameRowFrom(
  value: unknown,
  holes: number,
  scoredHoleByHole: boolean,
): GameRow | string {
  if (value === UNREADABLE_GAME) {
    return 'the game is not readable (it must be the JSON the export writes)'
  }
  if (!isObject(value) || !FORMATS.includes(value['format'] as GameFormat)) {
    return 'the game’s format must be stroke, stableford or match'
  }
  const partners = value['partners']
  if (!Array.isArray(partners) || partners.length < 1 || partners.length > 3) {
    return 'a game has 1 to 3 partners'
  }
  if (!scoredHoleByHole) return 'a game is kept only with a round scored hole by hole'
  const unfit = partners.findIndex(
    (partner) =>
      !isObject(partner) ||
      !Array.isArray(partner['hole_strokes']) ||
      partner['hole_strokes'].length !== holes,
  )
  if (unfit !== -1) return `partner ${unfit + 1}’s card must have ${holes} holes`
  return value as unknown as GameRow
}
