import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { aCourse, aRound, holeScoresOf } from '@/testing/fixtures'
import type { Round } from '../types'
import { cardSummary } from './round-card'
import { RoundsList, type RoundMark } from './rounds-list'

const course = aCourse({ name: 'Augusta' })
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4]
// 48 out, 46 in: 94. With course handicap 18 every hole gets one stroke, so at most par + 3:
// hole 7 (par 3) counts 6, not 8, and hole 12 (par 3) 6, not 7: 94 − 2 − 1 = 91.
const STROKES = [4, 5, 4, 6, 5, 5, 8, 6, 5, 4, 5, 7, 6, 5, 5, 3, 6, 5]
const card = aRound(course, 94, {
  holePars: PARS,
  strokeIndexes: [7, 3, 17, 1, 11, 5, 15, 9, 13, 8, 2, 16, 10, 6, 14, 18, 4, 12],
  holeScores: holeScoresOf(STROKES),
})
const total = aRound(course, 88, { playedOn: '2026-11-20' })
const marks: Record<string, RoundMark> = {
  [card.id]: {
    differential: '16.0',
    counts: true,
    card: { adjustedScore: 91, courseHandicap: 18, cappedHoles: [7, 12] },
  },
  [total.id]: { differential: '14.0', counts: true },
}

function renderList(rounds: readonly Round[], roundMarks = marks) {
  const user = userEvent.setup()
  render(
    <MemoryRouter>
      <RoundsList rounds={rounds} roundsStatus="ready" courses={[course]} marks={roundMarks} />
    </MemoryRouter>,
  )
  return user
}

describe('a round scored hole by hole in the rounds list', () => {
  it('names its adjusted score in the entry when it differs from the gross', () => {
    renderList([card, total])
    expect(
      screen.getByRole('button', {
        name: 'Score 94, Augusta, 22 Nov 2026, Adjusted 91, Diff 16.0, Counts',
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Score 88, Augusta, 20 Nov 2026, Diff 14.0, Counts' }),
    ).toBeInTheDocument()
  })

  it('shows gross, adjusted, the capped holes and the holes when opened', async () => {
    const user = renderList([card])
    await user.click(screen.getByRole('button', { name: /^Score 94/ }))
    expect(screen.getByTestId('card-summary')).toHaveTextContent(
      'Gross 94 · adjusted 91 · holes 7 and 12 capped at net double bogey',
    )
    expect(
      screen.getByText(
        'Course handicap 18 on the day played: each hole counts at most par + 2 + the strokes received on it.',
      ),
    ).toBeInTheDocument()
    const out = screen.getByRole('table', { name: 'Holes 1 to 9' })
    const rows = within(out)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Hole', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'Total'],
      ['Par', '4', '4', '3', '5', '4', '4', '3', '5', '4', '36'],
      ['Strokes', '4', '5', '4', '6', '5', '5', '8 (capped)', '6', '5', '48'],
    ])
    const back = screen.getByRole('table', { name: 'Holes 10 to 18' })
    expect(within(back).getAllByRole('row')[2]).toHaveTextContent(
      'Strokes457 (capped)6553' + '6546',
    )
    expect(screen.getByText('Capped at net double bogey')).toBeInTheDocument()
    expect(screen.queryByText('Score: 94')).not.toBeInTheDocument()
  })

  it('says when no index was in effect, and names a back nine by its own hole numbers', async () => {
    const nine = aRound(course, 47, {
      holes: 9,
      nine: 'back',
      holePars: PARS.slice(9),
      holeScores: holeScoresOf([4, 5, 9, 6, 5, 5, 3, 6, 4]),
    })
    // Hole 12 (the nine's third, par 3) at most par + 5 = 8: 47 − 1 = 46.
    const user = renderList([nine], {
      [nine.id]: {
        differential: null,
        counts: false,
        card: { adjustedScore: 46, courseHandicap: null, cappedHoles: [3] },
      },
    })
    await user.click(screen.getByRole('button', { name: /^Score 47/ }))
    expect(screen.getByTestId('card-summary')).toHaveTextContent(
      'Gross 47 · adjusted 46 · hole 12 capped at net double bogey',
    )
    expect(
      screen.getByText('No index on the day played: each hole counts at most par + 5.'),
    ).toBeInTheDocument()
    const holes = screen.getByRole('table', { name: 'Holes 10 to 18' })
    expect(within(holes).getAllByRole('row')[2]).toHaveTextContent(
      'Strokes459 (capped)655364' + '47',
    )
  })

  it("shows the result of the round's game when opened (the screen's mark)", async () => {
    const user = renderList([card], {
      [card.id]: { ...(marks[card.id] as RoundMark), game: 'Match: halved with Ben' },
    })
    await user.click(screen.getByRole('button', { name: /^Score 94/ }))
    expect(screen.getByTestId('game-result')).toHaveTextContent('Match: halved with Ben')
  })

  it('shows no game result for a round played alone', async () => {
    const user = renderList([card])
    await user.click(screen.getByRole('button', { name: /^Score 94/ }))
    expect(screen.queryByTestId('game-result')).not.toBeInTheDocument()
  })

  it('shows a round entered as a total as before', async () => {
    const user = renderList([total])
    await user.click(screen.getByRole('button', { name: /^Score 88/ }))
    expect(screen.getByText('Score: 88')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByTestId('card-summary')).not.toBeInTheDocument()
  })
})

describe('cardSummary', () => {
  const score = { adjustedScore: 94, courseHandicap: 18 }
  it('says so when no hole was capped', () => {
    expect(cardSummary({ score: 94, nine: null }, { ...score, cappedHoles: [] })).toBe(
      'Gross 94 · adjusted 94 · no hole capped',
    )
  })

  it('lists three capped holes with commas and "and"', () => {
    expect(cardSummary({ score: 97, nine: null }, { ...score, cappedHoles: [3, 7, 12] })).toBe(
      'Gross 97 · adjusted 94 · holes 3, 7 and 12 capped at net double bogey',
    )
  })
})

describe('nines in the rounds list', () => {
  // The back nine played first (20 Nov), the front nine two days later: paired in record order.
  const back = aRound(course, 46, { holes: 9, nine: 'back', playedOn: '2026-11-20' })
  const front = aRound(course, 44, { holes: 9, nine: 'front', playedOn: '2026-11-22' })
  const eighteen = aRound(course, 85, { playedOn: '2026-11-21' })
  const pairMarks: Record<string, RoundMark> = {
    [front.id]: { differential: '16.9', counts: true, pairedWithId: back.id },
    [back.id]: { differential: '16.9', counts: true, pairedWithId: front.id },
    [eighteen.id]: { differential: '12.0', counts: true },
  }

  it('shows a pair once, as the 18-hole round it makes, where its later nine comes', () => {
    renderList([front, eighteen, back], pairMarks)
    const entries = screen.getAllByRole('button', { name: /^Score / })
    expect(entries.map((entry) => entry.getAttribute('aria-label'))).toEqual([
      'Score 90 = 44 front + 46 back, Augusta, 22 Nov 2026, Diff 16.9, Counts',
      'Score 85, Augusta, 21 Nov 2026, Diff 12.0, Counts',
    ])
    expect(entries[0]).toHaveTextContent('90 = 44 front + 46 back Augusta 22 Nov 2026 Diff 16.9')
    expect(screen.getAllByText(/^Diff 16\.9$/)).toHaveLength(1)
  })

  it('keeps each nine’s details and actions under the pair', async () => {
    const user = renderList([front, eighteen, back], pairMarks)
    await user.click(screen.getByRole('button', { name: /^Score 90 = / }))
    const frontNine = screen.getByRole('region', { name: 'Front nine: 44' })
    expect(within(frontNine).getByText('Score: 44')).toBeInTheDocument()
    expect(within(frontNine).getByText(/^Played 22 Nov 2026/)).toBeInTheDocument()
    expect(within(frontNine).getByRole('button', { name: 'Delete front nine' })).toBeEnabled()
    const backNine = screen.getByRole('region', { name: 'Back nine: 46' })
    expect(within(backNine).getByText('Score: 46')).toBeInTheDocument()
    await user.click(within(backNine).getByRole('button', { name: 'Edit back nine' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Round' })
    expect(within(dialog).getByLabelText('Gross Score')).toHaveValue('46')
  })

  it('says which nine a waiting nine is, from its own data, and that it waits', () => {
    const waiting = aRound(course, 47, { holes: 9, nine: 'back' })
    const ofANineHoleTee = aRound(course, 41, { holes: 9, nine: null, playedOn: '2026-11-21' })
    renderList([waiting, ofANineHoleTee], {
      [waiting.id]: { differential: null, counts: false },
      [ofANineHoleTee.id]: { differential: null, counts: false },
    })
    expect(screen.getAllByTestId('nine-mark').map((mark) => mark.textContent)).toEqual([
      'Back nine, waiting for another nine',
      'Waiting for another nine',
    ])
  })
})
