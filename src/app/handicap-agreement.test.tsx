import { render, screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { useHandicapSettingsStore } from '@/features/handicap/stores/handicap-settings-store'
import { partingRecord, PLAIN_TEE } from '@/features/handicap/testing'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { writeCard } from '@/features/scorecard/lib/card'
import { aCard, CARD_ID, hole } from '@/features/scorecard/testing'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { aCourse, aRound, nextId, USER_ID } from '@/testing/fixtures'
import { PlayScreen } from './play/play-screen'
import { HcpScreen } from './signed-in/hcp-screen'

/** /play and the HCP screen read one store. `partingRecord` (figures worked there): on the 5th the
 * estimate is 5.0 and HCP 7.0; after the 6th 4.0 and 5.0 (5.0 if the card were capped off HCP). */
const course = aCourse({ name: 'Plain', rating: PLAIN_TEE.rating, slope: PLAIN_TEE.slope, par: 72 })

beforeEach(() => {
  useSessionStore.getState().signIn({ id: USER_ID, email: 'golfer@example.test' })
  useCoursesStore.getState().hydrate([course])
  useRoundsStore.getState().hydrate(
    partingRecord(nextId).map((round) =>
      aRound(course, round.score, {
        id: round.id,
        playedOn: round.playedOn,
        holePars: round.holePars ? [...round.holePars] : null,
        strokeIndexes: round.strokeIndexes ? [...round.strokeIndexes] : null,
        holeScores: round.holeScores?.map(({ strokes }) => hole(strokes)) ?? null,
      }),
    ),
  )
  useHandicapSettingsStore
    .getState()
    .hydrate([{ id: USER_ID, courseHandicapSource: 'whs', startingIndex: null }])
})

function playCard(day: string, hole: number) {
  writeCard(
    USER_ID,
    aCard({
      courseId: course.id,
      courseName: course.name,
      nine: null,
      rating: PLAIN_TEE.rating,
      slope: PLAIN_TEE.slope,
      holePars: PLAIN_TEE.holePars,
      strokeIndexes: PLAIN_TEE.strokeIndexes,
      firstHole: 1,
      playedOn: day,
      scores: PLAIN_TEE.holePars.map(() => null),
      at: hole - 1,
    }),
  )
  const user = userEvent.setup()
  render(
    <MemoryRouter initialEntries={[`/play/${CARD_ID}`]}>
      <Routes>
        <Route path="/play/:roundId" element={<PlayScreen />} />
      </Routes>
    </MemoryRouter>,
  )
  return { user }
}

const received = () => screen.getByTestId('strokes-received')

/** Next, to the following hole (found by its text: role queries over the card are slow in jsdom). */
const next = () => screen.getByText('Next', { selector: 'button' })

/** The card, opened on hole `last`, gives that hole a stroke and the next one none. */
async function expectLastStrokeOn(user: UserEvent, last: number) {
  expect(await screen.findByText(`Hole ${last}`, { selector: 'h1' })).toBeInTheDocument()
  expect(received()).toHaveTextContent('1')
  await user.click(next())
  expect(screen.getByText(`Hole ${last + 1}`, { selector: 'h1' })).toBeInTheDocument()
  expect(received()).toHaveTextContent('0')
}

describe('/play and the HCP screen, for a WHS golfer with earlier cards', () => {
  it('/play gives a card on the day of the earlier card the estimate of the day before, 5.0', async () => {
    // HCP was 7.0 then: holes 6 and 7 would receive a stroke.
    const { user } = playCard('2026-11-05', 5)
    // Strokes on holes 1 to 5 and none on 6: a course handicap of 5 on this tee.
    await expectLastStrokeOn(user, 5)
  })

  it('/play gives a card after the record the estimate now, 4.0', async () => {
    // HCP is 5.0; capping the earlier card off HCP would make the estimate 5.0 too.
    const { user } = playCard('2026-11-07', 4)
    await expectLastStrokeOn(user, 4)
  })

  it('/play names that course handicap, 4, on the summary', async () => {
    playCard('2026-11-07', 19)
    const handicap = await screen.findByText('Course handicap', { selector: 'dt' })
    expect(handicap.nextElementSibling).toHaveTextContent(/^4$/)
  })

  it('the HCP screen shows the same estimate now, and the earlier card capped off 5', async () => {
    const user = userEvent.setup()
    render(
      <MemoryRouter initialEntries={['/hcp']}>
        <HcpScreen />
      </MemoryRouter>,
    )
    const display = await screen.findByTestId('handicap-display')
    expect(within(display).getByText('5.0')).toBeInTheDocument()
    expect(within(display).getByTestId('whs-estimate')).toHaveTextContent('WHS estimate 4.0')
    // The rounds are drawn with the stats panel, whose code comes a moment after the headline.
    await user.click(await screen.findByRole('button', { name: /^Score 82, Plain, 5 Nov 2026/ }))
    expect(screen.getByTestId('card-summary')).toHaveTextContent(
      'Gross 82 · adjusted 76 · holes 6 and 7 capped at net double bogey',
    )
    expect(
      screen.getByText(
        'Course handicap 5 on the day played: each hole counts at most par + 2 + the strokes received on it.',
      ),
    ).toBeInTheDocument()
  })
})
