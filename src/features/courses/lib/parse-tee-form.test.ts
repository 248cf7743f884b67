// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { blankHoles, freeStrokeIndexes, parseTeeForm, type TeeFields } from './parse-tee-form'

const COURSE = '01J00000000000000000000001'
const fields = (overrides: Partial<TeeFields> = {}): TeeFields => ({
  name: 'White',
  holes: '18',
  rating: '72.1',
  slope: '130',
  par: '72',
  holeData: null,
  ...overrides,
})

describe('parseTeeForm', () => {
  it('reads an 18-hole tee', () => {
    expect(parseTeeForm(COURSE, fields())).toEqual({
      tee: {
        courseId: COURSE,
        name: 'White',
        rating: 72.1,
        slope: 130,
        par: 72,
        holes: 18,
        holePars: null,
        strokeIndexes: null,
      },
    })
  })

  it('reads a rated nine with its hole pars and stroke indexes, par their sum', () => {
    const nine = parseTeeForm(
      COURSE,
      fields({
        name: ' Yellow 9 ',
        holes: '9',
        rating: '35.3',
        slope: '121',
        par: '',
        // The grid holds 18 holes; a nine uses the first 9 (the rest are what a golfer left there).
        holeData: {
          pars: [4, 4, 3, 5, 4, 4, 3, 5, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5],
          strokeIndexes: [
            1,
            3,
            5,
            7,
            9,
            11,
            13,
            15,
            17,
            2,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            4,
          ],
        },
      }),
    )
    expect(nine).toEqual({
      tee: {
        courseId: COURSE,
        name: 'Yellow 9',
        rating: 35.3,
        slope: 121,
        par: 36,
        holes: 9,
        holePars: [4, 4, 3, 5, 4, 4, 3, 5, 4],
        strokeIndexes: [1, 3, 5, 7, 9, 11, 13, 15, 17],
      },
    })
  })

  it('takes par from the holes, whatever was typed, and no stroke indexes when none is chosen', () => {
    const tee = parseTeeForm(
      COURSE,
      fields({ par: '70', holeData: { ...blankHoles(), pars: [...Array(17).fill(4), 5] } }),
    )
    // 17 × 4 + 5 = 73.
    expect(tee).toMatchObject({ tee: { par: 73, strokeIndexes: null } })
    expect(tee).toHaveProperty('tee.holePars', [...Array(17).fill(4), 5])
  })

  it('names every bound that is not met', () => {
    expect(
      parseTeeForm(COURSE, fields({ holes: '9', rating: '72.1', slope: '160', par: '72' })),
    ).toEqual({
      problems: [
        'The course rating must be 10.0 to 45.0 for 9 holes, with at most one decimal.',
        'The slope rating must be a whole number from 55 to 155.',
        'Par must be a whole number from 27 to 45 for 9 holes.',
      ],
      holeProblems: {},
    })
    expect(parseTeeForm(COURSE, fields({ name: '  ', rating: '19.9' }))).toEqual({
      problems: [
        'The tee name must be 1 to 100 characters.',
        'The course rating must be 20.0 to 90.0 for 18 holes, with at most one decimal.',
      ],
      holeProblems: {},
    })
  })

  it('marks each hole without a stroke index once some are chosen, and a repeated one', () => {
    const strokeIndexes = [1, 2, 3, 4, 5, 6, null, 8, 9, 10, 11, null, 13, 14, 15, 16, 17, 18]
    expect(parseTeeForm(COURSE, fields({ holeData: { ...blankHoles(), strokeIndexes } }))).toEqual({
      problems: ['Check holes 7 and 12: each is marked below.'],
      holeProblems: {
        7: "Choose hole 7's stroke index, or clear every hole's.",
        12: "Choose hole 12's stroke index, or clear every hole's.",
      },
    })
    const repeated = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17]
    expect(
      parseTeeForm(COURSE, fields({ holeData: { ...blankHoles(), strokeIndexes: repeated } })),
    ).toEqual({
      problems: ['Check hole 18: each is marked below.'],
      holeProblems: { 18: "Stroke index 17 is already hole 17's." },
    })
  })

  it('refuses a hole par outside 3 to 6 and holes that add up past the tee bounds', () => {
    const pars = [...Array(17).fill(4), 7]
    expect(parseTeeForm(COURSE, fields({ holeData: { ...blankHoles(), pars } }))).toEqual({
      problems: ['Check hole 18: each is marked below.'],
      holeProblems: { 18: "Hole 18's par must be from 3 to 6." },
    })
    // Nine 6s make 54, past a nine's 45.
    expect(
      parseTeeForm(
        COURSE,
        fields({
          holes: '9',
          rating: '35.0',
          holeData: { ...blankHoles(), pars: Array(18).fill(6) },
        }),
      ),
    ).toEqual({
      problems: ["The holes' pars add up to 54: par must be 27 to 45 for 9 holes."],
      holeProblems: {},
    })
  })
})

describe('freeStrokeIndexes', () => {
  it('offers a hole its own index and every one no other hole of the tee has', () => {
    const chosen = [3, 1, null, 18, null, null, null, null, null, 2, ...Array(8).fill(null)]
    expect(freeStrokeIndexes(chosen, 18, 0)).toEqual([3, ...range(4, 17)])
    // On a nine the back nine's choices are not the tee's: 2 is free again.
    expect(freeStrokeIndexes(chosen, 9, 2)).toEqual([2, ...range(4, 17)])
  })
})

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)
