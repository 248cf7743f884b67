import type { Json } from '../database.types'
import type { Game, GameFormat, GamePartner } from './games'

/**
 * A round's game as the rounds table keeps it: one jsonb value, `rounds.game`, in the database's
 * snake_case (supabase/schemas/17_games.sql holds its rules). The same shape is the export's
 * `game` and the import's, so a file written by one version reads back in the next.
 */
export interface GameRow {
  format: GameFormat
  allowance_percent: number
  playing_handicap: number
  strokes_received: number
  partners: GamePartnerRow[]
}

export interface GamePartnerRow {
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

/** The game of a row (the database's checks hold its shape); null for none or one not a game. */
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
  }
}

/** The value sent for a game: what the golfer's card holds (a partner's name trimmed). */
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
  }
}
