// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { holeScoresOf } from '@/testing/fixtures'
import { holesFromCsv, holesToCsv, type HolesCsvColumn } from './hole-scores'

// A nine: par 4, 4, 3, 5, 4, 4, 3, 5, 4 (36); strokes 5 4 3 6 5 4 4 5 6 = 42.
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4]
const INDEXES = [7, 3, 17, 1, 11, 5, 15, 9, 13]
const Y = true
const N = false
const _ = null
const nine = {
  holePars: PARS,
  strokeIndexes: INDEXES,
  holeScores: holeScoresOf([5, 4, 3, 6, 5, 4, 4, 5, 6], {
    putts: [_, 2, 1, 2, 2, 1, 2, 2, 3],
    fairwayHit: [Y, N, _, Y, _, Y, _, N, Y],
    penalties: [0, 0, 0, 1, 0, 0, 0, 0, 0],
  }),
}

const cellsOf = (values: Partial<Record<HolesCsvColumn, string>>) => ({
  holePars: '',
  strokeIndexes: '',
  strokes: '',
  putts: '',
  fairways: '',
  greens: '',
  penalties: '',
  ...values,
})

const GOOD = {
  holePars: '4 4 3 5 4 4 3 5 4',
  strokeIndexes: '7 3 17 1 11 5 15 9 13',
  strokes: '5 4 3 6 5 4 4 5 6',
}

describe('the holes in the rounds CSV', () => {
  it('writes each column as the holes in order, - where not recorded, empty where never', () => {
    expect(holesToCsv(nine)).toEqual([
      '4 4 3 5 4 4 3 5 4',
      '7 3 17 1 11 5 15 9 13',
      '5 4 3 6 5 4 4 5 6',
      '- 2 1 2 2 1 2 2 3',
      'yes no - yes - yes - no yes',
      null,
      '0 0 0 1 0 0 0 0 0',
    ])
  })

  it('writes nothing for a round entered as a total', () => {
    expect(holesToCsv({ holePars: PARS, strokeIndexes: INDEXES, holeScores: null })).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('reads back what it wrote, the apostrophe that protects a leading - included', () => {
    const cells = cellsOf({
      ...GOOD,
      putts: "'- 2 1 2 2 1 2 2 3",
      fairways: 'yes no - yes - yes - no yes',
      penalties: '0 0 0 1 0 0 0 0 0',
    })
    expect(holesFromCsv(cells, 9, 42)).toEqual(nine)
  })

  it('reads a line without hole strokes as a round entered as a total', () => {
    expect(holesFromCsv(cellsOf({}), 18, 88)).toEqual({
      holePars: null,
      strokeIndexes: null,
      holeScores: null,
    })
  })

  it('names the hole of each bad value', () => {
    const cells = cellsOf({
      holePars: '4 4 2 5 4 4 3 5 4',
      strokeIndexes: '7 3 17 1 11 5 15 9 19',
      strokes: '5 21 3 6 5 4 4 5 6',
      putts: '- 2 4 2 2 1 2 2 3',
      fairways: 'yes no - yes - yes yes no maybe',
      penalties: '0 0 0 6 0 0 0 0 0',
    })
    expect(holesFromCsv(cells, 9, 59)).toEqual([
      'hole 2: the strokes must be 1 to 20',
      'hole 3: the par must be 3 to 6',
      'hole 3: the putts must be 0 to 10, and not more than the strokes',
      'hole 4: the penalty strokes must be 0 to 10, and fewer than the strokes',
      'hole 7: a par 3 has no fairway to hit (write -)',
      'hole 9: the stroke index must be 1 to 18',
      'hole 9: a fairway or green is yes, no or - (not recorded)',
    ])
  })

  it('wants one value per hole, the pars and indexes with the strokes, and the score their sum', () => {
    expect(holesFromCsv(cellsOf({ ...GOOD, putts: '2 2 2' }), 9, 42)).toEqual([
      'the hole putts must list 9 values, one per hole (found 3)',
    ])
    expect(holesFromCsv(cellsOf({ strokes: GOOD.strokes }), 9, 42)).toEqual([
      'a round with hole strokes needs its hole pars and stroke indexes',
    ])
    expect(holesFromCsv(cellsOf({ putts: '2 2 2 2 2 2 2 2 2' }), 9, 42)).toEqual([
      'the hole details need the hole strokes',
    ])
    expect(
      holesFromCsv(cellsOf({ ...GOOD, strokeIndexes: '7 3 17 1 11 5 15 9 7' }), 9, 42),
    ).toEqual(['the stroke indexes must all be different'])
    expect(holesFromCsv(cellsOf(GOOD), 9, 43)).toEqual([
      'the hole strokes add up to 42, not the score 43',
    ])
  })
})
