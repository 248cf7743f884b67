import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HandicapDisplay } from './handicap-display'

const reasons = [
  'Uses your latest 20 of 34 rounds',
  'An exceptional round on 12 Jun 2025 took 2.0 off 20 differentials',
  'Capped: your lowest index in the past year was 8.1, so the rise above 3.0 is halved',
  'Playing conditions are not known here',
]

describe('the WHS estimate on the handicap card', () => {
  it('shows the estimate under the spec’s number, which stays as it is', () => {
    render(<HandicapDisplay index={9.4} roundCount={34} estimate={{ index: 11.8, reasons }} />)
    expect(screen.getByText('9.4')).toBeVisible()
    expect(screen.getByText('HCP')).toBeVisible()
    expect(screen.getByTestId('whs-estimate')).toHaveTextContent(/^WHS estimate 11\.8$/)
  })

  it('shows a plus estimate with a + sign', () => {
    render(<HandicapDisplay index={-1.2} roundCount={5} estimate={{ index: -3.2, reasons: [] }} />)
    expect(screen.getByTestId('whs-estimate')).toHaveTextContent(/^WHS estimate \+3\.2$/)
  })

  it('says plainly that there is no estimate below 3 rounds, with nothing to disclose', () => {
    render(<HandicapDisplay index={null} roundCount={2} estimate={{ index: null, reasons: [] }} />)
    expect(screen.getByTestId('whs-estimate')).toHaveTextContent(/^WHS estimate: needs 3 rounds$/)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('lists why it differs behind a button, then what is never modelled and who issues the real one', async () => {
    const user = userEvent.setup()
    render(<HandicapDisplay index={9.4} roundCount={34} estimate={{ index: 11.8, reasons }} />)
    const button = screen.getByRole('button', { name: 'Why is it different?' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const list = screen.getByRole('list')
    expect(button).toHaveAttribute('aria-controls', list.id)
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Diff is a round's score differential: your score measured against the course's rating and slope (113 ÷ slope × (score − rating)); the lower, the better the round",
      'HCP averages your lowest Diffs from every round you entered; the WHS estimate takes only your latest 20, with the World Handicap System’s adjustments below',
      'Uses your latest 20 of 34 rounds',
      'An exceptional round on 12 Jun 2025 took 2.0 off 20 differentials',
      'Capped: your lowest index in the past year was 8.1, so the rise above 3.0 is halved',
      'Playing conditions are not known here',
      'Rounds with the same Diff can be marked differently: only so many count, and on a tie the more recent one does; "Counts for WHS" looks only at your latest 20, after any exceptional-score reduction',
      'Not modelled here: committee adjustments, penalty scores and the 2024 rule for a lone nine (nines count in pairs, the WHS 2020 method)',
      'For a competition, use the index your federation issues: HCPFast issues none. Of its two numbers, the WHS estimate is the closer to it',
    ])

    // The keyboard closes it as it opened it.
    button.focus()
    await user.keyboard('{Enter}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    await user.keyboard(' ')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).toHaveFocus()
  })

  it('shows no estimate while the rounds load', () => {
    render(
      <HandicapDisplay index={null} roundCount={0} loading estimate={{ index: 4, reasons: [] }} />,
    )
    expect(screen.queryByTestId('whs-estimate')).not.toBeInTheDocument()
  })
})
