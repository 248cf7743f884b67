import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readCard } from '@/features/scorecard/lib/card'
import { USER, open } from './start-round-testing'

describe('Start a round with partners', () => {
  it('starts a solo card as before: no game', async () => {
    const { user, onStarted } = open()
    await user.click(screen.getByRole('button', { name: 'Start a round' }))
    expect(screen.queryByRole('radio', { name: 'Stableford' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(onStarted).toHaveBeenCalledTimes(1)
    expect(readCard(USER)?.game).toBeNull()
  })

  it('says what is wrong on each field, keeps what was typed, and shows the figures', async () => {
    const { user, onStarted } = open()
    await user.click(screen.getByRole('button', { name: 'Start a round' }))
    await user.click(screen.getByRole('button', { name: 'Add a partner' }))
    const name = screen.getByRole('textbox', { name: 'Name' })
    const index = screen.getByRole('textbox', { name: 'Index' })
    await user.type(index, '60')
    await user.click(screen.getByRole('radio', { name: 'Stableford' }))
    const allowance = screen.getByRole('textbox', { name: 'Allowance (%)' })
    expect(allowance).toHaveValue('95')
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(onStarted).not.toHaveBeenCalled()
    expect(name).toHaveAccessibleDescription('Enter a name of 1 to 60 characters.')
    expect(index).toBeInvalid()
    expect(index).toHaveValue('60')
    // The golfer has no index yet: typed for this card, for the game only (the starting
    // index is what counts for the record's net double bogey, in TS and SQL alike).
    const ownIndex = screen.getByRole('textbox', { name: 'Your index for this card' })
    expect(ownIndex).toBeInvalid()
    expect(ownIndex).toHaveAccessibleDescription(
      /for this game's strokes only\. Your record counts each hole at most par \+ 5 until you enter it as your starting index under HCP\./,
    )

    await user.type(name, 'Ann')
    await user.clear(index)
    await user.type(index, '18.4')
    await user.type(screen.getByRole('textbox', { name: 'Your index for this card' }), '8.6')
    const partner = screen.getByRole('group', { name: 'Partner 1' })
    await user.selectOptions(within(partner).getByRole('combobox', { name: 'Tee' }), 'Yellow')
    // You, White (71.0 / 125 / 72): 8.6 × 125 / 113 − 1 = 8.513: 9, × 95% = 8.09: 8.
    // Ann, Yellow (69.0 / 120 / 72): 18.4 × 120 / 113 − 3 = 16.540: 17, × 95% = 15.71: 16.
    const rows = within(screen.getByTestId('first-tee-figures')).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'PlayerCourse handicapPlaying handicapStrokes',
      'You988',
      'Ann171616',
    ])
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(onStarted).toHaveBeenCalledTimes(1)
    expect(readCard(USER)?.game).toMatchObject({
      format: 'stableford',
      allowancePercent: 95,
      index: 8.6,
      strokes: 8,
      partners: [{ name: 'Ann', index: 18.4, teeId: 'yellow', teeName: 'Yellow', strokes: 16 }],
    })
  })

  it('holds match play to two players and its allowance to 100%', async () => {
    const { user, onStarted } = open()
    await user.click(screen.getByRole('button', { name: 'Start a round' }))
    await user.click(screen.getByRole('button', { name: 'Add a partner' }))
    await user.click(screen.getByRole('button', { name: 'Add a partner' }))
    await user.click(screen.getByRole('radio', { name: 'Match play' }))
    expect(screen.getByRole('textbox', { name: 'Allowance (%)' })).toHaveValue('100')
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(onStarted).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Match play is for two players: you and one partner.',
    )
    const allowance = screen.getByRole('textbox', { name: 'Allowance (%)' })
    await user.clear(allowance)
    await user.type(allowance, '120')
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(allowance).toHaveAccessibleDescription(
      expect.stringContaining('Enter an allowance from 0 to 100 percent'),
    )
  })
})
