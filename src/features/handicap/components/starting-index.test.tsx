import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { STARTING_INDEX_INVALID } from '../lib/starting-index'
import { useHandicapSettingsStore } from '../stores/handicap-settings-store'
import { StartingIndexForm, startingIndexLine } from './starting-index'

afterEach(() => useHandicapSettingsStore.getState().reset())

describe('startingIndexLine', () => {
  it('says where the index comes from and until when it is used, a plus index with +', () => {
    expect(startingIndexLine(12.4, false)).toBe(
      'Starting index 12.4 (from your federation), used until HCPFast has 3 rounds',
    )
    expect(startingIndexLine(-1.2, true)).toBe(
      'Starting index +1.2 (from your federation): no longer used, HCPFast has an index of its own',
    )
    expect(startingIndexLine(null, false)).toBeNull()
  })
})

describe('StartingIndexForm', () => {
  it('refuses an index outside the bounds with a clear message and keeps what was typed', async () => {
    const user = userEvent.setup()
    render(<StartingIndexForm userId="golfer" />)
    const field = screen.getByRole('textbox', { name: 'Starting index' })
    await user.type(field, '54.3')
    await user.click(screen.getByRole('button', { name: 'Save starting index' }))
    expect(screen.getByRole('alert')).toHaveTextContent(STARTING_INDEX_INVALID)
    expect(field).toHaveValue('54.3')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    // Nothing was shown as stored.
    expect(useHandicapSettingsStore.getState().byId).toEqual({})
    expect(screen.queryByRole('button', { name: 'Remove starting index' })).toBeNull()
  })
})
