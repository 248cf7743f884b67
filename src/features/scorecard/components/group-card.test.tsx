import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PICKED_UP, gameOfCard, readCard, writeCard, type Card } from '../lib/card'
import { aGameCard, aPartner, hole } from '../testing'
import { USER, renderScorecard } from './render-scorecard'

const renderCard = (save?: (card: Card) => Promise<boolean>) => renderScorecard(36, save)

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
    const yourPickUp = screen.getByRole('button', { name: 'Pick up for you: net double bogey' })
    await user.click(yourPickUp)
    // Net double bogey on the record; a pick-up in the game (no point).
    expect(readCard(USER)?.scores[1]?.strokes).toBe(7)
    expect(readCard(USER)?.game?.pickedUp?.[1]).toBe(true)
    expect(yourPickUp).toHaveAttribute('aria-pressed', 'true')
    expect(within(row('You')).getByRole('status')).toHaveTextContent('Picked up')
    expect(within(row('You')).getByText('7 on your record (net double bogey)')).toBeInTheDocument()
    expect(screen.getByTestId('player-0-figure')).toHaveTextContent('0 points')
    // A + on a hole picked up: played out after all, at par (2 points with the stroke: 3).
    await user.click(screen.getByRole('button', { name: 'Your strokes: one more' }))
    expect(readCard(USER)?.scores[1]?.strokes).toBe(4)
    expect(readCard(USER)?.game?.pickedUp?.[1]).toBe(false)
    expect(screen.getByTestId('player-0-figure')).toHaveTextContent('3 points')
    await user.click(yourPickUp)
    expect(readCard(USER)?.game?.pickedUp?.[1]).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Hole 12' })).toBeInTheDocument()
    expect(readCard(USER)?.game?.partners[1]?.scores[1]).toBe(PICKED_UP)
    expect(readCard(USER)?.game?.pickedUp?.[1]).toBe(true)
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

  it('saves each hole the golfer picked up at the net double bogey the handicap gives now', async () => {
    const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5]
    // Hole 10 picked up while the index of the day had no number yet (par + 5: 9); now it is
    // 6 = 4 + 2 (no stroke on index 8 with course handicap 3).
    writeCard(
      USER,
      aGameCard(
        {
          partners: [aPartner({ scores: [...pars] })],
          pickedUp: [true, ...pars.slice(1).map(() => false)],
        },
        { scores: pars.map((par, at) => hole(at === 0 ? 9 : par)), at: 9 },
      ),
    )
    const save = vi.fn((_card: Card) => Promise.resolve(true))
    const { user } = renderCard(save)
    await user.click(await screen.findByRole('button', { name: 'Save round' }))
    expect(save).toHaveBeenCalledTimes(1)
    const saved = save.mock.calls[0]?.[0]
    expect(saved?.scores.map((score) => score?.strokes)).toEqual([6, ...pars.slice(1)])
    expect(saved && gameOfCard(saved)?.pickedUp).toEqual([10])
  })
})
