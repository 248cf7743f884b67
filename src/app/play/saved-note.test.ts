import { describe, expect, it } from 'vitest'
import type { HandicapState } from '@/features/handicap/stores/handicap-store'
import { savedNote } from './play-screen'

/** The handicap store's figures after the round went in: only what the note reads. */
function after(index: number | null, differential: number | null, entries = 3) {
  return {
    index,
    record: {
      byRound: new Map([['card', { differential }]]),
      entries: Array.from({ length: entries }, () => ({})),
    },
  } as unknown as Pick<HandicapState, 'record' | 'index'>
}

describe('savedNote', () => {
  it("says the round's differential and the HCP before and after", () => {
    expect(savedNote(9.2, after(9.1, 14.2), 'card')).toBe('Round saved: Diff 14.2, HCP 9.2 → 9.1')
  })

  it('shows a plus index with +', () => {
    expect(savedNote(0.3, after(-0.4, -1.5), 'card')).toBe('Round saved: Diff -1.5, HCP 0.3 → +0.4')
  })

  it('says how many more rounds the first HCP needs, or what it is once made', () => {
    expect(savedNote(null, after(null, 5.1, 1), 'card')).toBe(
      'Round saved: Diff 5.1. 2 more rounds for your first HCP.',
    )
    expect(savedNote(null, after(null, 5.1, 2), 'card')).toBe(
      'Round saved: Diff 5.1. 1 more round for your first HCP.',
    )
    expect(savedNote(null, after(-0.4, -1.5), 'card')).toBe(
      'Round saved: Diff -1.5. Your first HCP: +0.4.',
    )
  })

  it('says a nine counts once it is paired', () => {
    expect(savedNote(12.0, after(12.0, null), 'card')).toBe(
      'Round saved: a nine, counted once paired, HCP 12.0 → 12.0',
    )
  })
})
