import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HandicapTrend, type TrendEntry } from './handicap-trend'

// Oldest first: differentials 10.0, 12.0, 8.0; the index is 6.0 after the third (8.0 − 2.0).
const entries: TrendEntry[] = [
  { key: 'a', label: '1 Sept 2026', differential: 10, index: null, counts: false },
  { key: 'b', label: '8 Sept 2026', differential: 12, index: null, counts: false },
  { key: 'c', label: '15 Sept 2026', differential: 8, index: 6, counts: true },
]

describe('HandicapTrend', () => {
  it('draws one dot per round, filled when it counts, named by its caption', () => {
    const { container } = render(<HandicapTrend entries={entries} />)
    expect(container.querySelectorAll('.trend__round')).toHaveLength(3)
    expect(container.querySelectorAll('.trend__round--counts')).toHaveLength(1)
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Index after each round: 6.0 on 15 Sept 2026. Dots are your differentials, filled when they count; lower is better.',
    )
  })

  it('shows the numbers as a table only when asked', async () => {
    const user = userEvent.setup()
    render(<HandicapTrend entries={entries} />)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()

    await user.click(screen.getByText('Show as a table'))
    const table = screen.getByRole('table', { name: 'Your rounds, oldest first' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'PlayedDifferentialIndex after it',
      '1 Sept 202610.0none yet',
      '8 Sept 202612.0none yet',
      '15 Sept 20268.0 (counts)6.0',
    ])

    await user.click(screen.getByText('Show as a table'))
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('draws nothing before the third round', () => {
    const { container } = render(<HandicapTrend entries={entries.slice(0, 2)} />)
    expect(container).toBeEmptyDOMElement()
  })
})
