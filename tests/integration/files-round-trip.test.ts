import { monotonicFactory } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { callImportRounds, queryAccountRecord } from '@/features/account/api/account-queries'
import { coursesCsv, fullJson, roundsCsv } from '@/features/account/lib/export-files'
import { planImportFile } from '@/features/account/lib/import-file'
import { ROUND_COLUMNS, roundFromRow, roundToInsert, type RoundRow } from '@/lib/tables/rounds'
import type { Database } from '@/lib/database.types'
import { gameResult } from '@/features/scorecard/lib/game-result'
import { holeScoresOf } from '@/testing/fixtures'
import { newGolfer } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Issue 30 §4: export → import into an empty account gives the same courses, tees (with their
 * holes, a tee no round was played on too), rounds (a pair of nines with their sides, cards
 * with their holes) and settings, and so the same numbers: each round's differential, adjusted
 * gross and counts mark, HCP, the WHS estimate and every tee's course handicap, as the database's
 * views give them. Everything through the app's own code: the export's server read
 * (queryAccountRecord), the JSON file (fullJson), the import's plan and its one RPC (callImportRounds),
 * with real supabase-js clients, Postgres and RLS.
 */
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
// Front 5+4+3+6+4+5+3+4+5 = 39, back 4+3+5+6+4+4+3+5+4 = 38: 77.
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]
// A par 71 of other holes: 4+5+3+4+4+3+5+4+4 = 36 out, 4+3+4+5+4+3+4+4+4 = 35 in.
const GOLD_PARS = [4, 5, 3, 4, 4, 3, 5, 4, 4, 4, 3, 4, 5, 4, 3, 4, 4, 4]
const GOLD_INDEXES = [9, 1, 17, 5, 3, 15, 7, 11, 13, 10, 18, 2, 6, 8, 16, 4, 12, 14]
// Red has its holes' pars but no stroke indexes: 72.
const RED_PARS = [4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 3, 5, 4]
// The card played as a match against Ben, the golfer picking up on hole 4 (par 5, index 1): kept
// as its net double bogey off a course handicap of 3, 5 + 2 + 1 = 8 (79). Ben makes a 9 there
// and otherwise the golfer's strokes.
const PICKED_UP_STROKES = STROKES.map((strokes, at) => (at === 3 ? 8 : strokes))
const BENS = STROKES.map((strokes, at) => (at === 3 ? 9 : strokes))

type Golfer = Awaited<ReturnType<typeof newGolfer>>
let player: Golfer
let newcomer: Golfer

async function must<T>(request: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await request
  expect(error).toBeNull()
  return data as T
}

beforeAll(async () => {
  player = await newGolfer('files-trip')
  newcomer = await newGolfer('files-trip-new')
  const db = player.client
  const park = ulid()
  const links = ulid()
  const heath = ulid()
  await must(
    db.from('courses').insert([
      { id: park, name: 'Second Park', rating: 72.0, slope: 113, par: 72 },
      { id: links, name: 'Round Trip Links', rating: 72.4, slope: 131 },
      { id: heath, name: 'Unplayed Heath', rating: 71.0, slope: 128, par: 71 },
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
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
    },
    {
      id: red,
      course_id: links,
      name: 'Red',
      course_rating: 70.1,
      slope_rating: 125,
      par: 72,
      hole_pars: RED_PARS,
    },
    {
      id: ulid(),
      course_id: links,
      name: 'Forward',
      course_rating: 34.0,
      slope_rating: 115,
      par: 35,
      holes: 9,
    },
    {
      id: ulid(),
      course_id: heath,
      name: 'Gold',
      course_rating: 73.2,
      slope_rating: 136,
      par: 71,
      hole_pars: GOLD_PARS,
      stroke_indexes: GOLD_INDEXES,
    },
  ]
  for (const tee of tees) {
    // One at a time: each tee made after the last, as a golfer adds them.
    await must(db.from('tees').insert(tee))
  }
  const rounds = [
    // 72.0 / 113: each differential is the score less 72.
    ...[80, 84, 90, 86].map((score, at) =>
      roundToInsert(ulid(), {
        courseId: park,
        teeId: null,
        nine: null,
        score,
        holeScores: null,
        playedOn: `2026-10-0${at + 1}`,
      }),
    ),
    roundToInsert(ulid(), {
      courseId: links,
      teeId: blue,
      nine: null,
      score: 79,
      holeScores: holeScoresOf(PICKED_UP_STROKES, {
        putts: PICKED_UP_STROKES.map((strokes) => (strokes > 4 ? 2 : 1)),
      }),
      game: {
        format: 'match',
        allowancePercent: 100,
        playingHandicap: 3,
        strokesReceived: 3,
        partners: [
          {
            name: 'Ben',
            index: -0.4,
            teeId: red,
            teeName: 'Red',
            playingHandicap: 0,
            strokesReceived: 0,
            holeStrokes: BENS,
          },
        ],
        pickedUp: [4],
      },
      playedOn: '2026-10-05',
    }),
    // A pair of nines from Blue: the front scored hole by hole (39), the back as a total.
    roundToInsert(ulid(), {
      courseId: links,
      teeId: blue,
      nine: { side: 'front', rating: 36.9, slope: 133 },
      score: 39,
      holeScores: holeScoresOf(STROKES.slice(0, 9)),
      playedOn: '2026-10-06',
    }),
    roundToInsert(ulid(), {
      courseId: links,
      teeId: blue,
      nine: { side: 'back', rating: 37.0, slope: 137 },
      score: 41,
      holeScores: null,
      playedOn: '2026-10-07',
    }),
    roundToInsert(ulid(), {
      courseId: links,
      teeId: null,
      nine: null,
      score: 88,
      holeScores: null,
      playedOn: '2026-10-08',
    }),
  ]
  for (const round of rounds) await must(db.from('rounds').insert(round))
  await must(
    db.from('handicap_settings').insert({ course_handicap_source: 'whs', starting_index: 14.2 }),
  )
})

/** Everything of a golfer's that the round trip must keep, without ids and times. */
async function everything(golfer: Golfer) {
  const db = golfer.client
  const courses = await must(db.from('courses').select('id, name, rating, slope, par'))
  const name = new Map(courses.map((course) => [course.id, course.name]))
  const tees = await must(
    db
      .from('tees')
      .select(
        'id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes',
      )
      .order('created_at')
      .order('id'),
  )
  const teeName = new Map(tees.map((tee) => [tee.id, `${name.get(tee.course_id)} / ${tee.name}`]))
  const rounds = (
    (await must(
      db.from('rounds').select(ROUND_COLUMNS).order('played_on'),
    )) as unknown as RoundRow[]
  ).map(roundFromRow)
  const differentials = await must(
    db
      .from('round_differentials')
      .select('played_on, score, differential, counts, adjusted_score')
      .order('played_on'),
  )
  const handicaps = await must(
    db.from('course_handicaps').select('tee_id, course_handicap, handicap_source, handicap_index'),
  )
  return {
    courses: courses
      .map(({ id: _id, ...course }) => ({ ...course, rating: Number(course.rating) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    tees: tees
      .map(({ id: _id, course_id, ...tee }) => ({
        course: name.get(course_id),
        ...tee,
        course_rating: Number(tee.course_rating),
      }))
      .sort((a, b) => (a.course ?? '').localeCompare(b.course ?? '')),
    rounds: rounds.map(({ id: _id, courseId: _c, teeId, createdAt: _t, ...round }) => ({
      tee: teeId === null ? null : teeName.get(teeId),
      ...round,
      // A partner's tee by its name: the import finds the new account's tee of that name.
      game: round.game && {
        ...round.game,
        partners: round.game.partners.map(({ teeId: partnerTee, ...partner }) => ({
          ...partner,
          tee: teeName.get(partnerTee),
        })),
      },
      result: gameResult({ ...round, teeId }),
    })),
    differentials: differentials.map((row) => ({
      ...row,
      differential: row.differential === null ? null : Number(row.differential),
    })),
    hcp: await must(
      db.from('handicap_indexes').select('rounds_count, handicap_index, waiting_nines'),
    ),
    whs: await must(db.from('whs_indexes').select('whs_index, low_index, cap')),
    courseHandicaps: handicaps
      .map(({ tee_id, ...row }) => ({ tee: teeName.get(tee_id as string), ...row }))
      .sort((a, b) => (a.tee ?? '').localeCompare(b.tee ?? '')),
    settings: await must(
      db.from('handicap_settings').select('course_handicap_source, starting_index'),
    ),
  }
}

describe('export, then import into an empty account', () => {
  it('gives the same courses, tees, rounds, settings and numbers, and a second import adds nothing', async () => {
    const before = await everything(player)
    // The record as arranged, and numbers worth comparing (a file that lost them all would
    // compare equal to an empty account's).
    expect(before.courses.map((course) => course.name)).toEqual([
      'Round Trip Links',
      'Second Park',
      'Unplayed Heath',
    ])
    expect(before.tees).toHaveLength(7)
    expect(before.rounds.map((round) => [round.playedOn, round.tee, round.nine])).toEqual([
      ['2026-10-01', 'Second Park / Default', null],
      ['2026-10-02', 'Second Park / Default', null],
      ['2026-10-03', 'Second Park / Default', null],
      ['2026-10-04', 'Second Park / Default', null],
      ['2026-10-05', 'Round Trip Links / Blue', null],
      ['2026-10-06', 'Round Trip Links / Blue', 'front'],
      ['2026-10-07', 'Round Trip Links / Blue', 'back'],
      ['2026-10-08', 'Round Trip Links / Default', null],
    ])
    // The match as the Rules have it: hole 4 picked up is lost (Ben's 9 beats no score), holes
    // 2 and 12 won with the golfer's strokes (index 3 and 2): 1 up. Its 8 would have won hole 4.
    expect(before.rounds[4]?.game?.pickedUp).toEqual([4])
    expect(before.rounds[4]?.result).toBe('Match: won 1 up against Ben')
    expect(before.rounds[4]?.game?.partners[0]?.tee).toBe('Round Trip Links / Red')
    // 72.0 / 113: the differential is the score less 72.
    expect(before.differentials.slice(0, 4).map((row) => row.differential)).toEqual([8, 12, 18, 14])
    expect(before.hcp[0]?.handicap_index).not.toBeNull()
    expect(before.whs[0]?.whs_index).not.toBeNull()
    expect(before.courseHandicaps.filter((row) => row.course_handicap !== null)).not.toEqual([])
    expect(before.settings).toEqual([{ course_handicap_source: 'whs', starting_index: 14.2 }])

    // Export, as the Account screen's "Download everything (JSON)" writes it from the server.
    const record = await queryAccountRecord(player.client, player.user.id)
    const file = fullJson(
      {
        email: player.email,
        ...record,
        settings: { courseHandicapSource: 'whs', startingIndex: 14.2 },
      },
      new Date('2026-11-26T12:00:00Z'),
    )
    // The courses CSV has a line per tee, the tee no round was played on too.
    expect(coursesCsv(record.courses).split('\r\n')).toContain(
      'Unplayed Heath,71.0,128,71,Gold,73.2,136,71,18,4 5 3 4 4 3 5 4 4 4 3 4 5 4 3 4 4 4,9 1 17 5 3 15 7 11 13 10 18 2 6 8 16 4 12 14',
    )
    // The rounds CSV has each round's nine, par and adjusted gross.
    expect(roundsCsv(record.rounds).split('\r\n')[2]).toMatch(
      /^2026-10-07,Round Trip Links,37\.0,137,41,Blue,9,back,36,41,/,
    )

    // Import into an empty account: the preview, then the one call.
    const empty = await queryAccountRecord(newcomer.client, newcomer.user.id)
    const plan = planImportFile(file, empty, '2026-11-26')
    expect(plan.fileError).toBeNull()
    expect(plan.problems).toEqual([])
    expect(plan.toAdd).toHaveLength(8)
    expect(plan.tees).toHaveLength(7)
    expect(plan.settings).toEqual({ courseHandicapSource: 'whs', startingIndex: 14.2 })
    expect(await callImportRounds(newcomer.client, plan)).toEqual({
      coursesAdded: 3,
      roundsAdded: 8,
      roundsSkipped: 0,
      teesAdded: 7,
      settingsChanged: true,
    })

    expect(await everything(newcomer)).toEqual(before)

    // The same file again: the preview has nothing to add, and the call adds nothing.
    const again = planImportFile(
      file,
      await queryAccountRecord(newcomer.client, newcomer.user.id),
      '2026-11-26',
    )
    expect(again.toAdd).toEqual([])
    expect(again.tees).toEqual([])
    expect(again.duplicates).toHaveLength(8)
    expect(await callImportRounds(newcomer.client, plan)).toMatchObject({
      coursesAdded: 0,
      roundsAdded: 0,
      teesAdded: 0,
    })
    expect(await everything(newcomer)).toEqual(before)
  })

  it('refuses a bad tee or setting with its place and field, and stores nothing', async () => {
    const golfer = await newGolfer('files-trip-bad')
    const file = (courses: unknown, settings: unknown) =>
      JSON.stringify({ format: 'hcpfast-export', version: 2, courses, rounds: [], settings })
    const tee = {
      name: 'White',
      rating: 71.2,
      slope: 127,
      par: 72,
      holes: 18,
      holePars: HOLE_PARS,
      strokeIndexes: STROKE_INDEXES,
    }
    const course = { name: 'Bad Park', rating: 71.2, slope: 127, par: 72 }
    const plan = planImportFile(
      file(
        [
          {
            ...course,
            tees: [
              { ...tee, strokeIndexes: STROKE_INDEXES.slice(0, 17) },
              { ...tee, name: 'Red', holePars: [7, ...HOLE_PARS.slice(1)], par: 75 },
            ],
          },
        ],
        { courseHandicapSource: 'ega', startingIndex: 60 },
      ),
      { courses: [], rounds: [] },
      '2026-11-26',
    )
    expect(plan.problems).toEqual([
      {
        line: 1,
        at: 'Course 1 (Bad Park), tee 1 (White)',
        reason: 'The stroke indexes must list 18 values, one per hole (found 17)',
      },
      {
        line: 2,
        at: 'Course 1 (Bad Park), tee 2 (Red)',
        reason: 'Hole 1: the par must be 3 to 6',
      },
      {
        line: 0,
        at: 'Settings',
        reason:
          'The course handicap source must be spec (HCP) or whs (the WHS estimate), not "ega"; the starting index must be from -10.0 to 54.0 (a plus index is negative), in tenths, not 60',
      },
    ])
    // Sent anyway (an older or a hostile client), the database refuses it whole: a 400, no 500.
    const { error, status } = await golfer.client.rpc('import_rounds', {
      payload: {
        rounds: [],
        tees: [
          {
            tee_id: ulid(),
            course_id: ulid(),
            course_name: 'Bad Park',
            course_rating: 71.2,
            slope_rating: 127,
            course_par: 72,
            tee_name: 'White',
            rating: 71.2,
            slope: 127,
            par: 72,
            holes: 18,
            hole_pars: HOLE_PARS,
            stroke_indexes: STROKE_INDEXES.slice(0, 17),
          },
        ],
        settings: { course_handicap_source: 'whs', starting_index: 60 },
      },
    })
    expect(status).toBe(400)
    expect(error?.message).toBe(
      'settings: the starting index must be from -10.0 to 54.0, in tenths',
    )
    expect(await must(golfer.client.from('courses').select('id'))).toEqual([])
    expect(await must(golfer.client.from('handicap_settings').select('user_id'))).toEqual([])
  })
})
