// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { NOT_NUMBERS } from '@/testing/hostile-values'
import { parseGrossScore, parseRoundForm, pickCourse } from './parse-round-form'

describe('parseGrossScore', () => {
  it.each(NOT_NUMBERS)('refuses %s', (_label, value) => {
    expect(parseGrossScore(value)).toBeNull()
  })

  it.each([
    ['-72', 'negative'],
    ['17', 'below 18'],
    ['201', 'above 200'],
    ['72.5', 'a decimal'],
    ['72.0', 'a decimal point'],
  ])('refuses %s (%s)', (value) => {
    expect(parseGrossScore(value)).toBeNull()
  })

  it.each([
    ['18', 18],
    ['88', 88],
    ['200', 200],
    [' 95 ', 95],
  ])('reads %j as %d', (value, expected) => {
    expect(parseGrossScore(value)).toBe(expected)
  })
})

describe('pickCourse', () => {
  const augusta = { id: 'A' }
  const pebble = { id: 'P' }

  it('chooses the only course automatically', () => {
    expect(pickCourse('', [augusta])).toBe(augusta)
  })

  it('needs a choice among several courses', () => {
    expect(pickCourse('', [augusta, pebble])).toBeNull()
    expect(pickCourse('P', [augusta, pebble])).toBe(pebble)
  })

  it('refuses a course that is not the golfer’s', () => {
    expect(pickCourse('someone-else', [augusta, pebble])).toBeNull()
    expect(pickCourse('A', [])).toBeNull()
  })
})

describe('parseRoundForm', () => {
  it('returns the course and score, or null when either is missing', () => {
    const courses = [{ id: 'A' }, { id: 'B' }]
    expect(parseRoundForm({ courseId: 'B', score: '88' }, courses)).toEqual({
      course: { id: 'B' },
      score: 88,
    })
    expect(parseRoundForm({ courseId: '', score: '88' }, courses)).toBeNull()
    expect(parseRoundForm({ courseId: 'B', score: '' }, courses)).toBeNull()
  })
})
