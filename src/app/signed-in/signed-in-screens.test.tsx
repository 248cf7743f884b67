import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signOut } from '@/features/auth/api/sign-out'
import { SIGN_OUT_FAILED } from '@/features/auth/lib/auth-messages'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { addCourse } from '@/features/courses/api/add-course'
import { deleteCourse } from '@/features/courses/api/delete-course'
import { listCourses } from '@/features/courses/api/list-courses'
import { listTees } from '@/features/courses/api/tees'
import {
  ADD_COURSE_INVALID,
  ADD_COURSE_UNAVAILABLE,
  DELETE_COURSE_UNAVAILABLE,
} from '@/features/courses/lib/course-messages'
import { listHandicapSettings } from '@/features/handicap/api/list-handicap-settings'
import { saveHandicapSettings } from '@/features/handicap/api/save-handicap-settings'
import { SOURCE_NOT_SAVED } from '@/features/handicap/components/course-handicap-source-choice'
import { addRound } from '@/features/rounds/api/add-round'
import { deleteRound } from '@/features/rounds/api/delete-round'
import { listRounds } from '@/features/rounds/api/list-rounds'
import {
  ADD_ROUND_COURSE_GONE,
  DELETE_ROUND_UNAVAILABLE,
} from '@/features/rounds/lib/round-messages'
import type { Course } from '@/features/courses/types'
import type { HandicapSettings } from '@/features/handicap/types'
import type { Round } from '@/features/rounds/types'
import { DataError } from '@/lib/data-error'
import { subscribeToOwnTables } from '@/lib/realtime'
import { aCourse, aMatchWith, aRound, holeScoresOf, USER_ID } from '@/testing/fixtures'
import { readCard, writeCard } from '@/features/scorecard/lib/card'
import { aCard } from '@/features/scorecard/testing'
import { PathProbe } from '@/testing/render-at'
import { forgetDevice } from '@/stores/outbox'
import { AppRoutes } from '../router'

vi.mock('@/features/auth/api/sign-in-with-password', () => ({ signInWithPassword: vi.fn() }))
vi.mock('@/features/auth/api/get-google-sign-in-url', () => ({ getGoogleSignInUrl: vi.fn() }))
vi.mock('@/features/auth/api/sign-up', () => ({ signUp: vi.fn() }))
vi.mock('@/features/auth/api/sign-out', () => ({ signOut: vi.fn() }))
// The real one, which a test can hold: what comes after the sign-out.
vi.mock('@/stores/outbox', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/stores/outbox')>()
  return { ...real, forgetDevice: vi.fn(real.forgetDevice) }
})
vi.mock('@/features/auth/api/exchange-oauth-code', () => ({ exchangeOAuthCode: vi.fn() }))
vi.mock('@/features/courses/api/list-courses', () => ({ listCourses: vi.fn() }))
vi.mock('@/features/courses/api/add-course', () => ({ addCourse: vi.fn() }))
vi.mock('@/features/courses/api/delete-course', () => ({ deleteCourse: vi.fn() }))
vi.mock('@/features/courses/api/list-published-courses', () => ({
  listPublishedCourses: vi.fn(() => Promise.resolve({})),
}))
vi.mock('@/features/courses/api/tees', () => ({
  listTees: vi.fn(),
  addTee: vi.fn(),
  updateTee: vi.fn(),
  deleteTee: vi.fn(),
  undoTeeDeletion: vi.fn(),
}))
vi.mock('@/features/rounds/api/list-rounds', () => ({ listRounds: vi.fn() }))
vi.mock('@/features/rounds/api/add-round', () => ({ addRound: vi.fn() }))
vi.mock('@/features/rounds/api/delete-round', () => ({ deleteRound: vi.fn() }))
vi.mock('@/lib/realtime', () => ({ subscribeToOwnTables: vi.fn() }))
vi.mock('@/features/handicap/api/list-handicap-settings', () => ({
  listHandicapSettings: vi.fn(),
}))
vi.mock('@/features/handicap/api/save-handicap-settings', () => ({
  saveHandicapSettings: vi.fn(),
}))

const unsubscribe = vi.fn()

beforeEach(() => {
  vi.clearAllMocks()
  vi.mocked(listCourses).mockResolvedValue([])
  vi.mocked(listRounds).mockResolvedValue([])
  vi.mocked(listTees).mockResolvedValue([])
  vi.mocked(subscribeToOwnTables).mockReturnValue(unsubscribe)
  vi.mocked(listHandicapSettings).mockResolvedValue([])
  useSessionStore.getState().signIn({ id: USER_ID, email: 'golfer@example.test' })
})
afterEach(() => {
  vi.restoreAllMocks()
})

function openApp(path: string) {
  const user = userEvent.setup()
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <PathProbe />
    </MemoryRouter>,
  )
  return user
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value')
  return value
}

async function addRoundThroughDialog(user: ReturnType<typeof userEvent.setup>, score: string) {
  await user.click(screen.getByRole('button', { name: 'Add a round...' }))
  const dialog = screen.getByRole('dialog', { name: 'Add Round' })
  await user.type(within(dialog).getByLabelText('Gross Score'), score)
  await user.click(within(dialog).getByRole('button', { name: 'Add Round' }))
}

const channelFeed = () => defined(vi.mocked(subscribeToOwnTables).mock.calls.at(-1))[2]
function feedOf<R>(
  table: 'courses' | 'rounds' | 'handicap_settings',
  toRow: (record: R) => object,
) {
  return () => ({
    ...channelFeed(),
    onUpsert: (record: R) => channelFeed().onUpsert(table, toRow(record) as never),
    onRemove: (id: string) => channelFeed().onRemove(table, id),
  })
}
const coursesFeed = feedOf('courses', (course: Course) => ({
  id: course.id,
  user_id: USER_ID,
  name: course.name,
  rating: course.rating,
  slope: course.slope,
  par: course.par,
  created_at: course.createdAt,
}))
const roundsFeed = feedOf('rounds', (round: Round) => ({
  id: round.id,
  user_id: USER_ID,
  course_id: round.courseId,
  course_name: round.courseName,
  course_rating: round.courseRating,
  slope_rating: round.slopeRating,
  score: round.score,
  played_on: round.playedOn,
  created_at: round.createdAt,
}))
const settingsFeed = feedOf('handicap_settings', (settings: HandicapSettings) => ({
  user_id: settings.id,
  course_handicap_source: settings.courseHandicapSource,
  updated_at: '2026-11-25T10:00:00.000Z',
}))
const display = () => screen.getByTestId('handicap-display')

async function addCourseThroughDialog(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  rating: string,
  slope: string,
) {
  await user.click(await screen.findByRole('button', { name: 'Add a course...' }))
  const dialog = screen.getByRole('dialog', { name: 'Add Course' })
  await user.type(within(dialog).getByLabelText('Course Name'), name)
  await user.type(within(dialog).getByLabelText('Course Rating'), rating)
  await user.type(within(dialog).getByLabelText('Slope Rating'), slope)
  await user.click(within(dialog).getByRole('button', { name: 'Add Course' }))
}

describe('live data', () => {
  it("follows the golfer's rows on one channel and loads both lists and the settings on sign-in", async () => {
    openApp('/courses')
    await screen.findByRole('heading', { name: 'Courses' })
    expect(subscribeToOwnTables).toHaveBeenCalledTimes(1)
    expect(subscribeToOwnTables).toHaveBeenCalledWith(
      USER_ID,
      ['handicap_settings', 'courses', 'tees', 'rounds'],
      expect.any(Object),
    )
    expect(listCourses).toHaveBeenCalledWith(USER_ID)
    expect(listRounds).toHaveBeenCalledWith(USER_ID)
    expect(listHandicapSettings).toHaveBeenCalledWith(USER_ID)
  })

  it('shows realtime changes, and "Reconnecting…" until the channel is back, then reloads', async () => {
    const pebble = aCourse({ name: 'Pebble Beach' })
    openApp('/courses')
    await screen.findByRole('heading', { name: 'Courses' })
    act(() => coursesFeed().onUpsert(pebble))
    // Shown with the list's first answer, if it comes before that.
    expect(await screen.findByRole('button', { name: 'Pebble Beach' })).toBeInTheDocument()

    act(() => coursesFeed().onHealth('interrupted'))
    expect(screen.getByText('Reconnecting…')).toBeVisible()

    const links = aCourse({ name: 'Links' })
    vi.mocked(listCourses).mockResolvedValue([links])
    act(() => coursesFeed().onHealth('live'))
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Links' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pebble Beach' })).not.toBeInTheDocument()

    act(() => coursesFeed().onRemove(links.id))
    expect(screen.queryByRole('button', { name: 'Links' })).not.toBeInTheDocument()
  })

  it('leaves the channel when the golfer signs out', async () => {
    openApp('/courses')
    await screen.findByRole('heading', { name: 'Courses' })
    act(() => useSessionStore.getState().signOut())
    await screen.findByRole('heading', { name: 'HCPFast' })
    expect(unsubscribe).toHaveBeenCalledTimes(1)
  })
})

describe('courses screen', () => {
  it("uses the golfer's choice of index for course handicaps, from this device or another", async () => {
    // 70.0 / 113, par 72. Five 90s (20.0) and a 79 (9.0): HCP (9.0 + 20.0) / 2 − 1.0 = 13.5, CH 12.
    // The 79 is exceptional (2.0 off all six): estimate (7.0 + 18.0) / 2 − 1.0 = 11.5, CH 10.
    const home = aCourse({ name: 'Home Links', rating: 70, slope: 113, par: 72 })
    const days = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05']
    vi.mocked(listCourses).mockResolvedValue([home])
    vi.mocked(listRounds).mockResolvedValue([
      ...days.map((playedOn) => aRound(home, 90, { playedOn })),
      aRound(home, 79, { playedOn: '2025-06-12' }),
    ])
    const saved = deferred<Awaited<ReturnType<typeof saveHandicapSettings>>>()
    vi.mocked(saveHandicapSettings).mockReturnValueOnce(saved.promise)
    const user = openApp('/courses')
    await user.click(await screen.findByRole('button', { name: 'Home Links' }))
    const courseHandicap = () => screen.getByText(/^Course handicap:/)
    await vi.waitFor(() => expect(courseHandicap()).toHaveTextContent('Course handicap: 12'))
    const spec = screen.getByRole('radio', { name: 'HCP (all your rounds)' })
    const whs = screen.getByRole('radio', { name: 'WHS estimate (latest 20)' })
    expect(spec).toBeChecked()
    // d = G − 70; HCP (9.0 + d) / 2 < 13.5 needs d ≤ 17.8: 87 lowers it, 88 holds.
    const target = () => screen.getByTestId('target-score')
    await vi.waitFor(() =>
      expect(target()).toHaveTextContent(
        'Shoot 87 or better here today to lower your HCP (13.5). 88 holds it.',
      ),
    )

    await user.click(whs)
    expect(whs).toBeChecked()
    expect(courseHandicap()).toHaveTextContent('Course handicap: 10')
    // The estimate: (7.0 + d) / 2 < 11.5 needs d ≤ 15.8: 85 lowers it, 86 holds.
    await vi.waitFor(() =>
      expect(target()).toHaveTextContent(
        'Shoot 85 or better here today to lower your WHS estimate (11.5). 86 holds it.',
      ),
    )
    const why = within(target()).getByRole('button', { name: 'Why? Default tee' })
    expect(why).toHaveAttribute('aria-expanded', 'false')
    await user.click(why)
    expect(why).toHaveAttribute('aria-expanded', 'true')
    expect(
      within(target())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'It would take the place of a counting round: 5 Jun 2025, differential 18.0 (20.0 less 2.0 for exceptional scores).',
      'It needs a differential of 15.8 or lower: a score of 85 or better here.',
    ])
    expect(saveHandicapSettings).toHaveBeenCalledWith({ courseHandicapSource: 'whs' })
    await act(async () =>
      saved.resolve({ id: USER_ID, courseHandicapSource: 'whs', startingIndex: null }),
    )

    act(() =>
      settingsFeed().onUpsert({ id: USER_ID, courseHandicapSource: 'spec', startingIndex: null }),
    )
    expect(spec).toBeChecked()
    expect(courseHandicap()).toHaveTextContent('Course handicap: 12')

    vi.mocked(saveHandicapSettings).mockRejectedValueOnce(new DataError({ message: 'offline' }))
    await user.click(whs)
    expect(await screen.findByRole('alert')).toHaveTextContent(SOURCE_NOT_SAVED)
    expect(spec).toBeChecked()
    expect(courseHandicap()).toHaveTextContent('Course handicap: 12')
  })

  it('shows the header, the text, "Add a course..." first, then each course', async () => {
    vi.mocked(listCourses).mockResolvedValue([
      aCourse({ name: 'Pebble Beach', rating: 75.5, slope: 145 }),
    ])
    const user = openApp('/courses')
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument()
    expect(screen.getByText('Input your courses below to get started.')).toBeVisible()
    const entry = await screen.findByRole('button', { name: 'Pebble Beach' })
    expect(entry).toHaveAttribute('aria-expanded', 'false')
    await user.click(entry)
    expect(entry).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Course Rating: 75.5')).toBeVisible()
    expect(screen.getByText('Slope Rating: 145')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Delete course' })).toBeVisible()
  })

  it('shows a new course at once, saves it under a new ULID, and returns focus', async () => {
    const save = deferred<Awaited<ReturnType<typeof addCourse>>>()
    vi.mocked(addCourse).mockReturnValue(save.promise)
    const user = openApp('/courses')
    await addCourseThroughDialog(user, 'St Andrews', '73.1', '132')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'St Andrews' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add a course...' })).toHaveFocus()
    await vi.waitFor(() => expect(addCourse).toHaveBeenCalled())
    const [id, course] = defined(vi.mocked(addCourse).mock.calls[0])
    expect(id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/)
    expect(course).toEqual({ name: 'St Andrews', rating: 73.1, slope: 132, par: null })
    save.resolve(aCourse({ id, name: 'St Andrews', rating: 73.1, slope: 132 }))
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'St Andrews' })).not.toHaveAttribute('aria-busy'),
    )
  })

  it('keeps a course that cannot reach the server, says it is waiting, and sends it once online', async () => {
    vi.mocked(addCourse).mockRejectedValueOnce(new DataError({ message: 'Failed to fetch' }))
    const user = openApp('/courses')
    await addCourseThroughDialog(user, 'St Andrews', '73.1', '132')
    const entry = await screen.findByRole('button', { name: 'St Andrews' })
    await vi.waitFor(() => expect(entry).toHaveAccessibleDescription('Waiting to sync'))
    expect(screen.getByText('1 course waiting to sync')).toBeVisible()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    const [id] = defined(vi.mocked(addCourse).mock.calls[0])
    vi.mocked(addCourse).mockResolvedValue(aCourse({ id, name: 'St Andrews' }))
    act(() => window.dispatchEvent(new Event('online')))
    await vi.waitFor(() => expect(entry).not.toHaveAccessibleDescription())
    expect(screen.queryByText('1 course waiting to sync')).not.toBeInTheDocument()
    expect(vi.mocked(addCourse).mock.calls.map(([sentId]) => sentId)).toEqual([id, id])
  })

  it('takes a course away when the server refuses it, and keeps what was typed on screen', async () => {
    vi.mocked(addCourse).mockRejectedValue(new DataError({ message: 'rls', code: '42501' }))
    const user = openApp('/courses')
    await addCourseThroughDialog(user, 'St Andrews', '73.1', '132')
    expect(await screen.findByRole('alert')).toHaveTextContent(ADD_COURSE_UNAVAILABLE)
    expect(screen.queryByRole('button', { name: 'St Andrews' })).not.toBeInTheDocument()
    const notSaved = screen.getByRole('region', { name: 'Not saved' })
    expect(notSaved).toHaveTextContent('St Andrews, rating 73.1, slope 132')
    await user.click(within(notSaved).getByRole('button', { name: /^Dismiss/ }))
    expect(screen.queryByRole('region', { name: 'Not saved' })).not.toBeInTheDocument()
  })

  it('shows the add-course alert when the database refuses the values', async () => {
    vi.mocked(addCourse).mockRejectedValue(new DataError({ message: 'check', code: '23514' }))
    const user = openApp('/courses')
    await addCourseThroughDialog(user, 'St Andrews', '73.1', '132')
    expect(await screen.findByRole('alert')).toHaveTextContent(ADD_COURSE_INVALID)
  })

  it('shows a course name with markup as text and never runs it', async () => {
    const name = '<img src=x onerror="window.__pwned=1">'
    vi.mocked(listCourses).mockResolvedValue([aCourse({ name })])
    openApp('/courses')
    expect(await screen.findByRole('button', { name })).toHaveTextContent(name)
    expect(document.querySelector('img')).toBeNull()
  })

  it('deletes a course at once, and puts it back with a message when the server refuses', async () => {
    const pebble = aCourse({ name: 'Pebble Beach' })
    vi.mocked(listCourses).mockResolvedValue([pebble])
    const removal = deferred<undefined>()
    vi.mocked(deleteCourse).mockReturnValue(removal.promise)
    const user = openApp('/courses')
    await user.click(await screen.findByRole('button', { name: 'Pebble Beach' }))
    await user.click(screen.getByRole('button', { name: 'Delete course' }))
    await vi.waitFor(() => expect(deleteCourse).toHaveBeenCalledWith(pebble.id))
    expect(screen.queryByRole('button', { name: 'Pebble Beach' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add a course...' })).toHaveFocus()
    removal.reject(new DataError({ message: 'rls', code: '42501' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(DELETE_COURSE_UNAVAILABLE)
    expect(screen.getByRole('button', { name: 'Pebble Beach' })).toBeInTheDocument()
  })
})

describe('HCP screen', () => {
  const course = aCourse({ name: 'Augusta', rating: 72.0, slope: 113 })

  async function openHcp(rounds: Round[], courses = [course]) {
    vi.mocked(listCourses).mockResolvedValue(courses)
    vi.mocked(listRounds).mockResolvedValue(rounds)
    const user = openApp('/hcp')
    await screen.findByTestId('handicap-display')
    await vi.waitFor(() =>
      expect(screen.queryByText('Loading your rounds…')).not.toBeInTheDocument(),
    )
    return user
  }

  it('asks for courses first when the golfer has none', async () => {
    await openHcp([], [])
    expect(await screen.findByRole('link', { name: 'Add courses first!' })).toHaveAttribute(
      'href',
      '/courses',
    )
    expect(display()).toHaveTextContent('Input Rounds Below')
    expect(
      screen.getByText('Need to input at least 3 rounds before handicap index can be calculated.'),
    ).toBeVisible()
  })

  it.each([0, 2])('asks for more rounds with %i rounds', async (count) => {
    await openHcp([80, 82].slice(0, count).map((score) => aRound(course, score)))
    expect(display()).toHaveTextContent('Input Rounds Below')
  })

  it('shows the index from 3 rounds with the label HCP', async () => {
    // Differentials 8.0, 10.0, 12.0 → lowest − 2.0 = 6.0.
    await openHcp([80, 82, 84].map((score) => aRound(course, score)))
    expect(display()).toHaveTextContent('HCP')
    expect(display()).toHaveTextContent('6.0')
  })

  it('shows the index of 20 rounds on two courses', async () => {
    const other = aCourse({ name: 'Links', rating: 69.4, slope: 118 })
    const scores = [95, 88, 102, 79, 84, 91, 87, 99, 76, 83, 90, 86, 97, 81, 93, 85, 89, 80, 94, 78]
    const rounds = scores.map((score, i) => aRound(i % 2 ? other : course, score))
    await openHcp(rounds, [course, other])
    // Augusta (72.0, 113): score − 72, so 23.0 30.0 12.0 15.0 4.0 18.0 25.0 21.0 17.0 22.0.
    // Links (69.4, 118): 113/118 × (score − 69.4), to a tenth: 88 → 17.8, 79 → 9.2, 91 → 20.7,
    // 99 → 28.3, 83 → 13.0, 86 → 15.9, 81 → 11.1, 85 → 14.9, 80 → 10.2, 78 → 8.2.
    // 20 rounds average the lowest 8: (4.0 + 8.2 + 9.2 + 10.2 + 11.1 + 12.0 + 13.0 + 14.9) / 8
    // = 82.6 / 8 = 10.325 → 10.3.
    expect(display()).toHaveTextContent('10.3')
  })

  it('shows the WHS estimate beside the index, why it differs, and the rounds it counts', async () => {
    // Augusta 72.0 / 113: 92 is a differential of 20.0, 81 one of 9.0. Six rounds, the index
    // averages the lowest 2 less 1.0: (9.0 + 20.0) / 2 − 1.0 = 13.5. For the estimate the 81 of
    // 12 Jun is exceptional: the index in effect that day (from 5 rounds: 20.0) is 11.0 above
    // it, so 2.0 comes off all six: (7.0 + 18.0) / 2 − 1.0 = 11.5.
    const days = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05']
    const user = await openHcp([
      ...days.map((playedOn) => aRound(course, 92, { playedOn })),
      aRound(course, 81, { playedOn: '2025-06-12' }),
    ])
    expect(display()).toHaveTextContent('13.5')
    expect(screen.getByTestId('whs-estimate')).toHaveTextContent(/^WHS estimate 11\.5$/)
    await user.click(screen.getByRole('button', { name: 'Why is it different?' }))
    expect(screen.getByTestId('whs-reasons')).toHaveTextContent(
      'An exceptional round on 12 Jun 2025 took 2.0 off 6 differentials',
    )
    // The lowest two adjusted differentials: 7.0 (12 Jun) and, of the equal 18.0s, 5 Jun's.
    const marked = screen
      .getAllByTestId('whs-counts-mark')
      .map((mark) => mark.closest('button')?.getAttribute('aria-label'))
    expect(marked).toEqual([
      'Score 81, Augusta, 12 Jun 2025, Diff 9.0, Counts, Counts for WHS',
      'Score 92, Augusta, 5 Jun 2025, Diff 20.0, Counts, Counts for WHS',
    ])
  })

  it('shows a plus handicap with a + sign', async () => {
    // Differentials −4.0, −3.0, −2.0 → −6.0 → "+6.0".
    await openHcp([68, 69, 70].map((score) => aRound(course, score)))
    expect(display()).toHaveTextContent('+6.0')
  })

  it('shows each round by score and course, and its details when expanded', async () => {
    const user = await openHcp([aRound(course, 88)])
    const entry = screen.getByRole('button', { name: /88.*Augusta/ })
    await user.click(entry)
    const details = defined(screen.getByText('Score: 88').parentElement ?? undefined)
    expect(within(details).getByText('Augusta')).toBeVisible()
    expect(within(details).getByRole('button', { name: 'Delete Round' })).toBeVisible()
  })

  it("shows the result of a round's game, worked from its stored strokes", async () => {
    // A nine, no strokes in the match: Ben wins hole 1 (4–5), halves 2–8, wins 9: lost 2 up.
    const strokes = [5, 4, 3, 6, 4, 5, 3, 4, 5]
    const played = aRound(course, 39, {
      holes: 9,
      holePars: [4, 4, 3, 5, 4, 4, 3, 4, 5],
      strokeIndexes: [1, 3, 5, 7, 9, 2, 4, 6, 8],
      holeScores: holeScoresOf(strokes),
      game: aMatchWith({ holeStrokes: [4, 4, 3, 6, 4, 5, 3, 4, 4] }),
    })
    const user = await openHcp([played])
    await user.click(await screen.findByRole('button', { name: /^Score 39/ }))
    expect(screen.getByTestId('game-result')).toHaveTextContent('Match: lost 2 up to Ben')
  })

  it('adds a round on the only course and updates the index at once', async () => {
    vi.mocked(addRound).mockReturnValue(new Promise(() => {}))
    const user = await openHcp([80, 82].map((score) => aRound(course, score)))
    await addRoundThroughDialog(user, '84')
    await vi.waitFor(() =>
      expect(addRound).toHaveBeenCalledWith(expect.any(String), {
        courseId: course.id,
        teeId: null,
        nine: null,
        score: 84,
        holeScores: null,
        playedOn: expect.any(String),
      }),
    )
    // The screen draws new rows as a deferred render: soon after the store has them, not within it.
    await vi.waitFor(() => expect(display()).toHaveTextContent('6.0'))
    expect(screen.getByRole('button', { name: /84.*Augusta/ })).toBeInTheDocument()
  })

  it('keeps a round typed with no connection, with its index, marked as waiting', async () => {
    vi.mocked(addRound).mockRejectedValue(new DataError({ message: 'Failed to fetch' }))
    const user = await openHcp([80, 82].map((score) => aRound(course, score)))
    await addRoundThroughDialog(user, '84')
    const entry = await screen.findByRole('button', { name: /84.*Augusta/ })
    await vi.waitFor(() => expect(entry).toHaveAccessibleName(/, Waiting to sync$/))
    expect(screen.getByText('1 round waiting to sync')).toBeVisible()
    expect(display()).toHaveTextContent('6.0')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('takes a round away when the server refuses it, with the alert and the round written out', async () => {
    vi.mocked(addRound).mockRejectedValue(new DataError({ message: 'rls', code: '42501' }))
    const user = await openHcp([80, 82].map((score) => aRound(course, score)))
    await addRoundThroughDialog(user, '84')
    expect(await screen.findByRole('alert')).toHaveTextContent(ADD_ROUND_COURSE_GONE)
    expect(screen.getByRole('region', { name: 'Not saved' })).toHaveTextContent(
      'Score 84 at Augusta',
    )
    await vi.waitFor(() => expect(display()).toHaveTextContent('Input Rounds Below'))
    expect(screen.queryByRole('button', { name: /^Score 84, Augusta/ })).not.toBeInTheDocument()
  })

  it('deletes a round, and puts it back with a message when the server refuses', async () => {
    const round = aRound(course, 88)
    vi.mocked(deleteRound).mockRejectedValue(new DataError({ message: 'rls', code: '42501' }))
    const user = await openHcp([round])
    await user.click(screen.getByRole('button', { name: /88.*Augusta/ }))
    await user.click(screen.getByRole('button', { name: 'Delete Round' }))
    await user.click(await screen.findByRole('button', { name: 'Delete the round' }))
    await vi.waitFor(() => expect(deleteRound).toHaveBeenCalledWith(round.id))
    expect(await screen.findByRole('alert')).toHaveTextContent(DELETE_ROUND_UNAVAILABLE)
    expect(await screen.findByRole('button', { name: /88.*Augusta/ })).toBeInTheDocument()
  })

  it('names a counting round still being saved with every word seen, in order', async () => {
    vi.mocked(addRound).mockReturnValue(new Promise(() => {}))
    const user = await openHcp([80, 82].map((score) => aRound(course, score)))
    await addRoundThroughDialog(user, '78')
    // Three rounds: the lowest differential (78's) is the one that counts.
    const entry = await screen.findByRole('button', { name: /^Score 78, Augusta/ })
    // axe's label-content-name-mismatch: the words seen, together, inside the name.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
    expect(entry).toHaveTextContent(/Counts Counts for WHS Saving…$/)
    expect(` ${words(entry.getAttribute('aria-label') ?? '')} `).toContain(
      ` ${words(entry.textContent ?? '')} `,
    )
  })

  it('logs out without asking once a round deleted a moment ago reaches the server', async () => {
    const round = aRound(course, 88)
    const removal = deferred<undefined>()
    vi.mocked(deleteRound).mockReturnValue(removal.promise)
    vi.mocked(signOut).mockImplementation(async () => useSessionStore.getState().signOut())
    const user = await openHcp([round])
    await user.click(screen.getByRole('button', { name: /88.*Augusta/ }))
    await user.click(screen.getByRole('button', { name: 'Delete Round' }))
    await user.click(await screen.findByRole('button', { name: 'Delete the round' }))
    await vi.waitFor(() => expect(deleteRound).toHaveBeenCalledWith(round.id))
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeInTheDocument()
    expect(signOut).not.toHaveBeenCalled()
    removal.resolve(undefined)
    expect(await screen.findByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signOut).toHaveBeenCalledTimes(1)
  })

  it('asks before a logout would lose a round that cannot reach the server, and can stay', async () => {
    vi.mocked(addRound).mockRejectedValue(new DataError({ message: 'Failed to fetch' }))
    const user = await openHcp([80, 82].map((score) => aRound(course, score)))
    await addRoundThroughDialog(user, '84')
    await screen.findByText('1 round waiting to sync')
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    const confirm = await screen.findByRole('dialog', { name: 'Log out and lose changes?' })
    expect(confirm).toHaveTextContent('1 round waiting to sync')
    await user.click(within(confirm).getByRole('button', { name: 'Stay signed in' }))
    expect(signOut).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: /^Score 84, Augusta/ })).toBeInTheDocument()
  })

  it('asks before a logout would delete the round being scored on this device', async () => {
    writeCard(USER_ID, aCard({ courseName: 'Augusta' }))
    const user = await openHcp([aRound(course, 80)])
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    const confirm = await screen.findByRole('dialog', { name: 'Log out and lose changes?' })
    expect(confirm).toHaveTextContent('The round being scored at Augusta.')
    await user.click(within(confirm).getByRole('button', { name: 'Stay signed in' }))
    expect(signOut).not.toHaveBeenCalled()
    expect(readCard(USER_ID)).not.toBeNull()
  })

  it('shows the 20 most recent rounds, and the older ones when asked, focus on the first of them', async () => {
    // Scores 70..94, played on consecutive days: 94 is the most recent.
    const rounds = Array.from({ length: 25 }, (_, day) =>
      aRound(course, 70 + day, { playedOn: `2026-10-${String(day + 1).padStart(2, '0')}` }),
    )
    const user = await openHcp(rounds)
    const entries = () => screen.getAllByRole('button', { name: /^Score \d+, Augusta/ })
    expect(entries()).toHaveLength(20)
    expect(entries()[0]).toHaveAccessibleName(/^Score 94,/)
    expect(entries()[19]).toHaveAccessibleName(/^Score 75,/)
    expect(display()).toHaveTextContent('From 25 rounds')

    await user.click(screen.getByRole('button', { name: 'Show 5 older rounds' }))
    expect(entries()).toHaveLength(25)
    expect(entries()[20]).toHaveFocus()
    expect(entries()[20]).toHaveAccessibleName(/^Score 74,/)
    expect(screen.queryByRole('button', { name: /older round/ })).not.toBeInTheDocument()
  })

  it('keeps a round back-filled among the older ones in view once it is saved', async () => {
    // 21 rounds in October: the oldest of them is not shown at first.
    const rounds = Array.from({ length: 21 }, (_, day) =>
      aRound(course, 80, { playedOn: `2026-10-${String(day + 1).padStart(2, '0')}` }),
    )
    const saved = deferred<Awaited<ReturnType<typeof addRound>>>()
    vi.mocked(addRound).mockReturnValue(saved.promise)
    const user = await openHcp(rounds)
    await user.click(screen.getByRole('button', { name: 'Add a round...' }))
    const dialog = screen.getByRole('dialog', { name: 'Add Round' })
    await user.type(within(dialog).getByLabelText('Gross Score'), '99')
    await user.clear(within(dialog).getByLabelText('Date Played'))
    await user.type(within(dialog).getByLabelText('Date Played'), '2025-06-01')
    await user.click(within(dialog).getByRole('button', { name: 'Add Round' }))
    await screen.findByRole('button', { name: /^Score 99, Augusta/ })
    await vi.waitFor(() => expect(addRound).toHaveBeenCalled())
    const [id] = defined(vi.mocked(addRound).mock.calls[0])
    saved.resolve(aRound(course, 99, { id, playedOn: '2025-06-01' }))
    await vi.waitFor(() => expect(screen.queryByText('Saving…')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: /^Score 99, Augusta/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show 1 older round' })).toBeInTheDocument()
  })

  it('updates the index when another device adds a round', async () => {
    await openHcp([80, 82].map((score) => aRound(course, score)))
    act(() => roundsFeed().onUpsert(aRound(course, 84)))
    expect(display()).toHaveTextContent('6.0')
  })
})

describe('bottom toolbar', () => {
  it('marks the current tab and moves between the two screens', async () => {
    const user = openApp('/courses')
    await screen.findByRole('heading', { name: 'Courses' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'My Courses' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'HCP' })).not.toHaveAttribute('aria-current')
    await user.click(within(nav).getByRole('link', { name: 'HCP' }))
    expect(await screen.findByTestId('handicap-display')).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'HCP' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByTestId('path')).toHaveTextContent('/hcp')
  })

  it('logs out and goes to the login screen', async () => {
    vi.mocked(signOut).mockImplementation(async () => useSessionStore.getState().signOut())
    const user = openApp('/hcp')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/)
  })

  it('leaves the golfer on a screen they open while the device is still being cleared', async () => {
    vi.mocked(signOut).mockImplementation(async () => useSessionStore.getState().signOut())
    const cleared = deferred<undefined>()
    vi.mocked(forgetDevice).mockReturnValueOnce(cleared.promise)
    const user = openApp('/hcp')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }))
    await screen.findByRole('button', { name: 'Send link' })
    expect(forgetDevice).toHaveBeenCalledWith(USER_ID)
    // The logout's last step ends; a macrotask later every continuation of it has run.
    await act(async () => {
      cleared.resolve(undefined)
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(screen.getByTestId('path')).toHaveTextContent('/forgot-password')
  })

  it('shows the sign-out alert when signing out fails, and stays', async () => {
    vi.mocked(signOut).mockRejectedValue(new Error('Failed to fetch'))
    const user = openApp('/hcp')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_OUT_FAILED)
    expect(screen.getByTestId('path')).toHaveTextContent('/hcp')
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled()
  })
})

describe('accessibility', () => {
  it('names each screen in the title and moves focus to its heading after a navigation', async () => {
    const user = openApp('/courses')
    await screen.findByRole('heading', { level: 1, name: 'Courses' })
    expect(document.title).toBe('My Courses · HCPFast')
    await user.click(screen.getByRole('link', { name: 'HCP' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Handicap' })
    expect(heading).toHaveFocus()
    expect(document.title).toBe('Handicap · HCPFast')
    await user.click(screen.getByRole('link', { name: 'My Courses' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toHaveFocus()
  })

  it('offers skip links to the content and to the toolbar', async () => {
    const user = openApp('/courses')
    await screen.findByRole('heading', { name: 'Courses' })
    await user.click(screen.getByRole('link', { name: 'Skip to navigation' }))
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Skip to main content' }))
    expect(screen.getByRole('main')).toHaveFocus()
    expect(screen.getByTestId('path')).toHaveTextContent('/courses')
  })

  it('lists courses as headings right under the screen heading', async () => {
    vi.mocked(listCourses).mockResolvedValue([aCourse({ name: 'Pebble Beach' })])
    openApp('/courses')
    expect(await screen.findByRole('heading', { level: 2, name: 'Pebble Beach' })).toBeVisible()
  })

  it('says "Saving…" on a new course until it is saved, keeping its name', async () => {
    const save = deferred<Awaited<ReturnType<typeof addCourse>>>()
    vi.mocked(addCourse).mockReturnValue(save.promise)
    const user = openApp('/courses')
    await addCourseThroughDialog(user, 'St Andrews', '73.1', '132')
    const entry = await screen.findByRole('button', { name: 'St Andrews' })
    expect(entry).toHaveAccessibleDescription('Saving…')
    await vi.waitFor(() => expect(addCourse).toHaveBeenCalled())
    const [id] = defined(vi.mocked(addCourse).mock.calls[0])
    save.resolve(aCourse({ id, name: 'St Andrews', rating: 73.1, slope: 132 }))
    await vi.waitFor(() => expect(screen.queryByText('Saving…')).not.toBeInTheDocument())
    expect(entry).not.toHaveAccessibleDescription()
  })

  it('says "Signing out…" while signing out, and a second press does not sign out again', async () => {
    const out = deferred<undefined>()
    vi.mocked(signOut).mockReturnValue(out.promise)
    const user = openApp('/hcp')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    const button = screen.getByRole('button', { name: 'Signing out…' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await user.click(button)
    expect(signOut).toHaveBeenCalledTimes(1)
    act(() => useSessionStore.getState().signOut())
    out.resolve(undefined)
    expect(await screen.findByRole('heading', { name: 'HCPFast' })).toBeInTheDocument()
  })
})
