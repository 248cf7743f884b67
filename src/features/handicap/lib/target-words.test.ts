// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { targetSentence } from './target-words'

describe('targetSentence', () => {
  it('names the score that lowers the chosen number and the one that holds it', () => {
    expect(targetSentence({ kind: 'lower', index: 14.2, lower: 84, hold: 85 }, 'spec')).toBe(
      'Shoot 84 or better here today to lower your HCP (14.2). 85 holds it.',
    )
    expect(targetSentence({ kind: 'lower', index: -1.2, lower: 70, hold: 70 }, 'whs')).toBe(
      'Shoot 70 or better here today to lower your WHS estimate (+1.2).',
    )
  })

  it('says when any score holds it, and when none lowers it and why', () => {
    expect(targetSentence({ kind: 'any-score-holds', index: 8.1, lower: 81 }, 'spec')).toBe(
      'Shoot 81 or better here today to lower your HCP (8.1). Any score holds it.',
    )
    expect(
      targetSentence({ kind: 'none-lowers', index: 7.5, hold: null, leavingCounts: true }, 'whs'),
    ).toBe(
      'No score lowers your WHS estimate (7.5) today: the round leaving your latest 20 is one of your best 8.',
    )
  })

  it('before a first index, and for a nine that would wait', () => {
    expect(targetSentence({ kind: 'first-index', counts: true }, 'spec')).toBe(
      'Your first index needs 3 rounds; this one counts.',
    )
    expect(targetSentence({ kind: 'nine-waits', index: 14.2 }, 'spec')).toBe(
      "A lone nine waits for another nine, so it won't move your HCP (14.2) today.",
    )
  })

  it('with a starting index in effect: the round that makes the first index, or none does yet', () => {
    expect(targetSentence({ kind: 'lower', index: 5, lower: 78, hold: 79 }, 'spec', true)).toBe(
      'Shoot 78 or better here today to lower your starting index (5.0). 79 holds it.',
    )
    expect(targetSentence({ kind: 'any-score-lowers', index: 12.4 }, 'whs', true)).toBe(
      'Any score here lowers your starting index (12.4) today.',
    )
    expect(
      targetSentence({ kind: 'starting-index-holds', index: 12.4, counts: true }, 'whs', true),
    ).toBe(
      'Your first WHS estimate needs 3 rounds; this one counts. Your starting index (12.4) holds until then.',
    )
    expect(
      targetSentence({ kind: 'starting-index-holds', index: 12.4, counts: false }, 'spec', true),
    ).toBe('A lone nine waits for another nine before it counts; your starting index (12.4) holds.')
  })
})
