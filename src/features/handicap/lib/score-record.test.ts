// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { scoreRecord, type RecordRound, type RoundScore } from './score-record'

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
    const typed = (adjustedScore: number) => ({
      adjustedScore,
      courseHandicap: null,
      cappedHoles: [],
    })
    const n1 = { differential: 15, counts: false, countsForWhs: false, pairedWith: 'n2' }
    expect(record.byRound.get('n1')).toEqual({ ...n1, ...typed(42) })
    expect(record.byRound.get('n2')).toEqual({ ...n1, pairedWith: 'n1', ...typed(44) })
    const waiting = { differential: null, counts: false, countsForWhs: false, pairedWith: null }
    expect(record.byRound.get('n3')).toEqual({ ...waiting, ...typed(45) })
    const c = { differential: 10, counts: true, countsForWhs: true, pairedWith: null }
    expect(record.byRound.get('c')).toEqual({ ...c, ...typed(80) })
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

  describe('rounds scored hole by hole', () => {
    /** Par-4 holes, stroke index = hole number (a nine: 1, 3, …, 17). */
    const card = (
      id: string,
      playedOn: string,
      strokes: number[],
      courseRating: number,
    ): RecordRound => ({
      ...round(id, playedOn, strokes.length === 9 ? 9 : 18, 0, courseRating, 113),
      score: strokes.reduce((total, hole) => total + hole, 0),
      par: 4 * strokes.length,
      holePars: strokes.map(() => 4),
      strokeIndexes: strokes.map((_, at) => (strokes.length === 9 ? 2 * at + 1 : at + 1)),
      holeScores: strokes.map((hole) => ({ strokes: hole })),
    })
    const fives = (changes: Record<number, number>, fill = 5) =>
      Array.from({ length: 18 }, (_, at) => changes[at + 1] ?? fill)

    // 72.0 / 113 / par 72: a differential is the score − 72, a course handicap the index rounded.
    const oldestFirst = [
      // No index yet: par + 5 = 9 on hole 1's 10. Gross 95, adjusted 94: 22.0.
      card('h0', '2026-06-01', fives({ 1: 10 }), 72.0),
      round('a', '2026-06-02', 18, 85, 72.0, 113), // 13.0
      round('b', '2026-06-03', 18, 90, 72.0, 113), // 18.0; both indexes now 13.0 − 2.0 = 11.0
      // Off 11.0: course handicap 11, a stroke on holes 1–11 (at most 7) and none on 12–18 (6).
      // Hole 1's 9 counts 7, hole 12's 8 counts 6, hole 11's 7 is its maximum. Gross 99, 95: 23.0.
      card('h1', '2026-06-04', fives({ 1: 9, 11: 7, 12: 8 }), 72.0),
      // 4.0 is 7.0 below the 11.0 in effect: the estimate takes 1.0 off it and the rounds before.
      round('e', '2026-06-04', 18, 76, 72.0, 113),
      // Spec: 5 entries, the lowest, 4.0. WHS: 21.0 12.0 17.0 22.0 3.0, the lowest, 3.0. So
      // the spec's course handicap is 4 (a stroke on holes 1–4), the estimate's 3 (holes 1–3):
      // hole 4's 8 counts 7 or 6. Gross 76.
      card('h2', '2026-06-05', fives({ 4: 8 }, 4), 72.0),
    ]

    it('caps each hole at its net double bogey off the spec’s index in effect that day', () => {
      const record = scoreRecord([...oldestFirst].reverse(), 'spec')
      const pick = (id: string) => {
        const { adjustedScore, courseHandicap, cappedHoles, differential } = record.byRound.get(
          id,
        ) as RoundScore
        return { adjustedScore, courseHandicap, cappedHoles, differential }
      }
      expect(pick('h0')).toEqual({
        adjustedScore: 94,
        courseHandicap: null,
        cappedHoles: [1],
        differential: 22,
      })
      expect(pick('h1')).toEqual({
        adjustedScore: 95,
        courseHandicap: 11,
        cappedHoles: [1, 12],
        differential: 23,
      })
      // 76 − 1 = 75: 3.0.
      expect(pick('h2')).toEqual({
        adjustedScore: 75,
        courseHandicap: 4,
        cappedHoles: [4],
        differential: 3,
      })
      expect(pick('a')).toEqual({
        adjustedScore: 85,
        courseHandicap: null,
        cappedHoles: [],
        differential: 13,
      })
      // Six entries: the lowest two (3.0, 4.0) averaged, 3.5, less 1.0.
      expect(record.index).toBe(2.5)
      // The estimate: 21.0 12.0 17.0 22.0 3.0 and 3.0 (after the reduction): 3.0 − 1.0.
      expect(record.whs.index).toBe(2)
    })

    it('takes the WHS estimate in effect instead when the golfer chose it', () => {
      const record = scoreRecord([...oldestFirst].reverse(), 'whs')
      const h2 = record.byRound.get('h2') as RoundScore
      // Off 3.0: 76 − 2 = 74, 2.0.
      expect([h2.adjustedScore, h2.courseHandicap, h2.cappedHoles, h2.differential]).toEqual([
        74,
        3,
        [4],
        2,
      ])
      // Spec: (2.0 + 4.0) / 2 − 1.0. Estimate: 2.0 and 3.0 (4.0 less its reduction), 2.5 − 1.0.
      expect(record.index).toBe(2)
      expect(record.whs.index).toBe(1.5)
    })

    describe('with a starting index', () => {
      // 72.0 / 113 / par 72, stroke index = hole number.
      const firstCards = [
        // Gross 16 × 5 + 10 + 9 = 99. Off the starting index 12.4: course handicap 12, a stroke on
        // holes 1–12: hole 1's 10 counts 7, hole 13's 9 counts 6: 93, 21.0. With no index at all,
        // par + 5 = 9: 98, 26.0.
        card('s0', '2026-07-01', fives({ 1: 10, 13: 9 }), 72.0),
        round('a', '2026-07-02', 18, 85, 72.0, 113), // 13.0
        round('b', '2026-07-03', 18, 90, 72.0, 113), // 18.0; the index now 13.0 − 2.0 = 11.0
        // Off the golfer's own 11.0, not 12.4: a stroke on holes 1–11. Gross 16 × 5 + 10 + 8 =
        // 98; hole 1's 10 counts 7, hole 12's 8 counts 6 (7 off 12.4): 93, 21.0.
        card('s1', '2026-07-04', fives({ 1: 10, 12: 8 }), 72.0),
      ]
      const scored = (source: 'spec' | 'whs', startingIndex: number | null) => {
        const record = scoreRecord([...firstCards].reverse(), source, startingIndex)
        const pick = (id: string) => {
          const score = record.byRound.get(id) as RoundScore
          return [score.adjustedScore, score.courseHandicap, score.differential]
        }
        return { record, s0: pick('s0'), s1: pick('s1') }
      }

      it('is the index in effect for net double bogey until the golfer has one of their own', () => {
        for (const source of ['spec', 'whs'] as const) {
          const { s0, s1 } = scored(source, 12.4)
          expect(s0, source).toEqual([93, 12, 21])
          expect(s1, source).toEqual([93, 11, 21])
        }
        const { s0, s1 } = scored('spec', null)
        expect(s0).toEqual([98, null, 26])
        expect(s1).toEqual([93, 11, 21])
      })

      it('never enters either index itself', () => {
        const { record } = scored('spec', 12.4)
        // After s0 alone there is no index: one entry, not the starting 12.4.
        expect(record.entries[0]?.indexAfter).toBeNull()
        expect(record.entries[0]?.whs.indexAfter).toBeNull()
        // Four entries, 21.0 13.0 18.0 21.0: the lowest, 13.0, less 1.0.
        expect(record.index).toBe(12)
        expect(scored('spec', null).record.index).toBe(12)
      })

      it('gives strokes back on the easiest holes for a plus starting index', () => {
        // −2.0: course handicap −2, holes 17 and 18 held to par + 1. Gross 16 × 5 + 6 + 6 = 92:
        // 90, 18.0.
        const record = scoreRecord(
          [card('p0', '2026-07-01', fives({ 17: 6, 18: 6 }), 72.0)],
          'spec',
          -2,
        )
        const p0 = record.byRound.get('p0') as RoundScore
        expect([p0.adjustedScore, p0.courseHandicap, p0.cappedHoles]).toEqual([90, -2, [17, 18]])
      })
    })

    it('halves the index for a nine, and pairs its adjusted score with the next nine', () => {
      const record = scoreRecord(
        [
          round('a', '2026-06-01', 18, 85, 72.0, 113), // 13.0
          round('b', '2026-06-02', 18, 90, 72.0, 113), // 18.0
          round('c', '2026-06-03', 18, 95, 72.0, 113), // 23.0; index 13.0 − 2.0 = 11.0
          // 11.0 halved is 5.5, on 36.0 / 113 / par 36 a course handicap of 5.5 → 6: a stroke
          // on the six lowest indexes 1, 3, …, 11 (holes 1–6, at most 7), none on 7–9 (6).
          // Hole 1's 9 counts 7, hole 9's 8 counts 6: gross 45, adjusted 41.
          card('n1', '2026-06-04', [9, 4, 4, 4, 4, 4, 4, 4, 8], 36.0),
          { ...round('n2', '2026-06-05', 9, 44, 36.0, 113), par: 36 },
        ].reverse(),
      )
      const n1 = record.byRound.get('n1') as RoundScore
      expect([n1.adjustedScore, n1.courseHandicap, n1.cappedHoles]).toEqual([41, 6, [1, 9]])
      // 41 + 44 = 85 on 72.0 / 113: 13.0 on both nines.
      expect(n1.differential).toBe(13)
      expect(record.byRound.get('n2')?.differential).toBe(13)
      expect(record.byRound.get('n2')?.adjustedScore).toBe(44)
    })
  })
})
