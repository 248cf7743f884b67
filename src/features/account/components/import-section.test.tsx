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

  it('shows a whole JSON file’s tees and settings before anything is stored, and each problem where it is', async () => {
    const user = userEvent.setup()
    render(
      <ImportSection
        userId={USER_ID}
        recordOnDevice={() => ({ courses: [], rounds: [] })}
        onImported={vi.fn()}
      />,
    )
    const choose = async (text: string) => {
      const file = new File([text], 'hcpfast-export.json', { type: 'application/json' })
      const bytes = new TextEncoder().encode(text)
      Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.resolve(bytes.buffer) })
      await user.upload(
        screen.getByLabelText('CSV file of rounds, or JSON file of everything'),
        file,
      )
    }
    const course = {
      name: 'Heath',
      rating: 71,
      slope: 128,
      par: 71,
      tees: [
        { name: 'White', rating: 71, slope: 128, par: 71, holes: 18 },
        { name: 'Short', rating: 33.5, slope: 112, par: null, holes: 9 },
      ],
    }
    const file = (settings: unknown) =>
      JSON.stringify({
        format: 'hcpfast-export',
        version: 2,
        courses: [course],
        rounds: [],
        settings,
      })
    await choose(file({ courseHandicapSource: 'whs', startingIndex: -2.5 }))
    const preview = await screen.findByRole('region', { name: 'Import preview' })
    expect(preview).toHaveTextContent('0 rounds will be added, with 1 new course: Heath.')
    expect(preview).toHaveTextContent(
      '2 tees will be added (0 with hole pars): Heath: White, Short.',
    )
    expect(preview).toHaveTextContent(
      'Your settings will become: course handicaps from the WHS estimate; starting index +2.5.',
    )
    expect(screen.getByRole('button', { name: 'Import 0 rounds and 2 tees' })).toBeEnabled()

    await choose(file({ courseHandicapSource: 'whs', startingIndex: 60 }))
    expect(await screen.findByRole('list', { name: 'Lines with problems' })).toHaveTextContent(
      'Settings: The starting index must be from -10.0 to 54.0 (a plus index is negative), in tenths, not 60',
    )
    expect(screen.getByRole('button', { name: 'Import 0 rounds and 2 tees' })).toBeDisabled()
  })
})
