import { describe, expect, it } from 'vitest'
import { roundsCsv, type ExportRound } from '@/features/account/lib/export-files'
import { withWhsColumns } from './whs-export'

const round = (id: string, playedOn: string, score: number, counts: boolean): ExportRound => ({
  id,
  playedOn,
  courseName: 'Augusta',
  teeName: 'Default',
  holes: 18,
  courseRating: 72,
  slopeRating: 113,
  score,
  differential: score - 72,
  counts,
  adjustedGross: score,
  nine: null,
  par: null,
  holePars: null,
  strokeIndexes: null,
  holeScores: null,
})

describe('the rounds CSV with the WHS estimate', () => {
  it('adds the adjusted differential, the exceptional reduction and whether it counts for WHS', () => {
    // 92 is 20.0, 81 is 9.0: the 81 is 11.0 below the 20.0 in effect, so 2.0 comes off all six. The
    // estimate averages the lowest 2 adjusted: 7.0 and 5 Jun's 18.0 (the most recent of the equal).
    const rounds = [
      round('r6', '2025-06-12', 81, true),
      round('r3', '2025-06-03', 92, false),
      round('r1', '2025-06-01', 92, false),
      round('r5', '2025-06-05', 92, true),
      round('r2', '2025-06-02', 92, false),
      round('r4', '2025-06-04', 92, false),
    ]
    expect(roundsCsv(withWhsColumns(rounds)).split('\r\n')).toEqual([
      '\uFEFFDate played,Course name,Course rating,Slope rating,Score,Tee,Holes,Nine,Par,Adjusted gross,Differential,Counts,Adjusted differential,Exceptional reduction,Counts for WHS,Hole pars,Stroke indexes,Hole strokes,Hole putts,Hole fairways,Hole greens,Hole penalties,Game',
      '2025-06-12,Augusta,72.0,113,81,Default,18,,,81,9.0,yes,7.0,2.0,yes,,,,,,,,',
      '2025-06-05,Augusta,72.0,113,92,Default,18,,,92,20.0,yes,18.0,0.0,yes,,,,,,,,',
      '2025-06-04,Augusta,72.0,113,92,Default,18,,,92,20.0,no,18.0,0.0,no,,,,,,,,',
      '2025-06-03,Augusta,72.0,113,92,Default,18,,,92,20.0,no,18.0,0.0,no,,,,,,,,',
      '2025-06-02,Augusta,72.0,113,92,Default,18,,,92,20.0,no,18.0,0.0,no,,,,,,,,',
      '2025-06-01,Augusta,72.0,113,92,Default,18,,,92,20.0,no,18.0,0.0,no,,,,,,,,',
      '',
    ])
  })

  it('orders rounds of one day by entry, so the later entry is the exceptional one', () => {
    // Three rounds of 20.0 on 1 Jun (index 18.0 after them), then on 2 Jun a 20.0 entered first
    // and a 10.0 entered second: 18.0 − 10.0 = 8.0 takes 1.0 off all five.
    const rounds = [
      round('a1', '2025-06-01', 92, false),
      round('a2', '2025-06-01', 92, false),
      round('a3', '2025-06-01', 92, false),
      round('b2', '2025-06-02', 82, true),
      round('b1', '2025-06-02', 92, false),
    ]
    const whs = withWhsColumns(rounds).map((row) => [row.id, row.whs?.exceptionalReduction])
    expect(whs).toEqual([
      ['a1', 0],
      ['a2', 0],
      ['a3', 0],
      ['b1', 0],
      ['b2', 1],
    ])
  })

  it('leaves the estimate’s columns empty where it was not computed', () => {
    expect(roundsCsv([round('r1', '2025-06-01', 92, false)]).split('\r\n')[1]).toBe(
      '2025-06-01,Augusta,72.0,113,92,Default,18,,,92,20.0,no,,,,,,,,,,,',
    )
  })

  it('gives both nines of a pair the pair’s columns and a waiting nine none', () => {
    // Nines of 40 and 42 on 36.0 / 113 pair into 82 on 72.0 / 113: 10.0; the third nine waits.
    const nine = (id: string, playedOn: string, score: number): ExportRound => ({
      ...round(id, playedOn, score, false),
      holes: 9,
      courseRating: 36,
      differential: null,
    })
    const rows = withWhsColumns([
      round('r1', '2025-06-01', 92, false),
      round('r2', '2025-06-02', 92, false),
      nine('n1', '2025-06-03', 40),
      nine('n2', '2025-06-04', 42),
      nine('n3', '2025-06-05', 45),
    ])
    expect(rows.map((row) => [row.id, row.whs?.adjustedDifferential, row.whs?.counts])).toEqual([
      ['r1', 20, false],
      ['r2', 20, false],
      ['n1', 10, true],
      ['n2', 10, true],
      ['n3', undefined, undefined],
    ])
  })
})
