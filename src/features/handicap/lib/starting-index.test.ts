// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { parseStartingIndex } from './starting-index'

describe('parseStartingIndex', () => {
  it.each([
    ['12.4', 12.4],
    [' 12 ', 12],
    ['0', 0],
    ['+0.0', 0],
    ['54.0', 54],
    ['54', 54],
    ['+1.2', -1.2],
    ['-1.2', -1.2],
    ['\u22121.2', -1.2],
    ['+ 3', -3],
    ['+10.0', -10],
    ['-10', -10],
  ])('reads %j as %s', (text, index) => {
    expect(parseStartingIndex(text)).toBe(index)
  })

  it.each([
    '',
    '54.1',
    '55',
    '+10.1',
    '-11',
    '12.45',
    '12,4',
    '1e1',
    'NaN',
    'Infinity',
    '12.',
    '.5',
    '++1',
    'twelve',
  ])('refuses %j', (text) => {
    expect(parseStartingIndex(text)).toBeNull()
  })
})
