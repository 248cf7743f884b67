import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { holeScoresOf } from '@/testing/fixtures'
import { NOT_NUMBERS } from '@/testing/hostile-values'
import { localToday } from '../lib/played-on'
import { ADD_ROUND_INVALID, PLAYED_ON_IN_FUTURE } from '../lib/round-messages'
import type { CourseChoice, RoundInput } from '../types'
import { AddRoundDialog, EditRoundDialog, type RoundFormValues } from './add-round-dialog'

const AUGUSTA: CourseChoice = {
  id: '01J00000000000000000000001',
  name: 'Augusta',
  rating: 76.2,
  slope: 148,
}
const PEBBLE: CourseChoice = {
  id: '01J00000000000000000000002',
  name: 'Pebble Beach',
  rating: 75.5,
  slope: 145,
}

function openDialog(courses: CourseChoice[]) {
  const onAdd = vi.fn()
  const onOpenChange = vi.fn()
  const user = userEvent.setup()
  render(<AddRoundDialog open onOpenChange={onOpenChange} onAdd={onAdd} courses={courses} />)
  const dialog = screen.getByRole('dialog', { name: 'Add Round' })
  return { user, dialog, onAdd, onOpenChange }
}

/** The Edit Round dialog open on a round's values. */
function openEdit(courses: CourseChoice[], initial: RoundFormValues) {
  const onSave = vi.fn()
  const user = userEvent.setup()
  render(
    <EditRoundDialog
      open
      onOpenChange={vi.fn()}
      onSave={onSave}
      courses={courses}
      initial={initial}
    />,
  )
  return { user, onSave, dialog: screen.getByRole('dialog', { name: 'Edit Round' }) }
}

/** The input the dialog hands on, with the fields a test does not set at their defaults. */
function typedRound(
  changes: Partial<RoundInput> & Pick<RoundInput, 'courseId' | 'score'>,
): RoundInput {
  return { teeId: null, nine: null, holeScores: null, playedOn: localToday(), ...changes }
}

async function enterScore(view: ReturnType<typeof openDialog>, score: string) {
  if (score) {
    await view.user.click(within(view.dialog).getByLabelText('Gross Score'))
    await view.user.paste(score)
  }
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Round' }))
}

describe('Add Round dialog', () => {
  it('offers the golfer’s courses in a Course Name dropdown', () => {
    const { dialog } = openDialog([AUGUSTA, PEBBLE])
    const select = within(dialog).getByLabelText('Course Name')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a course', 'Augusta', 'Pebble Beach'])
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
  })

  it('chooses the only course automatically', async () => {
    const view = openDialog([AUGUSTA])
    expect(within(view.dialog).getByLabelText('Course Name')).toHaveValue(AUGUSTA.id)
    await enterScore(view, '88')
    expect(view.onAdd).toHaveBeenCalledWith(
      typedRound({ courseId: AUGUSTA.id, score: 88 }),
      AUGUSTA,
    )
    expect(view.onOpenChange).toHaveBeenCalledWith(false)
  })

  it('adds the round on the chosen course', async () => {
    const view = openDialog([AUGUSTA, PEBBLE])
    await view.user.selectOptions(within(view.dialog).getByLabelText('Course Name'), 'Pebble Beach')
    await enterScore(view, '91')
    expect(view.onAdd).toHaveBeenCalledWith(typedRound({ courseId: PEBBLE.id, score: 91 }), PEBBLE)
  })

  it('shows the add-round alert when no course is chosen among several', async () => {
    const view = openDialog([AUGUSTA, PEBBLE])
    await enterScore(view, '88')
    expect(within(view.dialog).getByRole('alert')).toHaveTextContent(ADD_ROUND_INVALID)
    expect(view.onAdd).not.toHaveBeenCalled()
    expect(within(view.dialog).getByLabelText('Gross Score')).toHaveValue('88')
  })

  it.each([
    ...NOT_NUMBERS,
    ['negative', '-88'],
    ['a decimal', '72.5'],
    ['below 18', '17'],
    ['above 200', '201'],
  ])('refuses a score that is %s, keeping what was typed', async (_, score) => {
    const view = openDialog([AUGUSTA])
    await enterScore(view, score)
    expect(within(view.dialog).getByRole('alert')).toHaveTextContent(ADD_ROUND_INVALID)
    expect(view.onAdd).not.toHaveBeenCalled()
    expect(view.onOpenChange).not.toHaveBeenCalled()
    expect(within(view.dialog).getByLabelText('Gross Score')).toHaveValue(score)
  })

  it.each([18, 200])('accepts the bound %i', async (score) => {
    const view = openDialog([AUGUSTA])
    await enterScore(view, String(score))
    expect(view.onAdd).toHaveBeenCalledWith(typedRound({ courseId: AUGUSTA.id, score }), AUGUSTA)
  })
})

describe('the day played and the course used last', () => {
  it('defaults to today and refuses a day in the future with a clear message', async () => {
    const view = openDialog([AUGUSTA])
    const date = within(view.dialog).getByLabelText('Date Played')
    expect(date).toHaveValue(localToday())
    await view.user.clear(date)
    await view.user.type(date, '2999-01-01')
    await enterScore(view, '88')
    expect(within(view.dialog).getByRole('alert')).toHaveTextContent(PLAYED_ON_IN_FUTURE)
    expect(view.onAdd).not.toHaveBeenCalled()
  })

  it('adds a round dated last season', async () => {
    const view = openDialog([AUGUSTA])
    const date = within(view.dialog).getByLabelText('Date Played')
    await view.user.clear(date)
    await view.user.type(date, '2025-09-14')
    await enterScore(view, '88')
    expect(view.onAdd).toHaveBeenCalledWith(
      typedRound({ courseId: AUGUSTA.id, score: 88, playedOn: '2025-09-14' }),
      AUGUSTA,
    )
  })

  it('preselects the course used last', () => {
    render(
      <AddRoundDialog
        open
        onOpenChange={vi.fn()}
        onAdd={vi.fn()}
        courses={[AUGUSTA, PEBBLE]}
        initial={{ courseId: PEBBLE.id }}
      />,
    )
    expect(screen.getByLabelText('Course Name')).toHaveValue(PEBBLE.id)
  })

  it('Edit Round is prefilled with the round and saves the changes', async () => {
    const { user, onSave, dialog } = openEdit([AUGUSTA, PEBBLE], {
      courseId: AUGUSTA.id,
      teeId: null,
      nine: null,
      score: 88,
      playedOn: '2025-06-01',
    })
    expect(within(dialog).getByLabelText('Course Name')).toHaveValue(AUGUSTA.id)
    expect(within(dialog).getByLabelText('Date Played')).toHaveValue('2025-06-01')
    const score = within(dialog).getByLabelText('Gross Score')
    expect(score).toHaveValue('88')
    await user.clear(score)
    await user.type(score, '98')
    await user.click(within(dialog).getByRole('button', { name: 'Save Round' }))
    expect(onSave).toHaveBeenCalledWith(
      typedRound({ courseId: AUGUSTA.id, score: 98, playedOn: '2025-06-01' }),
      AUGUSTA,
    )
  })
})

describe('tees and nines', () => {
  const WHITE = {
    id: '01J0000000000000000000000W',
    name: 'White',
    rating: 72.1,
    slope: 130,
    par: 72,
    holes: 18 as const,
    holePars: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
    strokeIndexes: null,
  }
  const YELLOW_9 = {
    id: '01J0000000000000000000000Y',
    name: 'Yellow 9',
    rating: 35.3,
    slope: 121,
    par: 36,
    holes: 9 as const,
    holePars: null,
    strokeIndexes: null,
  }
  const WITH_TEES: CourseChoice = { ...AUGUSTA, tees: [WHITE, YELLOW_9] }

  it('sends no tee while the course’s tees are not known: the database takes the first', async () => {
    const view = openDialog([
      { ...WITH_TEES, tees: [{ ...WHITE, holePars: null }], teesKnown: false },
    ])
    expect(within(view.dialog).getByLabelText('Tee')).toHaveValue(WHITE.id)
    // No hole pars: no nines of this tee are offered.
    expect(within(view.dialog).queryByLabelText('Holes Played')).toBeNull()
    await enterScore(view, '88')
    expect(view.onAdd).toHaveBeenCalledWith(
      typedRound({ courseId: AUGUSTA.id, score: 88 }),
      expect.objectContaining({ id: AUGUSTA.id }),
    )
  })

  it('plays from the course’s first tee unless another is picked', async () => {
    const view = openDialog([WITH_TEES])
    expect(within(view.dialog).getByLabelText('Tee')).toHaveValue(WHITE.id)
    await enterScore(view, '88')
    expect(view.onAdd).toHaveBeenCalledWith(
      typedRound({ courseId: AUGUSTA.id, teeId: WHITE.id, score: 88 }),
      WITH_TEES,
    )
  })

  it('takes a nine from a 9-hole tee, held to a nine’s score, keeping what was typed', async () => {
    const view = openDialog([WITH_TEES])
    await view.user.selectOptions(within(view.dialog).getByLabelText('Tee'), 'Yellow 9 (9 holes)')
    expect(within(view.dialog).getByTestId('nines-note')).toHaveTextContent(
      'Nines count in pairs (the WHS 2020 method)',
    )
    await enterScore(view, '101')
    expect(within(view.dialog).getByRole('alert')).toHaveTextContent(
      'The gross score of a nine must be a whole number from 9 to 100.',
    )
    expect(within(view.dialog).getByLabelText('Gross Score')).toHaveValue('101')
    await view.user.clear(within(view.dialog).getByLabelText('Gross Score'))
    await enterScore(view, '41')
    expect(view.onAdd).toHaveBeenCalledWith(
      typedRound({ courseId: AUGUSTA.id, teeId: YELLOW_9.id, score: 41 }),
      WITH_TEES,
    )
  })

  it('adds the back nine of an 18-hole tee in one step, with its rating and slope', async () => {
    const view = openDialog([WITH_TEES])
    await view.user.selectOptions(
      within(view.dialog).getByLabelText('Holes Played'),
      'Back nine (holes 10–18)',
    )
    await view.user.type(within(view.dialog).getByLabelText("Nine's Course Rating"), '46.0')
    await view.user.type(within(view.dialog).getByLabelText("Nine's Slope Rating"), '125')
    await enterScore(view, '44')
    expect(within(view.dialog).getByRole('alert')).toHaveTextContent(
      "The nine's course rating must be 10.0 to 45.0 for 9 holes, with at most one decimal.",
    )
    expect(view.onAdd).not.toHaveBeenCalled()
    await view.user.clear(within(view.dialog).getByLabelText("Nine's Course Rating"))
    await view.user.type(within(view.dialog).getByLabelText("Nine's Course Rating"), '36.2')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Round' }))
    expect(view.onAdd).toHaveBeenCalledWith(
      typedRound({
        courseId: AUGUSTA.id,
        teeId: WHITE.id,
        nine: { side: 'back', rating: 36.2, slope: 125 },
        score: 44,
      }),
      WITH_TEES,
    )
  })

  it('edits a round whose tee was deleted without moving it, until a tee is picked', async () => {
    const { user, onSave, dialog } = openEdit([WITH_TEES], {
      courseId: AUGUSTA.id,
      teeId: null,
      nine: null,
      score: 88,
      playedOn: '2025-06-01',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Save Round' }))
    expect(onSave).toHaveBeenLastCalledWith(
      typedRound({ courseId: AUGUSTA.id, score: 88, playedOn: '2025-06-01' }),
      WITH_TEES,
    )
    await user.selectOptions(within(dialog).getByLabelText('Tee'), 'Yellow 9 (9 holes)')
    await user.click(within(dialog).getByRole('button', { name: 'Save Round' }))
    expect(onSave).toHaveBeenLastCalledWith(
      typedRound({ courseId: AUGUSTA.id, teeId: YELLOW_9.id, score: 88, playedOn: '2025-06-01' }),
      WITH_TEES,
    )
  })
  describe('a round scored hole by hole', () => {
    // A back nine from White: 5 + 4 + 6 + 4 + 5 + 3 + 4 + 5 + 6 = 42.
    const holeScores = holeScoresOf([5, 4, 6, 4, 5, 3, 4, 5, 6])
    const initial = {
      courseId: AUGUSTA.id,
      teeId: WHITE.id,
      nine: 'back' as const,
      courseRating: 36.2,
      slopeRating: 125,
      score: 42,
      holeScores,
      playedOn: '2025-06-01',
    }

    const openCard = (courses: CourseChoice[] = [WITH_TEES, PEBBLE]) => openEdit(courses, initial)

    it('keeps its course, tee, nine and score fixed, and says why', () => {
      const { dialog } = openCard()
      const why =
        'Scored hole by hole: the round stays on the course, tee and holes it was played on.'
      for (const label of ['Course Name', 'Tee', 'Holes Played']) {
        const select = within(dialog).getByLabelText(label)
        expect(select).toBeDisabled()
        expect(select).toHaveAccessibleDescription(why)
      }
      expect(within(dialog).getByLabelText('Course Name')).toHaveValue(AUGUSTA.id)
      expect(within(dialog).getByLabelText('Holes Played')).toHaveValue('back')
      expect(within(dialog).getByLabelText("Nine's Course Rating")).toHaveAttribute('readonly')
      const score = within(dialog).getByLabelText('Gross Score')
      expect(score).toHaveValue('42')
      expect(score).toHaveAttribute('readonly')
      expect(score).toHaveAccessibleDescription(
        'The sum of the 9 holes on the card, so it is not typed here',
      )
    })

    it('moves it to another day with its holes', async () => {
      const { user, onSave, dialog } = openCard()
      const date = within(dialog).getByLabelText('Date Played')
      await user.clear(date)
      await user.type(date, '2025-06-02')
      await user.click(within(dialog).getByRole('button', { name: 'Save Round' }))
      expect(onSave).toHaveBeenCalledWith(
        {
          courseId: AUGUSTA.id,
          teeId: WHITE.id,
          nine: { side: 'back', rating: 36.2, slope: 125 },
          score: 42,
          holeScores,
          playedOn: '2025-06-02',
        },
        WITH_TEES,
      )
    })

    it('refuses a day in the future as any round does', async () => {
      const { user, onSave, dialog } = openCard()
      const date = within(dialog).getByLabelText('Date Played')
      await user.clear(date)
      await user.type(date, '2999-01-01')
      await user.click(within(dialog).getByRole('button', { name: 'Save Round' }))
      expect(within(dialog).getByRole('alert')).toHaveTextContent(PLAYED_ON_IN_FUTURE)
      expect(onSave).not.toHaveBeenCalled()
    })

    it('says its course is gone rather than moving it to another', async () => {
      const { user, onSave, dialog } = openCard([PEBBLE])
      await user.click(within(dialog).getByRole('button', { name: 'Save Round' }))
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        "Couldn't save the round: its course is no longer in your courses.",
      )
      expect(onSave).not.toHaveBeenCalled()
    })
  })
})
