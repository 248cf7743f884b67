import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { NOT_NUMBERS } from '@/testing/hostile-values'
import { ADD_COURSE_INVALID } from '../lib/course-messages'
import { AddCourseDialog } from './add-course-dialog'

function openDialog() {
  const onAdd = vi.fn()
  const onOpenChange = vi.fn()
  const user = userEvent.setup()
  render(<AddCourseDialog open onOpenChange={onOpenChange} onAdd={onAdd} />)
  const dialog = screen.getByRole('dialog', { name: 'Add Course' })
  return { user, dialog, onAdd, onOpenChange }
}

async function submit(name: string, rating: string, slope: string) {
  const view = openDialog()
  const { user, dialog } = view
  for (const [label, value] of [
    ['Course Name', name],
    ['Course Rating', rating],
    ['Slope Rating', slope],
  ] as const) {
    if (!value) continue
    await user.click(within(dialog).getByLabelText(label))
    await user.paste(value)
  }
  await user.click(within(dialog).getByRole('button', { name: 'Add Course' }))
  return view
}

async function expectRefused(view: Awaited<ReturnType<typeof submit>>, typed: string[]) {
  expect(within(view.dialog).getByRole('alert')).toHaveTextContent(ADD_COURSE_INVALID)
  expect(view.onAdd).not.toHaveBeenCalled()
  expect(view.onOpenChange).not.toHaveBeenCalled()
  const [name, rating, slope] = typed
  expect(within(view.dialog).getByLabelText('Course Name')).toHaveValue(name)
  expect(within(view.dialog).getByLabelText('Course Rating')).toHaveValue(rating)
  expect(within(view.dialog).getByLabelText('Slope Rating')).toHaveValue(slope)
}

describe('Add Course dialog', () => {
  it('has the three labelled text fields and the two buttons, with focus inside once drawn', async () => {
    const { dialog } = openDialog()
    // Focus moves in after the frame that draws the dialog, not in the task that opens it.
    expect(dialog).not.toContainElement(document.activeElement as HTMLElement)
    await waitFor(() => expect(within(dialog).getByLabelText('Course Name')).toHaveFocus())
    expect(within(dialog).getByLabelText('Course Rating')).toHaveAttribute('inputmode', 'decimal')
    expect(within(dialog).getByLabelText('Slope Rating')).toHaveAttribute('inputmode', 'numeric')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Add Course' })).toBeInTheDocument()
  })

  it('adds a valid course, trimmed and as numbers, and closes', async () => {
    const { onAdd, onOpenChange } = await submit('  Pebble Beach ', '75.5', '145')
    expect(onAdd).toHaveBeenCalledWith({ name: 'Pebble Beach', rating: 75.5, slope: 145 })
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it.each(NOT_NUMBERS)(
    'refuses a course rating that is %s, keeping what was typed',
    async (_, rating) => {
      await expectRefused(await submit('Links', rating, '120'), ['Links', rating, '120'])
    },
  )

  it.each(NOT_NUMBERS)(
    'refuses a slope rating that is %s, keeping what was typed',
    async (_, slope) => {
      await expectRefused(await submit('Links', '72.1', slope), ['Links', '72.1', slope])
    },
  )

  it.each([
    ['a negative rating', '-72.1', '120'],
    ['a rating below 20.0', '19.9', '120'],
    ['a rating above 90.0', '90.1', '120'],
    ['a rating with two decimals', '72.15', '120'],
    ['a slope below 55', '72.1', '54'],
    ['a slope above 155', '72.1', '156'],
    ['a decimal slope', '72.1', '120.5'],
    ['a negative slope', '72.1', '-120'],
  ])('refuses %s', async (_, rating, slope) => {
    await expectRefused(await submit('Links', rating, slope), ['Links', rating, slope])
  })

  it('refuses a blank name', async () => {
    await expectRefused(await submit('   ', '72.1', '120'), ['   ', '72.1', '120'])
  })

  it.each([101, 10_000])('refuses a name of %i characters', async (length) => {
    const name = 'x'.repeat(length)
    await expectRefused(await submit(name, '72.1', '120'), [name, '72.1', '120'])
  })

  it.each([
    ['markup', '<img src=x onerror=alert(1)>'],
    ['an SQL fragment', "Links'); drop table courses; --"],
    ['right-to-left text', 'גבעת שמואל'],
    ['emoji', '⛳ Par 3 🏌️'],
  ])('accepts %s in a name, as the literal text', async (_, name) => {
    const { onAdd } = await submit(name, '70.0', '113')
    expect(onAdd).toHaveBeenCalledWith({ name, rating: 70, slope: 113 })
  })

  it('moves focus to OK with the alert and back to Add Course after it', async () => {
    const { user, dialog } = await submit('Links', 'abc', '120')
    const ok = within(dialog).getByRole('button', { name: 'OK' })
    expect(ok).toHaveFocus()
    await user.click(ok)
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Add Course' })).toHaveFocus()
  })

  it('closes on Cancel without adding', async () => {
    const { user, dialog, onAdd, onOpenChange } = openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(onAdd).not.toHaveBeenCalled()
  })
})
