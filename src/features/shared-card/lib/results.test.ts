import { describe, expect, it } from 'vitest'
import type { CardEntry, CardPlace } from '../types'
import { cardResults, figureText, resultsText, strokesPerHole } from './results'

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13]
const place = (player_no: number, name: string, strokes: number) =>
  ({
    player_no,
    name,
    hole_pars: PARS,
    stroke_indexes: INDEXES,
    playing_handicap: strokes,
    strokes_received: strokes,
  }) as CardPlace
const scored = (player_no: number, strokes: (number | null)[]): CardEntry[] =>
  strokes.map((value, at) => ({
    id: `${player_no}-${at}`,
    card_id: 'card',
    player_no,
    hole: at + 1,
    strokes: value,
    replaces: [],
    entered_by: 'someone',
  }))

describe('the shared card’s results', () => {
  it('spreads strokes by stroke index, and a plus handicap gives them back from the easiest hole', () => {
    // 11 strokes on 9 holes: one everywhere, a second on indexes 1 and 3 (holes 4 and 2).
    expect(strokesPerHole(place(1, 'A', 11))).toEqual([1, 2, 1, 2, 1, 1, 1, 1, 1])
    // +1: back on index 17, hole 7.
    expect(strokesPerHole(place(1, 'A', -1))).toEqual([0, 0, 0, 0, 0, 0, -1, 0, 0])
  })

  it('counts Stableford points from agreed cells only, a pick-up scoring none', () => {
    const entries = [...scored(1, PARS), ...scored(2, [5, null, ...PARS.slice(2)])]
    const [sam, ann] = cardResults(
      { format: 'stableford', holes: 9 },
      [place(1, 'Sam', 0), place(2, 'Ann', 9)],
      entries,
    )
    expect(sam).toEqual({ name: 'Sam', played: 9, gross: 36, figure: 18 })
    // Ann: a stroke a hole; a bogey on 1 (2), picked up on 2 (0), par elsewhere (3 × 7).
    expect(ann).toEqual({ name: 'Ann', played: 9, gross: null, figure: 23 })
  })

  it('counts net strokes in stroke play and holes won in a match, and says so to share', () => {
    const entries = [
      ...scored(1, PARS),
      ...scored(
        2,
        PARS.map((par) => par + 1),
      ),
    ]
    const places = [place(1, 'Sam', 0), place(2, 'Ann', 9)]
    const stroke = cardResults({ format: 'stroke', holes: 9 }, places, entries)
    expect(stroke.map((result) => result.figure)).toEqual([36, 36])
    const match = cardResults({ format: 'match', holes: 9 }, places, entries)
    expect(match.map((result) => result.figure)).toEqual([0, 0])
    expect(resultsText({ format: 'stroke', course_name: 'Links Park', holes: 9 }, stroke)).toBe(
      'Stroke play at Links Park: Sam Net 36, Ann Net 36',
    )
    expect(figureText('stroke', { gross: null, figure: 30 })).toBe('No net score (picked up)')
  })
})
