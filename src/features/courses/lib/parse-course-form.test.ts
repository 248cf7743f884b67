// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { NOT_NUMBERS } from '@/testing/hostile-values'
import {
  parseCourseEditForm,
  parseCourseForm,
  parsePar,
  parseCourseName,
  parseCourseRating,
  parseSlopeRating,
} from './parse-course-form'

describe('parseCourseRating', () => {
  it.each(NOT_NUMBERS)('refuses %s', (_label, value) => {
    expect(parseCourseRating(value)).toBeNull()
  })

  it.each([
    ['-72.1', 'negative'],
    ['19.9', 'below 20.0'],
    ['90.1', 'above 90.0'],
    ['0', 'zero'],
    ['72.55', 'two decimals'],
    ['72.', 'a trailing point'],
    ['.5', 'no whole part'],
  ])('refuses %s (%s)', (value) => {
    expect(parseCourseRating(value)).toBeNull()
  })

  it.each([
    ['20', 20],
    ['20.0', 20],
    ['72.1', 72.1],
    ['90.0', 90],
    [' 68.4 ', 68.4],
  ])('reads %j as %d', (value, expected) => {
    expect(parseCourseRating(value)).toBe(expected)
  })
})

describe('parseSlopeRating', () => {
  it.each(NOT_NUMBERS)('refuses %s', (_label, value) => {
    expect(parseSlopeRating(value)).toBeNull()
  })

  it.each([
    ['-113', 'negative'],
    ['54', 'below 55'],
    ['156', 'above 155'],
    ['120.5', 'a decimal'],
    ['120.0', 'a decimal point'],
  ])('refuses %s (%s)', (value) => {
    expect(parseSlopeRating(value)).toBeNull()
  })

  it.each([
    ['55', 55],
    ['113', 113],
    ['155', 155],
  ])('reads %j as %d', (value, expected) => {
    expect(parseSlopeRating(value)).toBe(expected)
  })
})

describe('parseCourseName', () => {
  it('refuses a blank name', () => {
    expect(parseCourseName('')).toBeNull()
    expect(parseCourseName(' \t\u00a0\u3000 ')).toBeNull()
  })

  it('trims the name', () => {
    expect(parseCourseName('  St Andrews  ')).toBe('St Andrews')
  })

  it('counts characters, not UTF-16 units: 100 emoji fit, 101 do not', () => {
    expect(parseCourseName('⛳'.repeat(100))).toBe('⛳'.repeat(100))
    expect(parseCourseName('⛳'.repeat(101))).toBeNull()
    expect(parseCourseName('x'.repeat(10_000))).toBeNull()
  })

  it('keeps markup, SQL and right-to-left text as the literal name', () => {
    for (const name of [
      '<img src=x onerror=alert(1)>',
      "Links'); drop table courses; --",
      'גבעת שמואל',
    ]) {
      expect(parseCourseName(name)).toBe(name)
    }
  })
})

describe('parseCourseForm', () => {
  it('returns the course when every field is valid', () => {
    expect(parseCourseForm({ name: ' Augusta ', rating: '76.2', slope: '148' })).toEqual({
      name: 'Augusta',
      rating: 76.2,
      slope: 148,
    })
  })

  it('returns null when any field is invalid', () => {
    expect(parseCourseForm({ name: '', rating: '76.2', slope: '148' })).toBeNull()
    expect(parseCourseForm({ name: 'Augusta', rating: 'x', slope: '148' })).toBeNull()
    expect(parseCourseForm({ name: 'Augusta', rating: '76.2', slope: '' })).toBeNull()
  })
})

describe('par', () => {
  it('is optional: blank is no par', () => {
    expect(parsePar('')).toBeNull()
    expect(parsePar('  ')).toBeNull()
  })
  it('accepts whole numbers from 54 to 90', () => {
    expect(parsePar('54')).toBe(54)
    expect(parsePar(' 72 ')).toBe(72)
    expect(parsePar('90')).toBe(90)
  })
  it('refuses anything else', () => {
    for (const text of ['53', '91', '36', '72.5', '-72', 'seventy', '0x48']) {
      expect(parsePar(text)).toBeUndefined()
    }
  })
  it('an edit form with a bad par is refused as a whole', () => {
    expect(parseCourseEditForm({ name: 'A', rating: '70.1', slope: '113', par: '27' })).toBeNull()
    expect(parseCourseEditForm({ name: 'A', rating: '70.1', slope: '113', par: '70' })).toEqual({
      name: 'A',
      rating: 70.1,
      slope: 113,
      par: 70,
    })
  })
})
