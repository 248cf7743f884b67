import { monotonicFactory } from 'ulid'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { queryAccountRecord } from '@/features/account/api/account-queries'
import type { AccountRecordRows } from '@/features/account/api/load-account-record'
import { coursesCsv, fullJson, roundsCsv } from '@/features/account/lib/export-files'
import { useCoursesStore } from '@/features/courses/stores/courses-store'
import { useTeesStore } from '@/features/courses/stores/tees-table'
import {
  HANDICAP_SETTINGS_COLUMNS,
  toHandicapSettings,
} from '@/features/handicap/api/handicap-settings-row'
import {
  selectCourseHandicapSource,
  selectStartingIndex,
  useHandicapSettingsStore,
} from '@/features/handicap/stores/handicap-settings-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { recordOnDevice } from '@/app/signed-in/record-on-device'
import { withWhsColumns } from '@/app/signed-in/whs-export'
import type { Database } from '@/lib/database.types'
import { COURSE_COLUMNS, courseFromRow, type CourseRow } from '@/lib/tables/courses'
import { ROUND_COLUMNS, roundFromRow, roundToInsert, type RoundRow } from '@/lib/tables/rounds'
import { TEE_COLUMNS, teeFromRow, type TeeRow } from '@/lib/tables/tees'
import { holeScoresOf } from '@/testing/fixtures'
import { newGolfer } from '../support/stack.ts'

const ulid = monotonicFactory()

// The app's one client is made when its modules load, and Node 20 has no WebSocket of its own.
vi.hoisted(async () => {
  const { WebSocket } = await import('ws')
  globalThis.WebSocket ??= WebSocket as never
})

/**
 * The two places the export reads a golfer's record — the device's stores (the usual one) and
 * the server (before the device has loaded it) — must write the same files: a round's game, a
 * nine's side, the starting index and the tees included. The device's stores are filled from the
 * server's rows as the sync fills them, and scored by the app's own handicap store.
 */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]
const BENS = STROKES.map((strokes, at) => (at === 3 ? 7 : strokes))

type Golfer = Awaited<ReturnType<typeof newGolfer>>
let golfer: Golfer

async function must<T>(request: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await request
  expect(error).toBeNull()
  return data as T
}

beforeAll(async () => {
  golfer = await newGolfer('export-paths')
  const db = golfer.client
  const links = ulid()
  const heath = ulid()
  await must(
    db.from('courses').insert([
      { id: links, name: 'Two Paths Links', rating: 72.4, slope: 131, par: 72 },
      { id: heath, name: 'Unplayed Heath', rating: 71.0, slope: 128 },
    ]),
  )
  const blue = ulid()
  const red = ulid()
  const tees: Database['public']['Tables']['tees']['Insert'][] = [
    {
      id: blue,
      course_id: links,
      name: 'Blue',
      course_rating: 73.9,
      slope_rating: 135,
      par: 72,
      hole_pars: PARS,
      stroke_indexes: INDEXES,
    },
    { id: red, course_id: links, name: 'Red', course_rating: 70.1, slope_rating: 125, par: 72 },
    { id: ulid(), course_id: heath, name: 'Gold', course_rating: 73.2, slope_rating: 136 },
  ]
  for (const tee of tees) await must(db.from('tees').insert(tee))
  const total = (score: number, playedOn: string) =>
    roundToInsert(ulid(), {
      courseId: links,
      teeId: red,
      nine: null,
      score,
      holeScores: null,
      playedOn,
    })
  const rounds = [
    total(84, '2026-10-01'),
    total(88, '2026-10-02'),
    // A card played as a match against Ben, who plays from Red.
    roundToInsert(ulid(), {
      courseId: links,
      teeId: blue,
      nine: null,
      score: 77,
      holeScores: holeScoresOf(STROKES, { putts: STROKES.map((s) => (s > 4 ? 2 : 1)) }),
      game: {
        format: 'match',
        allowancePercent: 100,
        playingHandicap: 2,
        strokesReceived: 2,
        partners: [
          {
            name: 'Ben',
            index: 12.3,
            teeId: red,
            teeName: 'Red',
            playingHandicap: 0,
            strokesReceived: 0,
            holeStrokes: BENS,
          },
        ],
      },
      playedOn: '2026-10-03',
    }),
    // Two nines from Blue, a pair: the front scored hole by hole, the back a total.
    roundToInsert(ulid(), {
      courseId: links,
      teeId: blue,
      nine: { side: 'front', rating: 36.9, slope: 133 },
      score: 39,
      holeScores: holeScoresOf(STROKES.slice(0, 9)),
      playedOn: '2026-10-04',
    }),
    roundToInsert(ulid(), {
      courseId: links,
      teeId: blue,
      nine: { side: 'back', rating: 37.0, slope: 137 },
      score: 41,
      holeScores: null,
      playedOn: '2026-10-05',
    }),
  ]
  for (const round of rounds) await must(db.from('rounds').insert(round))
  await must(
    db.from('handicap_settings').insert({ course_handicap_source: 'whs', starting_index: 14.2 }),
  )
})

/** The three files as the Export section writes them, from either path's record. */
function filesOf(record: AccountRecordRows) {
  const rounds = withWhsColumns(record.rounds)
  const settings = useHandicapSettingsStore.getState()
  return {
    rounds: roundsCsv(rounds),
    courses: coursesCsv(record.courses),
    everything: fullJson(
      {
        email: null,
        courses: record.courses,
        rounds,
        settings: {
          courseHandicapSource: selectCourseHandicapSource(settings),
          startingIndex: selectStartingIndex(settings),
        },
      },
      new Date('2026-11-28T00:00:00Z'),
    ),
  }
}

describe('the export from the device and from the server', () => {
  it('writes the same files, games, nines, tees and the starting index included', async () => {
    const db = golfer.client
    const fromServer = await queryAccountRecord(db, golfer.user.id)

    // The device holds what the sync would have loaded.
    const courses = await must(db.from('courses').select(COURSE_COLUMNS).order('id'))
    const tees = await must(db.from('tees').select(TEE_COLUMNS).order('id'))
    const rounds = await must(db.from('rounds').select(ROUND_COLUMNS).order('id'))
    const settings = await must(db.from('handicap_settings').select(HANDICAP_SETTINGS_COLUMNS))
    useHandicapSettingsStore.getState().hydrate(settings.map(toHandicapSettings))
    useCoursesStore.getState().hydrate((courses as CourseRow[]).map(courseFromRow))
    useTeesStore.getState().hydrate((tees as TeeRow[]).map(teeFromRow))
    useRoundsStore.getState().hydrate((rounds as unknown as RoundRow[]).map(roundFromRow))
    const onDevice = recordOnDevice()
    expect(onDevice).not.toBeNull()

    const device = filesOf(onDevice as AccountRecordRows)
    const server = filesOf(fromServer)
    // What is worth comparing is there: the game, a nine's side, a tee, the starting index.
    expect(server.rounds).toMatch(/""format"":""match""/)
    expect(server.rounds).toMatch(/,front,/)
    expect(server.courses).toMatch(/Unplayed Heath,71\.0,128,,Gold,/)
    expect(server.everything).toMatch(/"startingIndex": 14\.2/)

    expect(device.rounds.split('\r\n')).toEqual(server.rounds.split('\r\n'))
    expect(device.courses.split('\r\n')).toEqual(server.courses.split('\r\n'))
    expect(JSON.parse(device.everything)).toEqual(JSON.parse(server.everything))
    expect(device.everything).toBe(server.everything)
  })
})
