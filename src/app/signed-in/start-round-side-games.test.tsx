import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readCard } from '@/features/scorecard/lib/card'
import { USER, open } from './start-round-testing'

async function addPartners(user: ReturnType<typeof open>['user'], names: readonly string[]) {
  for (const [at, name] of names.entries()) {
    await user.click(screen.getByRole('button', { name: 'Add a partner' }))
    const partner = screen.getByRole('group', { name: `Partner ${at + 1}` })
    await user.type(within(partner).getByRole('textbox', { name: 'Name' }), name)
    await user.type(within(partner).getByRole('textbox', { name: 'Index' }), '12.0')
  }
  await user.type(screen.getByRole('textbox', { name: 'Your index for this card' }), '8.6')
}

describe('Side games on the first tee', () => {
  it('explains every refusal in the golfer’s words, keeps every choice, then starts the card with them', async () => {
    const { user, onStarted } = open()
    await user.click(screen.getByRole('button', { name: 'Start a round' }))
    expect(screen.queryByRole('group', { name: 'Side games' })).toBeNull()
    await addPartners(user, ['Ann', 'Ben'])
    const games = screen.getByRole('group', { name: 'Side games' })
    await user.click(within(games).getByRole('checkbox', { name: 'Skins' }))
    await user.click(within(games).getByRole('checkbox', { name: 'Nassau (front, back, overall)' }))
    await user.click(within(games).getByRole('checkbox', { name: 'Four-ball better ball' }))
    const skinsStake = within(games).getByRole('textbox', { name: 'Stake per skin (points)' })
    await user.clear(skinsStake)
    await user.type(skinsStake, '-1')
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))

    expect(onStarted).not.toHaveBeenCalled()
    expect(skinsStake).toBeInvalid()
    expect(skinsStake).toHaveAccessibleDescription("The skins stake can't be negative.")
    expect(within(games).getByRole('alert')).toHaveTextContent(
      'A Nassau is 2 players or two sides of 2; this card has 3.',
    )
    expect(within(games).getByRole('alert')).toHaveTextContent(
      'A four-ball match needs 4 players; this card has 3.',
    )
    // Nothing lost: every choice and what was typed are still there.
    expect(skinsStake).toHaveValue('-1')
    expect(within(games).getByRole('checkbox', { name: 'Four-ball better ball' })).toBeChecked()
    expect(within(games).getByRole('radio', { name: 'Net' })).toBeChecked()

    await user.clear(skinsStake)
    await user.type(skinsStake, '2')
    await user.click(screen.getByRole('button', { name: 'Add a partner' }))
    const cat = screen.getByRole('group', { name: 'Partner 3' })
    await user.type(within(cat).getByRole('textbox', { name: 'Name' }), 'Cat')
    await user.type(within(cat).getByRole('textbox', { name: 'Index' }), '20.0')
    await user.selectOptions(
      within(games).getByRole('combobox', { name: 'Your partner in the sides' }),
      'Ben',
    )
    expect(within(games).getByTestId('side-games-sides')).toHaveTextContent(
      'You & Ben against Ann & Cat',
    )
    await user.click(within(games).getByRole('radio', { name: 'Money' }))
    await user.selectOptions(within(games).getByRole('combobox', { name: 'Currency' }), 'GBP')
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))

    expect(onStarted).toHaveBeenCalledTimes(1)
    const pounds = (amount: number) => ({ kind: 'money', amount, currency: 'GBP' })
    expect(readCard(USER)?.game?.sideGames).toEqual({
      version: 1,
      sides: [
        [0, 2],
        [1, 3],
      ],
      skins: { basis: 'net', carryOver: true, stake: pounds(2) },
      nassau: { pressAt: 2, stake: pounds(1) },
      fourBall: { stake: pounds(1) },
    })
  })

  it('refuses a Nassau on a nine, and starts a card without side games exactly as before', async () => {
    const { user, onStarted } = open()
    await user.click(screen.getByRole('button', { name: 'Start a round' }))
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Holes Played' }),
      'Front nine (holes 1–9)',
    )
    await user.type(screen.getByRole('textbox', { name: /Course Rating/ }), '35.5')
    await user.type(screen.getByRole('textbox', { name: /Slope Rating/ }), '125')
    await addPartners(user, ['Ann'])
    const games = screen.getByRole('group', { name: 'Side games' })
    const nassau = within(games).getByRole('checkbox', { name: 'Nassau (front, back, overall)' })
    await user.click(nassau)
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(onStarted).not.toHaveBeenCalled()
    expect(within(games).getByRole('alert')).toHaveTextContent(
      'A Nassau needs 18 holes; this card has 9.',
    )
    expect(nassau).toBeInvalid()

    await user.click(nassau)
    await user.click(screen.getByRole('button', { name: 'Start scoring' }))
    expect(onStarted).toHaveBeenCalledTimes(1)
    expect(readCard(USER)?.game).not.toHaveProperty('sideGames')
  })
})
