// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { progressLine, startedByLine } from './open-cards'

describe('a shared card in play, as the HCP screen lists it', () => {
  it('names who started it: the golfer themselves, another golfer, or nobody once they are gone', () => {
    expect(startedByLine({ startedBy: 'Sam', startedByMe: true })).toBe('Started by you')
    expect(startedByLine({ startedBy: 'Sam', startedByMe: false })).toBe('Started by Sam')
    expect(startedByLine({ startedBy: null, startedByMe: false })).toBeNull()
  })

  it('says the hole the golfer is on while their holes are scored in order', () => {
    expect(progressLine({ holes: 18, scoredHoles: 6, nextHole: 7 })).toBe('Hole 7')
    expect(progressLine({ holes: 9, scoredHoles: 1, nextHole: 2 })).toBe('Hole 2')
  })

  it('counts the scored holes when some were skipped, as on a shotgun start', () => {
    expect(progressLine({ holes: 18, scoredHoles: 5, nextHole: 1 })).toBe('5 of 18 holes scored')
    expect(progressLine({ holes: 18, scoredHoles: 8, nextHole: 4 })).toBe('8 of 18 holes scored')
  })

  it('says so before the first score and once every hole is scored', () => {
    expect(progressLine({ holes: 18, scoredHoles: 0, nextHole: 1 })).toBe('No scores yet')
    expect(progressLine({ holes: 9, scoredHoles: 9, nextHole: null })).toBe(
      'All 9 holes scored: ready to sign',
    )
  })
})
