import { describe, expect, it } from 'vitest'
import { parseTeeForm, type TeeFields } from './parse-tee-form'

const COURSE = '01J00000000000000000000001'
const fields = (overrides: Partial<TeeFields> = {}): TeeFields => ({
  name: 'White',
  holes: '18',
  rating: '72.1',
  slope: '130',
  par: '72',
  holePars: '',
  strokeIndexes: '',
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

  it('reads a rated nine with its hole pars and stroke indexes', () => {
    const nine = parseTeeForm(
      COURSE,
      fields({
        name: ' Yellow 9 ',
        holes: '9',
        rating: '35.3',
        slope: '121',
        par: '36',
        holePars: '4 4 3 5 4, 4 3 5 4',
        strokeIndexes: '1 3 5 7 9 11 13 15 17',
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

  it('names every bound that is not met', () => {
    expect(
      parseTeeForm(COURSE, fields({ holes: '9', rating: '72.1', slope: '160', par: '72' })),
    ).toEqual({
      problems: [
        'The course rating must be 10.0 to 45.0 for 9 holes, with at most one decimal.',
        'The slope rating must be a whole number from 55 to 155.',
        'Par must be a whole number from 27 to 45 for 9 holes.',
      ],
    })
    expect(parseTeeForm(COURSE, fields({ name: '  ', rating: '19.9' }))).toEqual({
      problems: [
        'The tee name must be 1 to 100 characters.',
        'The course rating must be 20.0 to 90.0 for 18 holes, with at most one decimal.',
      ],
    })
  })

  it('refuses hole pars that do not add up to par, and repeated stroke indexes', () => {
    // 4 × 9 + 4 × 9 = 72 would fit; one 5 makes 73.
    const pars = '4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 5'
    const indexes = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 17'
    expect(parseTeeForm(COURSE, fields({ holePars: pars, strokeIndexes: indexes }))).toEqual({
      problems: [
        "The hole pars add up to 73, not the tee's par of 72.",
        'Each stroke index can be used only once.',
      ],
    })
    expect(parseTeeForm(COURSE, fields({ holePars: '4 4 4', strokeIndexes: '0' }))).toEqual({
      problems: [
        'Hole pars must be 18 whole numbers, one per hole.',
        'Stroke indexes must be 18 whole numbers, one per hole.',
      ],
    })
    expect(
      parseTeeForm(COURSE, fields({ par: '', holePars: '4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 7' })),
    ).toEqual({
      problems: ["Each hole's par must be from 3 to 6."],
    })
  })
})
