import { describe, expect, it } from 'vitest'
import type { CardEntry, CardPlace } from '../types'
import { blockingHole, blockingText, cellOf, disputeText, maySettle, replacedBy } from './cells'

const SAM = 'user-sam'
const ANN = 'user-ann'
const place = (player_no: number, name: string, user_id: string | null, marker_no: number) =>
  ({ player_no, name, user_id, marker_no }) as CardPlace
// Sam marks Ann, Ann marks Cat (typed), Cat marks Sam.
const PLACES = [place(1, 'Sam', SAM, 2), place(2, 'Ann', ANN, 3), place(3, 'Cat', null, 1)]

let next = 0
const entry = (
  player_no: number,
  strokes: number | null,
  entered_by: string,
  replaces: string[] = [],
): CardEntry => ({
  id: `E${String(next++).padStart(3, '0')}`,
  card_id: 'card',
  player_no,
  hole: 1,
  strokes,
  replaces,
  entered_by,
})

describe('a cell of the shared card', () => {
  it('is empty, then agreed when every standing entry says the same (a pick-up too)', () => {
    expect(cellOf([], 1, 1).state).toBe('empty')
    const same = [entry(1, 5, SAM), entry(1, 5, ANN)]
    expect(cellOf(same, 1, 1)).toMatchObject({ state: 'agreed', strokes: 5 })
    const picked = [entry(3, null, SAM), entry(3, null, ANN)]
    expect(cellOf(picked, 3, 1)).toMatchObject({ state: 'agreed', strokes: null })
  })

  it('is disputed between different numbers, naming who said what, until one entry replaces both', () => {
    const sam = entry(1, 5, SAM)
    const ann = entry(1, 6, ANN)
    const disputed = cellOf([sam, ann], 1, 1)
    expect(disputed.state).toBe('disputed')
    expect(disputeText(PLACES, disputed)).toBe('Sam 5 · Ann 6')
    const settled = entry(1, 6, ANN, replacedBy(PLACES, disputed, 1, ANN))
    expect(cellOf([sam, ann, settled], 1, 1)).toMatchObject({ state: 'agreed', strokes: 6 })
  })

  it('is settled only by the player or their marker; anyone else replaces only their own entry', () => {
    expect(maySettle(PLACES, 1, SAM)).toBe(true)
    expect(maySettle(PLACES, 1, ANN)).toBe(true)
    expect(maySettle(PLACES, 2, SAM)).toBe(false)
    const sam = entry(2, 4, SAM)
    const ann = entry(2, 5, ANN)
    const disputed = cellOf([sam, ann], 2, 1)
    expect(replacedBy(PLACES, disputed, 2, SAM)).toEqual([sam.id])
    expect(replacedBy(PLACES, disputed, 2, ANN)).toEqual([sam.id, ann.id])
  })

  it('never replaces another golfer’s agreed number: a different one makes a dispute', () => {
    const ann = entry(1, 5, ANN)
    expect(replacedBy(PLACES, cellOf([ann], 1, 1), 1, SAM)).toEqual([])
  })

  it('names the first hole that blocks signing', () => {
    const holeOne = entry(1, 5, SAM)
    expect(blockingHole([holeOne], 1, 9)).toEqual({ hole: 2, state: 'empty' })
    expect(blockingText({ hole: 2, state: 'empty' })).toBe(
      'Hole 2 has no score yet: enter it, then sign.',
    )
    const other = entry(1, 6, ANN)
    expect(blockingHole([holeOne, other], 1, 9)).toEqual({ hole: 1, state: 'disputed' })
  })
})
