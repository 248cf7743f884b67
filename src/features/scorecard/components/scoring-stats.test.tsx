import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { holeScoresOf } from '@/testing/fixtures'
import type { StatsRound } from '../lib/stats'
import { ScoringStats } from './scoring-stats'

// A nine of par 36: holes 3 and 7 are par 3s, 4 and 8 par 5s, the rest par 4s.
const NINE = [4, 4, 3, 5, 4, 4, 3, 5, 4]
const ALL_TWO = [2, 2, 2, 2, 2, 2, 2, 2, 2]

const card = (strokes: number[], putts: number[] | null = null): StatsRound => ({
  holePars: NINE,
  holeScores: holeScoresOf(strokes, putts ? { putts } : {}),
})

// Par 3: 3+4, 3+3, 4+4 = 21 / 6 holes = 3.50; par 4: 24 + 21 + 27 = 72 / 15 = 4.80;
// par 5: 11 + 11 + 11 = 33 / 6 = 5.50. Putts: 18 on each nine = 36 per 18 holes.
const rounds = [
  card([5, 4, 3, 6, 5, 4, 4, 5, 6], ALL_TWO),
  card([4, 4, 3, 5, 4, 5, 3, 6, 4], ALL_TWO),
  card([6, 5, 4, 7, 5, 5, 4, 4, 6], ALL_TWO),
]

describe('ScoringStats', () => {
  it('draws the par 3, 4 and 5 averages against par, named by a caption that says them', () => {
    const { container } = render(<ScoringStats rounds={rounds} />)
    expect(screen.getByRole('heading', { name: 'Scoring stats' })).toBeInTheDocument()
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Average strokes per hole: par 3 3.50 (+0.50, 3 rounds); par 4 4.80 (+0.80, 3 rounds); par 5 5.50 (+0.50, 3 rounds).',
    )
    expect(container.querySelectorAll('.stats__bar')).toHaveLength(3)
  })

  it('shows only the stats that 3 rounds recorded', () => {
    render(<ScoringStats rounds={rounds} />)
    const figures = screen.getByRole('region', { name: 'Scoring stats' })
    const terms = within(figures)
      .getAllByRole('term')
      .map((term) => term.textContent)
    expect(terms).toEqual(['Putts per round'])
    expect(within(figures).getByRole('definition')).toHaveTextContent('36.0 3 rounds')
    expect(screen.getByText(/From your last 3 rounds scored hole by hole/)).toBeInTheDocument()
  })

  it('draws a par played under par to the left of the line, and says so', () => {
    // Par 3s in 2 each round: 2.00, "−1.00".
    const birdies = [
      card([4, 4, 2, 5, 4, 4, 2, 5, 4]),
      card([4, 4, 2, 5, 4, 4, 2, 5, 4]),
      card([4, 4, 2, 5, 4, 4, 2, 5, 4]),
    ]
    const { container } = render(<ScoringStats rounds={birdies} />)
    // From 1 under (x 64) to 1 over (x 236): par's line at 150, the par 3 bar from 64 to 150.
    expect(container.querySelector('.stats__par')).toHaveAttribute('x1', '150')
    const [threes] = container.querySelectorAll('.stats__bar')
    expect(threes).toHaveAttribute('x', '64')
    expect(threes).toHaveAttribute('width', '86')
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Average strokes per hole: par 3 2.00 (−1.00, 3 rounds); par 4 4.00 (level, 3 rounds); par 5 5.00 (level, 3 rounds).',
    )
    expect(screen.queryByRole('term')).not.toBeInTheDocument()
  })

  it('shows nothing while no stat has 3 rounds', () => {
    const { container } = render(
      <ScoringStats rounds={[...rounds.slice(0, 2), { holePars: null, holeScores: null }]} />,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
