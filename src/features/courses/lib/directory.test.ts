// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DataError } from '@/lib/data-error'
import {
  COPY_GONE,
  DIRECTORY_UNREACHABLE,
  PUBLISH_LIMIT,
  PUBLISH_NOT_YOURS,
  SEARCH_FAILED,
  WITHDRAW_NOT_YOURS,
  directoryFailure,
  directoryTeesFromJson,
} from './directory'

describe('directoryTeesFromJson', () => {
  it('reads search_directory’s tees, and whether each has its holes', () => {
    expect(
      directoryTeesFromJson([
        {
          position: 1,
          name: 'White',
          course_rating: 35.3,
          slope_rating: 121,
          par: 36,
          holes: 9,
          hole_pars: [4, 4, 3, 5, 4, 4, 3, 4, 5],
          stroke_indexes: [1, 3, 5, 7, 9, 11, 13, 15, 17],
        },
        {
          position: 2,
          name: 'Blue',
          course_rating: 73.9,
          slope_rating: 135,
          par: null,
          holes: 18,
          hole_pars: null,
          stroke_indexes: null,
        },
      ]),
    ).toEqual([
      { name: 'White', holes: 9, rating: 35.3, slope: 121, par: 36, hasHoles: true },
      { name: 'Blue', holes: 18, rating: 73.9, slope: 135, par: null, hasHoles: false },
    ])
  })

  it('gives no tee for anything but a list of objects', () => {
    expect(directoryTeesFromJson(null)).toEqual([])
    expect(directoryTeesFromJson({ name: 'White' })).toEqual([])
    expect(directoryTeesFromJson([1, 'two', null])).toEqual([])
  })
})

describe('directoryFailure', () => {
  const refused = (code: string) => new DataError({ message: 'refused', code })

  it('words each refusal the database makes', () => {
    expect(directoryFailure(refused('P0001'), 'publish')).toBe(PUBLISH_LIMIT)
    expect(directoryFailure(refused('P0002'), 'copy')).toBe(COPY_GONE)
    expect(directoryFailure(refused('42501'), 'publish')).toBe(PUBLISH_NOT_YOURS)
    expect(directoryFailure(refused('42501'), 'withdraw')).toBe(WITHDRAW_NOT_YOURS)
    expect(directoryFailure(refused('22P02'), 'search')).toBe(SEARCH_FAILED)
  })

  it('says the network when there was no answer', () => {
    expect(
      directoryFailure(new DataError({ message: 'TypeError: Failed to fetch' }), 'search'),
    ).toBe(DIRECTORY_UNREACHABLE)
    expect(directoryFailure(new Error('offline'), 'copy')).toBe(DIRECTORY_UNREACHABLE)
  })
})
