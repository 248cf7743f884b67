import { describe, expect, it } from 'vitest'
import { scoreRecord, type RecordRound } from './score-record'

const round = (
  id: string,
  playedOn: string,
  holes: 9 | 18,
  score: number,
  courseRating: number,
  slopeRating: number,
): RecordRound => ({ id, playedOn, holes, score, courseRating, slopeRating, par: null })

describe('scoreRecord', () => {
  // Oldest first: an 18, a nine, an 18, a nine (pairs with the first), an 18, a lone nine.
  const oldestFirst = [
    round('a', '2026-05-01', 18, 85, 72.0, 113), // 13.0
    round('n1', '2026-05-02', 9, 42, 35.0, 113),
    round('b', '2026-05-03', 18, 90, 72.0, 113), // 18.0
    round('n2', '2026-05-04', 9, 44, 36.0, 113), // pair: 86 on 71.0 / 113 → 15.0
    round('c', '2026-05-05', 18, 80, 70.0, 113), // 10.0
    round('n3', '2026-05-06', 9, 45, 36.0, 113),
  ]
  const record = scoreRecord([...oldestFirst].reverse())

  it('counts two nines as one entry and leaves the odd nine waiting', () => {
    expect(
      record.entries.map(({ entry, playedOn, differential }) => [
        entry.roundIds,
        playedOn,
        differential,
      ]),
    ).toEqual([
      [['a'], '2026-05-01', 13],
      [['b'], '2026-05-03', 18],
      [['n1', 'n2'], '2026-05-04', 15],
      [['c'], '2026-05-05', 10],
    ])
    // Four entries: the lowest differential − 1.0 = 10.0 − 1.0 = 9.0 (five rounds would give 10.0).
    expect(record.index).toBe(9)
  })

  it('gives both nines of a pair its differential, and none to a waiting nine', () => {
    const n1 = { differential: 15, counts: false, countsForWhs: false, pairedWith: 'n2' }
    expect(record.byRound.get('n1')).toEqual(n1)
    expect(record.byRound.get('n2')).toEqual({ ...n1, pairedWith: 'n1' })
    const waiting = { differential: null, counts: false, countsForWhs: false, pairedWith: null }
    expect(record.byRound.get('n3')).toEqual(waiting)
    const c = { differential: 10, counts: true, countsForWhs: true, pairedWith: null }
    expect(record.byRound.get('c')).toEqual(c)
  })

  it('gives the index after each entry', () => {
    // 3 entries: lowest 13.0 − 2.0 = 11.0; 4 entries: 10.0 − 1.0 = 9.0.
    expect(record.entries.map((entry) => entry.indexAfter)).toEqual([null, null, 11, 9])
  })

  it('makes the WHS estimate from the same entries', () => {
    // Four entries, all within 20: lowest 10.0 − 1.0 = 9.0, as the spec's index here.
    expect(record.whs.index).toBe(9)
    expect(record.entries.map((entry) => entry.whs.indexAfter)).toEqual([null, null, 11, 9])
  })

  it('has no index from nines that have not made three entries', () => {
    const nines = scoreRecord(
      [
        round('x1', '2026-05-01', 9, 40, 35.0, 113),
        round('x2', '2026-05-02', 9, 41, 35.0, 113),
        round('x3', '2026-05-03', 9, 42, 35.0, 113),
      ].reverse(),
    )
    expect(nines.entries).toHaveLength(1)
    expect(nines.index).toBeNull()
  })
})
