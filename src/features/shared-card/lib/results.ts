import { strokesReceived } from '@/lib/handicap-arithmetic'
import type { CardEntry, CardPlace, SharedCardRow } from '../types'
import { cellOf } from './cells'

/** Appendix E, the rule the group card and the database use. */
export function strokesPerHole(
  place: Pick<CardPlace, 'stroke_indexes' | 'strokes_received' | 'playing_handicap'>,
) {
  return strokesReceived(place.strokes_received ?? place.playing_handicap, place.stroke_indexes)
}

export interface PlayerResult {
  name: string
  played: number
  /** Strokes over the agreed holes; null once a hole is picked up. */
  gross: number | null
  /** Net strokes (stroke play), points (Stableford) or holes won (match). */
  figure: number
}

/** From the agreed cells only. */
export function cardResults(
  card: Pick<SharedCardRow, 'format' | 'holes'>,
  places: readonly CardPlace[],
  entries: readonly CardEntry[],
): PlayerResult[] {
  const nets = places.map((place) => {
    const received = strokesPerHole(place)
    return Array.from({ length: card.holes }, (_, at) => {
      const cell = cellOf(entries, place.player_no, at + 1)
      if (cell.state !== 'agreed') return undefined
      return cell.strokes === null ? null : cell.strokes - (received[at] ?? 0)
    })
  })
  return places.map((place, which) => {
    const holes = nets[which] ?? []
    const agreed = holes.map((_, at) => cellOf(entries, place.player_no, at + 1))
    const played = agreed.filter((cell) => cell.state === 'agreed')
    const pickedUp = played.some((cell) => cell.strokes === null)
    const gross = pickedUp ? null : played.reduce((sum, cell) => sum + (cell.strokes ?? 0), 0)
    let figure: number
    if (card.format === 'stableford') {
      figure = holes.reduce<number>((sum, net, at) => {
        if (net == null) return sum
        return sum + Math.max(0, 2 + (place.hole_pars[at] ?? 0) - net)
      }, 0)
    } else if (card.format === 'match') {
      const other = nets[which === 0 ? 1 : 0] ?? []
      figure = holes.filter((net, at) => {
        const theirs = other[at]
        if (net === undefined || theirs === undefined || net === null) return false
        return theirs === null || net < theirs
      }).length
    } else {
      figure = holes.reduce<number>((sum, net) => sum + (net ?? 0), 0)
    }
    return { name: place.name, played: played.length, gross, figure }
  })
}

const FORMAT_NAMES = { stroke: 'Stroke play', stableford: 'Stableford', match: 'Match play' }

/** "Net 70", "36 points", "2 holes won"; a stroke-play card with a pick-up has no net score. */
export function figureText(format: string, result: Pick<PlayerResult, 'gross' | 'figure'>): string {
  const { figure } = result
  if (format === 'stableford') return `${figure} ${figure === 1 ? 'point' : 'points'}`
  if (format === 'match') return `${figure} ${figure === 1 ? 'hole' : 'holes'} won`
  return result.gross === null ? 'No net score (picked up)' : `Net ${figure}`
}

export function resultsText(
  card: Pick<SharedCardRow, 'format' | 'course_name' | 'holes'>,
  results: readonly PlayerResult[],
): string {
  const format = FORMAT_NAMES[card.format as keyof typeof FORMAT_NAMES] ?? card.format
  const lines = results.map((result) => `${result.name} ${figureText(card.format, result)}`)
  return `${format} at ${card.course_name}: ${lines.join(', ')}`
}
