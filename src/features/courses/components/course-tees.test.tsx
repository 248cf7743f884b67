import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Tee } from '@/lib/tables/tees'
import { resetAllStores } from '@/stores/resets'
import { aCourse } from '@/testing/fixtures'
import { LAST_TEE } from '../lib/tee-messages'
import { useTeesStore } from '../stores/tees-table'
import { CourseTees } from './course-tees'

vi.mock('../stores/tees-table', async (importOriginal) => {
  const original = await importOriginal<typeof import('../stores/tees-table')>()
  return { ...original, addTeeOptimistically: vi.fn(), deleteTeeOptimistically: vi.fn() }
})

const course = aCourse({ name: 'Home Links', rating: 70, slope: 113, par: 72 })
const tee = (overrides: Partial<Tee>): Tee => ({
  id: course.id,
  courseId: course.id,
  name: 'Default',
  rating: 70,
  slope: 113,
  par: 72,
  holes: 18,
  holePars: null,
  strokeIndexes: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
})

afterEach(() => resetAllStores())

describe('a course’s tees', () => {
  it('shows the tee the database will make before the tees are known, and keeps the last one', () => {
    render(<CourseTees course={course} handicaps={{}} />)
    const [only] = screen.getAllByTestId('tee')
    expect(only).toHaveTextContent('Default18 holes, rating 70.0, slope 113, par 72')
    const remove = screen.getByRole('button', { name: 'Delete tee Default' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription(LAST_TEE)
  })

  it('lists each tee with its course handicap, and adds one through its dialog', async () => {
    const nine = tee({
      id: '01J0000000000000000000000Y',
      name: 'Yellow 9',
      rating: 35.3,
      slope: 121,
      par: 36,
      holes: 9,
      createdAt: '2026-11-23T10:00:00.000Z',
    })
    useTeesStore.getState().upsert(nine)
    useTeesStore.getState().upsert(tee({}))
    render(<CourseTees course={course} handicaps={{ [course.id]: '9', [nine.id]: '4' }} />)
    expect(screen.getAllByTestId('tee').map((item) => item.textContent)).toEqual([
      'Default18 holes, rating 70.0, slope 113, par 72; course handicap 9No hole data: scored as a total onlyEdit teeAdd holesDelete tee',
      'Yellow 99 holes, rating 35.3, slope 121, par 36; course handicap 4No hole data: scored as a total onlyEdit teeAdd holesDelete tee',
    ])
    expect(screen.getByRole('button', { name: 'Delete tee Default' })).toBeEnabled()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add a tee' }))
    const dialog = screen.getByRole('dialog', { name: 'Add Tee' })
    await user.type(within(dialog).getByLabelText('Tee Name'), 'White')
    await user.type(within(dialog).getByLabelText('Course Rating'), '71.2')
    await user.type(within(dialog).getByLabelText('Slope Rating'), '125')
    await user.click(within(dialog).getByRole('button', { name: 'Add Tee' }))
    const { addTeeOptimistically } = await import('../stores/tees-table')
    expect(addTeeOptimistically).toHaveBeenCalledWith({
      courseId: course.id,
      name: 'White',
      rating: 71.2,
      slope: 125,
      par: null,
      holes: 18,
      holePars: null,
      strokeIndexes: null,
    })
  })
})
