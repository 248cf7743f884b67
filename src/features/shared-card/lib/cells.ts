import type { CardEntry, CardPlace } from '../types'

export type CellState = 'empty' | 'agreed' | 'disputed'

export interface Cell {
  state: CellState
  /** The agreed value (null: picked up, or not agreed). */
  strokes: number | null
  /** The entries no other entry of the cell replaces: what the card says now. */
  current: CardEntry[]
}

/** The cell's entries that stand: none later replaces them (the database's card_cells rule). */
export function cellOf(entries: readonly CardEntry[], playerNo: number, hole: number): Cell {
  const ofCell = entries.filter((entry) => entry.player_no === playerNo && entry.hole === hole)
  const replaced = new Set(ofCell.flatMap((entry) => entry.replaces))
  const current = ofCell.filter((entry) => !replaced.has(entry.id))
  if (current.length === 0) return { state: 'empty', strokes: null, current }
  const values = new Set(current.map((entry) => entry.strokes))
  if (values.size > 1) return { state: 'disputed', strokes: null, current }
  return { state: 'agreed', strokes: current[0]?.strokes ?? null, current }
}

/** "5", "Picked up". */
export const strokesText = (strokes: number | null) =>
  strokes === null ? 'Picked up' : `${strokes}`

export function enteredByName(places: readonly CardPlace[], userId: string | null): string {
  return places.find((place) => userId !== null && place.user_id === userId)?.name ?? 'Someone'
}

/** "Sam 5 · Ann 6": each number still standing and who entered it. */
export function disputeText(places: readonly CardPlace[], cell: Cell): string {
  return cell.current
    .map((entry) => `${enteredByName(places, entry.entered_by)} ${strokesText(entry.strokes)}`)
    .join(' · ')
}

export function disputedValues(cell: Cell): (number | null)[] {
  return [...new Set(cell.current.map((entry) => entry.strokes))]
}

/** The player or their marker: the only golfers who may settle the player's disputed cell. */
export function maySettle(places: readonly CardPlace[], playerNo: number, userId: string) {
  const place = places.find((candidate) => candidate.player_no === playerNo)
  if (!place) return false
  const marker = places.find((candidate) => candidate.player_no === place.marker_no)
  return place.user_id === userId || marker?.user_id === userId
}

/** Another golfer's agreed number is never replaced, so a different number makes the cell
 * disputed. */
export function replacedBy(
  places: readonly CardPlace[],
  cell: Cell,
  playerNo: number,
  userId: string,
): string[] {
  const settles = cell.state === 'disputed' && maySettle(places, playerNo, userId)
  return cell.current
    .filter((entry) => settles || entry.entered_by === userId)
    .map((entry) => entry.id)
}

/** The first of the player's holes that is not agreed, with why: what blocks their signing. */
export function blockingHole(
  entries: readonly CardEntry[],
  playerNo: number,
  holes: number,
): { hole: number; state: 'empty' | 'disputed' } | null {
  for (let hole = 1; hole <= holes; hole++) {
    const { state } = cellOf(entries, playerNo, hole)
    if (state !== 'agreed') return { hole, state }
  }
  return null
}

/** "Hole 4 is disputed: settle it, then sign." */
export function blockingText(blocked: { hole: number; state: 'empty' | 'disputed' }): string {
  return blocked.state === 'empty'
    ? `Hole ${blocked.hole} has no score yet: enter it, then sign.`
    : `Hole ${blocked.hole} is disputed: settle it, then sign.`
}
