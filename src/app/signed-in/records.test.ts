import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addCourse } from '@/features/courses/api/add-course'
import { deleteCourse } from '@/features/courses/api/delete-course'
import { listCourses } from '@/features/courses/api/list-courses'
import { undoCourseDeletion } from '@/features/courses/api/undo-course-deletion'
import { updateCourse } from '@/features/courses/api/update-course'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { addRound } from '@/features/rounds/api/add-round'
import { deleteRound } from '@/features/rounds/api/delete-round'
import { listRounds } from '@/features/rounds/api/list-rounds'
import { undoRoundDeletion } from '@/features/rounds/api/undo-round-deletion'
import { updateRound } from '@/features/rounds/api/update-round'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { DataError } from '@/lib/data-error'
import { deviceKey, readFromDevice, writeToDevice } from '@/lib/device-storage'
import { roundToInsert, roundToRow } from '@/lib/tables/rounds'
import { subscribeToOwnTables, type OwnTablesFeed } from '@/lib/realtime'
import { forgetDevice, useOutboxStore } from '@/stores/outbox'
import { startRecords } from './records'

vi.mock('@/lib/realtime', () => ({ subscribeToOwnTables: vi.fn() }))
vi.mock('@/features/courses/api/list-courses', () => ({ listCourses: vi.fn() }))
vi.mock('@/features/courses/api/add-course', () => ({ addCourse: vi.fn() }))
vi.mock('@/features/courses/api/update-course', () => ({ updateCourse: vi.fn() }))
vi.mock('@/features/courses/api/delete-course', () => ({ deleteCourse: vi.fn() }))
vi.mock('@/features/courses/api/undo-course-deletion', () => ({ undoCourseDeletion: vi.fn() }))
vi.mock('@/features/courses/api/tees', () => ({
  listTees: vi.fn(async () => []),
  addTee: vi.fn(),
  updateTee: vi.fn(),
  deleteTee: vi.fn(),
  undoTeeDeletion: vi.fn(),
}))
vi.mock('@/features/rounds/api/list-rounds', () => ({ listRounds: vi.fn() }))
vi.mock('@/features/rounds/api/add-round', () => ({ addRound: vi.fn() }))
vi.mock('@/features/rounds/api/update-round', () => ({ updateRound: vi.fn() }))
vi.mock('@/features/rounds/api/delete-round', () => ({ deleteRound: vi.fn() }))
vi.mock('@/features/rounds/api/undo-round-deletion', () => ({ undoRoundDeletion: vi.fn() }))

const USER = 'golfer-1'
const PEBBLE = '01JD0000000000000000000P01'
const LINKS = '01JD0000000000000000000P02'
const GONE = '01JD0000000000000000000P03'
const R1 = '01JD0000000000000000000R01'
const R2 = '01JD0000000000000000000R02'
const R3 = '01JD0000000000000000000R03'
const R4 = '01JD0000000000000000000R04'
const AT = '2026-11-20T10:00:00.000Z'

/** The outbox as the app wrote it before entries had a version. */
const UNVERSIONED_OUTBOX = [
  {
    key: '01JD00000000000000000000K1',
    kind: 'courses',
    action: 'add',
    id: PEBBLE,
    record: {
      id: PEBBLE,
      name: 'Pebble Beach',
      rating: 75.5,
      slope: 145,
      par: null,
      createdAt: AT,
    },
    payload: { action: 'add', course: { name: 'Pebble Beach', rating: 75.5, slope: 145 } },
  },
  {
    key: '01JD00000000000000000000K2',
    kind: 'courses',
    action: 'edit',
    id: LINKS,
    record: { id: LINKS, name: 'Old Links', rating: 70.1, slope: 120, par: 71, createdAt: AT },
    payload: { action: 'edit', edit: { name: 'Old Links', rating: 70.1, slope: 120, par: 71 } },
  },
  {
    key: '01JD00000000000000000000K3',
    kind: 'rounds',
    action: 'add',
    id: R1,
    record: {
      id: R1,
      courseId: PEBBLE,
      courseName: 'Pebble Beach',
      courseRating: 75.5,
      slopeRating: 145,
      score: 88,
      playedOn: '2026-11-20',
      createdAt: AT,
    },
    payload: {
      action: 'add',
      course: { id: PEBBLE, name: 'Pebble Beach', rating: 75.5, slope: 145 },
      score: 88,
      playedOn: '2026-11-20',
    },
  },
  {
    key: '01JD00000000000000000000K4',
    kind: 'rounds',
    action: 'edit',
    id: R2,
    record: {
      id: R2,
      courseId: LINKS,
      courseName: 'Old Links',
      courseRating: 70.1,
      slopeRating: 120,
      score: 90,
      playedOn: '2026-11-19',
      createdAt: AT,
    },
    payload: { action: 'edit', edit: { courseId: LINKS, score: 90, playedOn: '2026-11-19' } },
  },
  {
    key: '01JD00000000000000000000K5',
    kind: 'rounds',
    action: 'delete',
    id: R3,
    record: null,
    payload: { action: 'delete' },
  },
  {
    key: '01JD00000000000000000000K6',
    kind: 'rounds',
    action: 'restore',
    id: R4,
    record: {
      id: R4,
      courseId: null,
      courseName: 'Gone Links',
      courseRating: 69.0,
      slopeRating: 113,
      score: 95,
      playedOn: '2026-10-01',
      createdAt: AT,
    },
    payload: { action: 'restore' },
  },
  {
    key: '01JD00000000000000000000K7',
    kind: 'courses',
    action: 'delete',
    id: GONE,
    record: null,
    payload: { action: 'delete' },
  },
]

const offline = () => new DataError({ message: 'Failed to fetch' })
const feed = () => vi.mocked(subscribeToOwnTables).mock.calls.at(-1)?.[2] as OwnTablesFeed
const outboxOnDevice = () => readFromDevice<unknown[]>(deviceKey(USER, 'outbox'))

function sent() {
  const calls: [string, unknown[]][] = []
  const apis = {
    addCourse,
    updateCourse,
    deleteCourse,
    undoCourseDeletion,
    addRound,
    updateRound,
    deleteRound,
    undoRoundDeletion,
  }
  for (const [name, api] of Object.entries(apis)) {
    for (const [at, args] of vi.mocked(api).mock.calls.entries()) {
      calls.push([name, [vi.mocked(api).mock.invocationCallOrder[at], ...args]])
    }
  }
  return calls
    .sort(([, [a]], [, [b]]) => (a as number) - (b as number))
    .map(([name, [, ...args]]) => [name, ...args])
}

let stop: () => void = () => undefined

/** Starts the records with the outbox's first send failing: the app knows it is offline. */
async function startOffline() {
  stop = startRecords(USER)
  await vi.waitFor(() => expect(useOutboxStore.getState().reachable).toBe(false))
}

/** The feed comes back and the outbox is sent; then a rejoin, which must find nothing to send. */
async function rejoinUntilSent() {
  feed().onHealth('live')
  await vi.waitFor(async () => expect(await outboxOnDevice()).toEqual([]))
  feed().onHealth('live')
  await vi.waitFor(() => expect(useOutboxStore.getState().entries).toEqual([]))
}

beforeEach(() => {
  vi.clearAllMocks()
  vi.mocked(subscribeToOwnTables).mockReturnValue(() => undefined)
  vi.mocked(listCourses).mockResolvedValue([])
  vi.mocked(listRounds).mockResolvedValue([])
  vi.mocked(addCourse).mockImplementation(async (id, input) => ({ id, ...input, createdAt: AT }))
  vi.mocked(updateCourse).mockImplementation(async (id, input) => ({ id, ...input, createdAt: AT }))
  vi.mocked(deleteCourse).mockResolvedValue()
  vi.mocked(undoCourseDeletion).mockResolvedValue()
  vi.mocked(addRound).mockResolvedValue(null as never)
  vi.mocked(updateRound).mockResolvedValue(null as never)
  vi.mocked(deleteRound).mockResolvedValue()
  vi.mocked(undoRoundDeletion).mockResolvedValue()
})

afterEach(async () => {
  stop()
  vi.useRealTimers()
  await forgetDevice(USER)
})

describe('a newer app and what an older one left on the device', () => {
  const TEE = '01JD0000000000000000000T01'
  const holeScores = [5, 4, 3, 6, 4, 5, 3, 4, 5].map((strokes) => ({
    strokes,
    putts: null,
    fairwayHit: null,
    greenInRegulation: null,
    penalties: null,
  }))
  /** A nine from Pebble Beach's Blue tee, hole by hole, as versions 4 and 5 kept its record. */
  const blueNine = {
    id: R1,
    courseId: PEBBLE,
    courseName: 'Pebble Beach',
    teeId: TEE,
    teeName: 'Blue',
    holes: 9,
    nine: null,
    courseRating: 35.5,
    slopeRating: 125,
    par: 36,
    holePars: [4, 4, 3, 5, 4, 4, 3, 4, 5],
    strokeIndexes: [1, 3, 5, 7, 9, 2, 4, 6, 8],
    score: 39,
    holeScores,
    playedOn: '2026-11-20',
    createdAt: AT,
  }
  /** What that round's entry sent. */
  const blueNineInput = {
    courseId: PEBBLE,
    teeId: TEE,
    nine: null,
    score: 39,
    holeScores,
    playedOn: '2026-11-20',
  }

  it('sends each change of an unversioned outbox exactly once, in order, with its input', async () => {
    await writeToDevice(deviceKey(USER, 'outbox'), UNVERSIONED_OUTBOX)
    stop = startRecords(USER)
    // The channel joins while the first send is on its way, and the browser says it is online.
    feed().onHealth('live')
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(async () => expect(await outboxOnDevice()).toEqual([]))
    feed().onHealth('live')
    await vi.waitFor(() => expect(useOutboxStore.getState().entries).toEqual([]))

    expect(sent()).toEqual([
      ['addCourse', PEBBLE, { name: 'Pebble Beach', rating: 75.5, slope: 145, par: null }],
      ['updateCourse', LINKS, { name: 'Old Links', rating: 70.1, slope: 120, par: 71 }],
      // Played from their course's first tee, as before tees: the database picks it.
      [
        'addRound',
        R1,
        {
          courseId: PEBBLE,
          teeId: null,
          nine: null,
          score: 88,
          holeScores: null,
          playedOn: '2026-11-20',
        },
      ],
      [
        'updateRound',
        R2,
        {
          courseId: LINKS,
          teeId: null,
          nine: null,
          score: 90,
          holeScores: null,
          playedOn: '2026-11-19',
        },
      ],
      ['deleteRound', R3],
      ['undoRoundDeletion', R4],
      ['deleteCourse', GONE],
    ])
  })

  it('sends a round entry of version 2 (no tee) once, played from its course’s first tee', async () => {
    await writeToDevice(deviceKey(USER, 'outbox'), [
      {
        version: 2,
        key: '01JD00000000000000000000K8',
        kind: 'rounds',
        action: 'add',
        id: R1,
        // The record as version 2 kept it: the same as the unversioned one's.
        record: UNVERSIONED_OUTBOX[2]?.record,
        input: { courseId: PEBBLE, score: 88, playedOn: '2026-11-20' },
      },
    ])
    vi.mocked(addRound).mockRejectedValueOnce(offline())
    await startOffline()
    // Shown meanwhile as an 18-hole round, so the index counts it as before.
    expect(useRoundsStore.getState().byId[R1]).toMatchObject({ holes: 18, teeId: null, nine: null })

    await rejoinUntilSent()
    // The attempt made offline, then the one that stored it; a rejoin sends nothing more.
    const input = {
      courseId: PEBBLE,
      teeId: null,
      nine: null,
      score: 88,
      holeScores: null,
      playedOn: '2026-11-20',
    }
    expect(sent()).toEqual([
      ['addRound', R1, input],
      ['addRound', R1, input],
    ])
  })

  it('sends a round entry of version 3 (a tee, no holes) once, as a total', async () => {
    // The record and input exactly as version 3 wrote them.
    const input = {
      courseId: PEBBLE,
      teeId: TEE,
      nine: null,
      score: 88,
      playedOn: '2026-11-20',
    }
    await writeToDevice(deviceKey(USER, 'outbox'), [
      {
        version: 3,
        key: '01JD00000000000000000000K9',
        kind: 'rounds',
        action: 'add',
        id: R1,
        record: {
          id: R1,
          courseId: PEBBLE,
          courseName: 'Pebble Beach',
          teeId: TEE,
          teeName: 'Blue',
          holes: 18,
          nine: null,
          courseRating: 75.5,
          slopeRating: 145,
          par: 72,
          score: 88,
          playedOn: '2026-11-20',
          createdAt: AT,
        },
        input,
      },
    ])
    stop = startRecords(USER)
    await rejoinUntilSent()

    expect(sent()).toEqual([['addRound', R1, { ...input, holeScores: null }]])
    // What goes to the database: the total, every hole column null.
    expect(roundToInsert(R1, { ...input, holeScores: null })).toEqual({
      id: R1,
      course_id: PEBBLE,
      tee_id: TEE,
      nine: null,
      score: 88,
      hole_strokes: null,
      hole_putts: null,
      hole_fairways: null,
      hole_greens: null,
      hole_penalties: null,
      played_on: '2026-11-20',
    })
  })

  it('sends a round entry of version 4 (holes, no game) once: an edit that keeps the game', async () => {
    // The record and input exactly as version 4 wrote them.
    const input = blueNineInput
    await writeToDevice(deviceKey(USER, 'outbox'), [
      {
        version: 4,
        key: '01JD00000000000000000000KA',
        kind: 'rounds',
        action: 'edit',
        id: R1,
        record: blueNine,
        input,
      },
    ])
    vi.mocked(updateRound).mockRejectedValueOnce(offline())
    await startOffline()
    expect(useRoundsStore.getState().byId[R1]).toMatchObject({ score: 39, game: null })

    await rejoinUntilSent()
    expect(sent()).toEqual([
      ['updateRound', R1, input],
      ['updateRound', R1, input],
    ])
    // What goes to the database leaves the game column out, so the round keeps its game.
    expect(Object.keys(roundToRow(input))).not.toContain('game')
  })

  it('sends a round entry of version 5 (a game, no side games) once, its game as written', async () => {
    // Exactly as ROUNDS_VERSION 5 wrote a group card's round.
    const game = {
      format: 'stableford',
      allowancePercent: 95,
      playingHandicap: 7,
      strokesReceived: 7,
      partners: [
        {
          name: 'Ann',
          index: 12.4,
          teeId: TEE,
          teeName: 'Blue',
          playingHandicap: 6,
          strokesReceived: 6,
          holeStrokes: [4, 5, null, 5, 4, 6, 3, 5, 5],
        },
      ],
    }
    const input = { ...blueNineInput, game }
    await writeToDevice(deviceKey(USER, 'outbox'), [
      {
        version: 5,
        key: '01JD00000000000000000000KB',
        kind: 'rounds',
        action: 'add',
        id: R1,
        record: { ...blueNine, game },
        input,
      },
    ])
    vi.mocked(addRound).mockRejectedValueOnce(offline())
    await startOffline()
    expect(useRoundsStore.getState().byId[R1]).toMatchObject({ score: 39, game })

    await rejoinUntilSent()
    // The attempt made offline, then the one that stored it; a rejoin sends nothing more.
    expect(sent()).toEqual([
      ['addRound', R1, input],
      ['addRound', R1, input],
    ])
    // The game goes to the database as the released app sent it: no side games appear.
    expect(roundToInsert(R1, input as Parameters<typeof roundToInsert>[1]).game).toEqual({
      format: 'stableford',
      allowance_percent: 95,
      playing_handicap: 7,
      strokes_received: 7,
      partners: [
        {
          name: 'Ann',
          index: 12.4,
          tee_id: TEE,
          tee_name: 'Blue',
          playing_handicap: 6,
          strokes_received: 6,
          hole_strokes: [4, 5, null, 5, 4, 6, 3, 5, 5],
        },
      ],
    })
  })

  it('keeps a version 5 round shown and sends it once when it is stored before the first list', async () => {
    // No device copy shown (as after an update that changed the rounds' version): the entry is
    // sent and stored while the rounds list has not answered, which holds other changes back.
    let answer: (rounds: never[]) => void = () => undefined
    vi.mocked(listRounds).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    await writeToDevice(deviceKey(USER, 'outbox'), [
      {
        version: 5,
        key: '01JD00000000000000000000KC',
        kind: 'rounds',
        action: 'add',
        id: R1,
        record: { ...blueNine, game: null },
        input: { ...blueNineInput, game: null },
      },
    ])
    stop = startRecords(USER)
    await vi.waitFor(async () => expect(await outboxOnDevice()).toEqual([]))
    await vi.waitFor(() => expect(useOutboxStore.getState().entries).toEqual([]))
    expect(useRoundsStore.getState().status).toBe('loading')
    expect(useRoundsStore.getState().byId[R1]).toMatchObject({ score: 39 })

    // The list was read before the round was stored: the round stays.
    answer([])
    await vi.waitFor(() => expect(useRoundsStore.getState().status).toBe('ready'))
    expect(useRoundsStore.getState().byId[R1]).toMatchObject({ score: 39 })
    feed().onHealth('live')
    feed().onHealth('interrupted')
    feed().onHealth('live')
    await vi.waitFor(() => expect(listRounds).toHaveBeenCalledTimes(2))
    expect(sent()).toEqual([['addRound', R1, { ...blueNineInput, game: null }]])
  })

  it("shows an unversioned outbox's changes over the rows until they are sent", async () => {
    vi.mocked(addCourse).mockRejectedValue(offline())
    await writeToDevice(deviceKey(USER, 'outbox'), UNVERSIONED_OUTBOX)
    await startOffline()
    expect(useCoursesStore.getState().byId[PEBBLE]?.name).toBe('Pebble Beach')
    expect(useRoundsStore.getState().byId[R1]?.score).toBe(88)
    expect(useRoundsStore.getState().pending[R3]).toBe('deleting')
  })
})

describe('a rejoin', () => {
  it('sends what waits once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.mocked(addCourse).mockRejectedValueOnce(offline())
    await writeToDevice(deviceKey(USER, 'outbox'), UNVERSIONED_OUTBOX.slice(0, 1))
    await startOffline()
    expect(addCourse).toHaveBeenCalledTimes(1)

    feed().onHealth('live')
    await vi.waitFor(async () => expect(await outboxOnDevice()).toEqual([]))
    expect(addCourse).toHaveBeenCalledTimes(2)
  })
})
