// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { explainIndex } from './explain-index'

describe('explainIndex', () => {
  it('says nothing below 3 rounds', () => {
    expect(explainIndex(0)).toBeNull()
    expect(explainIndex(2)).toBeNull()
  })

  it('says how the index was made, in plain words', () => {
    expect(explainIndex(3)).toBe('Lowest differential minus 2.0')
    expect(explainIndex(4)).toBe('Lowest differential minus 1.0')
    expect(explainIndex(5)).toBe('Lowest differential')
    expect(explainIndex(6)).toBe('Average of your lowest 2 of 6 differentials, minus 1.0')
    expect(explainIndex(8)).toBe('Average of your lowest 2 of 8 differentials')
    expect(explainIndex(11)).toBe('Average of your lowest 3 of 11 differentials')
    expect(explainIndex(25)).toBe('Average of your lowest 8 of 25 differentials')
  })
})
