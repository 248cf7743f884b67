import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Tee } from '@/lib/tables/tees'
import { TeeDialog } from './tee-dialog'

const COURSE = '01J00000000000000000000001'
// A scorecard worked by hand: out 4 4 3 5 4 4 3 5 4 = 36, in 4 5 3 4 4 5 3 4 4 = 36; 72.
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 5, 3, 4, 4, 5, 3, 4, 4]
// A bound for a busy 2-core machine, not a speed test.
const MANY_TAPS = 60_000
const INDEXES = [7, 3, 17, 1, 11, 5, 15, 9, 13, 8, 2, 16, 10, 6, 14, 18, 4, 12]

function renderDialog(props: { tee?: Tee; withHoles?: boolean } = {}) {
  const onSave = vi.fn()
  // jsdom's pointer-events check (a computed style per ancestor per tap) is the slow part here.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
  render(
    <TeeDialog
      courseId={COURSE}
      courseName="Home Links"
      onOpenChange={vi.fn()}
      onSave={onSave}
      {...props}
    />,
  )
  return { user, onSave, dialog: screen.getByRole('dialog') }
}

/** Waits by attribute: a role query over every drawn row is slow enough in jsdom to outlast its bound. */
async function allRowsDrawn(dialog: HTMLElement, holes: 9 | 18) {
  await waitFor(() =>
    expect(dialog.querySelector(`[aria-label="Hole ${holes} par"]`)).toBeInTheDocument(),
  )
}

const parOf = (dialog: HTMLElement, hole: number) =>
  within(dialog).getByRole('group', { name: `Hole ${hole} par` })

/** Found by attribute: a lookup by role or label computes every control's name, slow in jsdom. */
function indexOf(dialog: HTMLElement, hole: number): HTMLElement {
  const button = dialog.querySelector<HTMLElement>(
    `button[aria-label^="Hole ${hole} stroke index:"]`,
  )
  if (!button) throw new Error(`no stroke index button for hole ${hole}`)
  return button
}

function pickerOf(dialog: HTMLElement, hole: number): HTMLElement {
  const button = indexOf(dialog, hole)
  expect(button).toHaveAttribute('aria-expanded', 'true')
  const picker = document.getElementById(button.getAttribute('aria-controls') ?? '')
  expect(picker).toHaveAccessibleName(`Hole ${hole} stroke index choices`)
  return picker as HTMLElement
}

const choicesOf = (dialog: HTMLElement, hole: number) =>
  within(pickerOf(dialog, hole))
    .getAllByRole('button')
    .map((button) => button.textContent)

async function pickIndex(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  hole: number,
  index: number,
) {
  await user.click(indexOf(dialog, hole))
  await user.click(within(pickerOf(dialog, hole)).getByRole('button', { name: String(index) }))
}

describe('a tee’s holes on the grid', () => {
  it(
    'builds an 18-hole tee by taps alone, with the par totals following the holes',
    async () => {
      const { user, onSave, dialog } = renderDialog()
      await user.type(within(dialog).getByLabelText('Tee Name'), 'White')
      await user.type(within(dialog).getByLabelText('Course Rating'), '71.2')
      await user.type(within(dialog).getByLabelText('Slope Rating'), '125')
      await user.click(
        within(dialog).getByRole('checkbox', { name: "Each hole's par and stroke index" }),
      )
      await allRowsDrawn(dialog, 18)

      // Every hole starts at par 4: 36 out, 36 in, 72 in all.
      expect(within(parOf(dialog, 7)).getByRole('radio', { name: '4' })).toBeChecked()
      expect(within(dialog).getByTestId('par-out')).toHaveTextContent('Par 36')
      const par = within(dialog).getByLabelText('Par')
      expect(par).toHaveValue('72')
      expect(par).toHaveAttribute('readonly')

      for (const [at, holePar] of PARS.entries()) {
        if (holePar !== 4)
          await user.click(
            within(parOf(dialog, at + 1)).getByRole('radio', { name: String(holePar) }),
          )
        await pickIndex(user, dialog, at + 1, INDEXES[at] as number)
        expect(document.activeElement).toHaveAccessibleName(
          `Hole ${at + 1} stroke index: ${INDEXES[at]}`,
        )
      }
      expect(within(dialog).getByTestId('par-out')).toHaveTextContent('Par 36')
      expect(within(dialog).getByTestId('par-in')).toHaveTextContent('Par 36')
      expect(par).toHaveValue('72')
      await user.click(indexOf(dialog, 18))
      expect(choicesOf(dialog, 18)).toEqual(['12', 'Clear'])
      await user.click(indexOf(dialog, 17))
      expect(
        within(dialog).queryByRole('group', { name: 'Hole 18 stroke index choices' }),
      ).not.toBeInTheDocument()
      expect(choicesOf(dialog, 17)).toEqual(['4', 'Clear'])
      await user.click(indexOf(dialog, 17))

      // One more 5 (hole 1) makes 73.
      await user.click(within(parOf(dialog, 1)).getByRole('radio', { name: '5' }))
      expect(within(dialog).getByTestId('par-out')).toHaveTextContent('Par 37')
      expect(par).toHaveValue('73')
      await user.click(within(parOf(dialog, 1)).getByRole('radio', { name: '4' }))

      await user.click(within(dialog).getByRole('button', { name: 'Add Tee' }))
      expect(onSave).toHaveBeenCalledWith({
        courseId: COURSE,
        name: 'White',
        rating: 71.2,
        slope: 125,
        par: 72,
        holes: 18,
        holePars: PARS,
        strokeIndexes: INDEXES,
      })
    },
    MANY_TAPS,
  )

  it(
    'marks each hole left without a stroke index on the hole, and keeps everything chosen',
    async () => {
      const { user, onSave, dialog } = renderDialog({ withHoles: true })
      await user.type(within(dialog).getByLabelText('Tee Name'), 'Yellow 9')
      await user.selectOptions(within(dialog).getByLabelText('Holes'), '9')
      await user.type(within(dialog).getByLabelText('Course Rating'), '35.3')
      await user.type(within(dialog).getByLabelText('Slope Rating'), '121')
      await allRowsDrawn(dialog, 9)
      expect(within(dialog).queryByRole('group', { name: 'Hole 10 par' })).not.toBeInTheDocument()
      await user.click(within(parOf(dialog, 3)).getByRole('radio', { name: '3' }))
      for (const hole of [1, 2, 3, 4, 5, 6, 8, 9]) await pickIndex(user, dialog, hole, hole * 2 - 1)
      await user.click(within(dialog).getByRole('button', { name: 'Add Tee' }))
      expect(onSave).not.toHaveBeenCalled()
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Check hole 7: each is marked below.',
      )
      const seventh = indexOf(dialog, 7)
      expect(seventh).toHaveAccessibleName('Hole 7 stroke index: none')
      expect(seventh).toHaveAttribute('aria-invalid', 'true')
      expect(seventh).toHaveAccessibleDescription(
        "Choose hole 7's stroke index, or clear every hole's.",
      )
      expect(indexOf(dialog, 6)).not.toHaveAttribute('aria-invalid')
      expect(within(dialog).getByLabelText('Tee Name')).toHaveValue('Yellow 9')
      expect(within(parOf(dialog, 3)).getByRole('radio', { name: '3' })).toBeChecked()
      expect(indexOf(dialog, 9)).toHaveAccessibleName('Hole 9 stroke index: 17')
      // 8 × 4 + 3 = 35.
      expect(within(dialog).getByLabelText('Par')).toHaveValue('35')

      // A nine's free indexes: the 18 less the eight chosen.
      await user.click(seventh)
      expect(choicesOf(dialog, 7)).toEqual(['2', '4', '6', '8', '10', '12', '13', '14', '16', '18'])
      await user.click(within(pickerOf(dialog, 7)).getByRole('button', { name: '13' }))
      await user.click(within(dialog).getByRole('button', { name: 'Add Tee' }))
      expect(onSave).toHaveBeenCalledWith({
        courseId: COURSE,
        name: 'Yellow 9',
        rating: 35.3,
        slope: 121,
        par: 35,
        holes: 9,
        holePars: [4, 4, 3, 4, 4, 4, 4, 4, 4],
        strokeIndexes: [1, 3, 5, 7, 9, 11, 13, 15, 17],
      })
    },
    MANY_TAPS,
  )

  it('opens a tee with its holes on the grid, and saves it without them when the grid is off', async () => {
    const tee: Tee = {
      id: COURSE,
      courseId: COURSE,
      name: 'White',
      rating: 71.2,
      slope: 125,
      par: 72,
      holes: 18,
      holePars: PARS,
      strokeIndexes: INDEXES,
      createdAt: '2026-11-22T10:00:00.000Z',
    }
    const { user, onSave, dialog } = renderDialog({ tee })
    expect(parOf(dialog, 1)).toBeInTheDocument()
    expect(within(dialog).queryByRole('group', { name: 'Hole 18 par' })).not.toBeInTheDocument()
    await allRowsDrawn(dialog, 18)
    expect(within(parOf(dialog, 4)).getByRole('radio', { name: '5' })).toBeChecked()
    expect(indexOf(dialog, 4)).toHaveAccessibleName('Hole 4 stroke index: 1')
    await user.click(indexOf(dialog, 4))
    await user.click(within(pickerOf(dialog, 4)).getByRole('button', { name: 'Clear' }))
    expect(indexOf(dialog, 4)).toHaveAccessibleName('Hole 4 stroke index: none')
    await pickIndex(user, dialog, 4, 1)
    await user.click(
      within(dialog).getByRole('checkbox', { name: "Each hole's par and stroke index" }),
    )
    expect(within(dialog).queryByRole('group', { name: 'Hole 4 par' })).not.toBeInTheDocument()
    const par = within(dialog).getByLabelText('Par')
    expect(par).toHaveValue('72')
    await user.clear(par)
    await user.type(par, '71')
    await user.click(within(dialog).getByRole('button', { name: 'Save Tee' }))
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ par: 71, holePars: null, strokeIndexes: null }),
    )
  })
})
