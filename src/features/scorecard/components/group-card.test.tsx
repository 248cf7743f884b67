import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '@/testing/render-at'
import { PICKED_UP, readCard, writeCard } from '../lib/card'
import { aGameCard, aPartner, CARD_ID, hole } from '../testing'
import { Scorecard, type CardScoring } from './scorecard'

const USER = 'golfer-1'

/** The golfer's own course handicap 3 on this nine, for net double bogey. */
const scoring = (): CardScoring => ({
  courseHandicap: 3,
  received: [0, 1, 0, 1, 0, 0, 1, 0, 0],
  maximums: [6, 7, 5, 8, 6, 6, 6, 6, 7],
  adjustedGross: () => 36,
})

function renderCard(save = vi.fn(() => Promise.resolve(true))) {
  return renderAt(
    `/play/${CARD_ID}`,
    <Scorecard
      userId={USER}
      roundId={CARD_ID}
      scoring={scoring}
      save={save}
      isKnownRound={() => false}
      onFinished={() => undefined}
    />,
  )
}

const row = (name: string) => screen.getByRole('region', { name })

describe('the group card', () => {
  it('has a row per player: strokes received as dots, a stepper, pick up and points', async () => {
    writeCard(USER, aGameCard({}, { at: 1 }))
    const { user } = renderCard()
    expect(await screen.findByRole('heading', { name: 'Hole 11' })).toBeInTheDocument()
    // Hole 11, stroke index 4: you (3) and Ann (10) receive one, Ben (+1) none.
    expect(within(row('You')).getByText('receives 1 stroke')).toBeInTheDocument()
    expect(within(row('Ann')).getByText('receives 1 stroke')).toBeInTheDocument()
    expect(within(row('Ben')).getByText('no strokes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: "Ann's strokes: one more" }))
    expect(readCard(USER)?.game?.partners[0]?.scores[1]).toBe(5)
    // A 5 with a stroke on a par 4: 2 points.
    expect(screen.getByTestId('player-1-figure')).toHaveTextContent('2 points')
    await user.click(screen.getByRole('button', { name: 'Pick up for Ben' }))
    expect(readCard(USER)?.game?.partners[1]?.scores[1]).toBe(PICKED_UP)
    expect(within(row('Ben')).getByRole('status')).toHaveTextContent('Picked up')
    await user.click(screen.getByRole('button', { name: 'Pick up for you: net double bogey' }))
    expect(readCard(USER)?.scores[1]?.strokes).toBe(7)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Hole 12' })).toBeInTheDocument()
    expect(readCard(USER)?.game?.partners[1]?.scores[1]).toBe(PICKED_UP)
    // Ben gives his stroke back on hole 12, stroke index 18.
    expect(within(row('Ben')).getByText('gives 1 stroke back')).toBeInTheDocument()
  })

  it('shows every player on the summary, and shares the result by copying it', async () => {
    const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5]
    writeCard(
      USER,
      aGameCard(
        {
          partners: [aPartner({ scores: pars.map((par) => par + 1) })],
        },
        { scores: pars.map((par) => hole(par)), at: 9 },
      ),
    )
    const { user } = renderCard()
    expect(await screen.findByRole('heading', { name: 'Round summary' })).toBeInTheDocument()
    // You: par everywhere, 3 strokes: 9 × 2 + 3 = 21 points. Ann: a bogey everywhere, 10 strokes
    // (a net par on each hole, a net birdie on hole 13 with its second): 9 × 2 + 1 = 19 points.
    const standings = within(screen.getByTestId('group-standings')).getAllByRole('row')
    expect(standings.map((line) => line.textContent)).toEqual([
      'PlayerGrossPoints',
      'You3621',
      'Ann4519',
    ])
    expect(within(screen.getByTestId('group-holes')).getAllByRole('row')).toHaveLength(10)
    await user.click(screen.getByRole('button', { name: 'Share result' }))
    // No share sheet here (jsdom has none): copied, with user-event's clipboard.
    expect(await screen.findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(
      'Stableford at Pebble Beach, 25 Nov: you 21, Ann 19',
    )
  })
})
