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
    const dotsOf = (selector: string) =>
      [...container.querySelectorAll(selector)]
        .map((path) => path.getAttribute('d') ?? '')
        .join('')
        .match(/M[^M]+/g) ?? []
    expect(dotsOf('.trend__round')).toHaveLength(3)
    // The third dot (8.0) at x 12 + 296 = 308, y 12 + (12 − 8) / (12 − 6) × 116 = 89.3; a circle
    // of radius 3.5 is drawn from its left edge.
    expect(dotsOf('.trend__round--counts')).toEqual([
      'M304.5,89.3a3.5,3.5 0 1,0 7,0a3.5,3.5 0 1,0 -7,0',
    ])
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

  it('draws the WHS estimate as a dashed second line, named in the caption and a column of the table', async () => {
    // Differentials 20.0 ×3, 9.0: both numbers 18.0 after the third; the fourth is exceptional (9.0
    // below): 1.0 off all four, so the estimate is 8.0 − 1.0 = 7.0 and the spec's 9.0 − 1.0 = 8.0.
    const withWhs: TrendEntry[] = [
      {
        key: 'a',
        label: '1 Jun 2025',
        differential: 20,
        index: null,
        whsIndex: null,
        counts: false,
      },
      {
        key: 'b',
        label: '2 Jun 2025',
        differential: 20,
        index: null,
        whsIndex: null,
        counts: false,
      },
      { key: 'c', label: '3 Jun 2025', differential: 20, index: 18, whsIndex: 18, counts: false },
      { key: 'd', label: '4 Jun 2025', differential: 9, index: 8, whsIndex: 7, counts: true },
    ]
    const user = userEvent.setup()
    const { container } = render(<HandicapTrend entries={withWhs} />)
    expect(container.querySelectorAll('.trend__line')).toHaveLength(2)
    expect(
      container.querySelector('.trend__line--whs')?.getAttribute('points')?.split(' '),
    ).toHaveLength(2)
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Index after each round: 18.0 on 3 Jun 2025, 8.0 now. The dashed line is the WHS estimate, 7.0 now. Dots are your differentials, filled when they count; lower is better.',
    )

    // The toggle is the chart's one keyboard stop (jsdom does not open a summary on Enter, so click).
    await user.tab()
    expect(screen.getByText('Show as a table')).toHaveFocus()
    await user.click(screen.getByText('Show as a table'))
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'PlayedDifferentialIndex after itWHS estimate after it',
      '1 Jun 202520.0none yetnone yet',
      '2 Jun 202520.0none yetnone yet',
      '3 Jun 202520.018.018.0',
      '4 Jun 20259.0 (counts)8.07.0',
    ])
  })

  it('draws nothing before the third round', () => {
    const { container } = render(<HandicapTrend entries={entries.slice(0, 2)} />)
    expect(container).toBeEmptyDOMElement()
  })
})
