import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { USER_ID } from '@/testing/fixtures'
import { toCsv } from '../lib/csv'
import { ImportSection } from './import-section'

// A nine of par 36 scored hole by hole (5 4 3 6 5 4 4 5 6 = 42), and a round entered as a total,
// with the hole columns named as the database names them.
const FILE = toCsv([
  ['Date played', 'Course name', 'Course rating', 'Slope rating', 'Score', 'Tee', 'Holes'].concat([
    'hole_pars',
    'stroke_indexes',
    'hole_strokes',
    'hole_putts',
  ]),
  ['2026-03-01', 'Augusta', '35.0', '120', '42', 'Nine', '9'].concat([
    '4 4 3 5 4 4 3 5 4',
    '7 3 17 1 11 5 15 9 13',
    '5 4 3 6 5 4 4 5 6',
    '- 2 1 2 2 1 2 2 3',
  ]),
  ['2026-02-28', 'Augusta', '72.0', '120', '88', '', '18', '', '', '', ''],
])

describe('ImportSection', () => {
  it('says how many of the rounds come with their holes before anything is stored', async () => {
    const user = userEvent.setup()
    render(
      <ImportSection
        userId={USER_ID}
        recordOnDevice={() => ({
          courses: [{ id: 'c1', name: 'Augusta', rating: 72, slope: 120, par: null, tees: [] }],
          rounds: [],
        })}
        onImported={vi.fn()}
      />,
    )
    const file = new File([FILE], 'rounds.csv', { type: 'text/csv' })
    // jsdom's File has no arrayBuffer(); a browser's gives the file's bytes.
    const bytes = new TextEncoder().encode(FILE)
    Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.resolve(bytes.buffer) })
    await user.upload(screen.getByLabelText('CSV file of rounds, or JSON file of everything'), file)
    expect(await screen.findByRole('region', { name: 'Import preview' })).toHaveTextContent(
      '2 rounds will be added (1 scored hole by hole).',
    )
    expect(screen.getByRole('button', { name: 'Import 2 rounds' })).toBeEnabled()
  })
})
