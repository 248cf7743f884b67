import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { Accordion } from '@/components/ui/accordion'
import { aCourse, aRound } from '@/testing/fixtures'
import { useAttestationsStore } from '../stores/attestations-store'
import { PairEntry } from './pair-entry'
import type { RoundMark } from './rounds-list'

const course = aCourse({ name: 'Augusta' })
const front = aRound(course, 44, { holes: 9, nine: 'front', playedOn: '2026-11-20' })
const back = aRound(course, 46, { holes: 9, nine: 'back', playedOn: '2026-11-22' })
const marks: Record<string, RoundMark> = {
  [front.id]: { differential: '16.9', counts: true, pairedWithId: back.id },
  [back.id]: { differential: '16.9', counts: true, pairedWithId: front.id },
}

describe('a pair of nines signed on shared cards', () => {
  it('says who attested each nine, and follows a new attestation without a reload', () => {
    useAttestationsStore.setState({ byRound: { [back.id]: 'Ann' } })
    render(
      <MemoryRouter>
        <Accordion>
          <PairEntry
            value="pair"
            pair={[front, back]}
            marks={marks}
            status={null}
            onDelete={() => undefined}
            onEdit={null}
          />
        </Accordion>
      </MemoryRouter>,
    )
    const entry = screen.getByRole('button', { name: /^Score 90 = / })
    expect(entry.getAttribute('aria-label')).toBe(
      'Score 90 = 44 front + 46 back, Augusta, 22 Nov 2026, Diff 16.9, Back nine attested by Ann, Counts',
    )
    expect(entry).toHaveTextContent('Back nine attested by Ann')

    act(() => useAttestationsStore.setState({ byRound: { [back.id]: 'Ann', [front.id]: 'Ben' } }))
    expect(entry).toHaveTextContent('Front nine attested by Ben, Back nine attested by Ann')
    expect(entry.getAttribute('aria-label')).toMatch(
      /, Front nine attested by Ben, Back nine attested by Ann, Counts$/,
    )
  })
})
