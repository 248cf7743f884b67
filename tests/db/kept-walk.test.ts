import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/testing/seeded-random.ts'
import { callersOn, golfer, newAuthUser, serviceRole, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Issue 29 §3: the handicap views read the walk as the database keeps it (private.walked_rounds,
 * private.golfer_handicaps), so every write that changes what the walk reads must walk its golfer
 * again, in the same transaction: an added, edited, deleted and undone round, the settings, an
 * import (walked once at its end), and two writers at once. Every course is rated 72.0 / 113, so
 * a differential is the counted score less 72; with 3 entries the index is the lowest less 2.0.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as } = callersOn(pool)

/** Pebble Beach's men's card (par 72): hole 1 is a par 4 of stroke index 6. */
const HOLE_PARS = [4, 5, 4, 4, 3, 5, 3, 4, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5]
const STROKE_INDEXES = [6, 10, 12, 16, 14, 2, 18, 4, 8, 3, 9, 17, 7, 1, 13, 11, 15, 5]

const golfers: string[] = []

afterAll(async () => {
  await pool.query('delete from auth.users where id = any ($1)', [golfers])
  await pool.end()
})

async function newGolfer(label: string) {
  const id = await newAuthUser(pool, label)
  golfers.push(id)
  return id
}

/** A course of the golfer's, rated 72.0 / 113, whose first tee has the card's holes. */
async function courseOf(user: string) {
  const course = ulid()
  await as(golfer(user), async (db) => {
    await db.query(
      `insert into public.courses (id, name, rating, slope, par) values ($1, 'Kept', 72.0, 113, 72)`,
      [course],
    )
    await db.query('update public.tees set hole_pars = $2, stroke_indexes = $3 where id = $1', [
      course,
      HOLE_PARS,
      STROKE_INDEXES,
    ])
  })
  return course
}

const addRound = (user: string, course: string, score: number, playedOn: string) => {
  const id = ulid()
  return as(golfer(user), (db) =>
    db.query(
      'insert into public.rounds (id, course_id, score, played_on) values ($1, $2, $3, $4)',
      [id, course, score, playedOn],
    ),
  ).then(() => id)
}

/** What the golfer reads: the index and estimate, and each round's differential and counting. */
const read = (user: string) =>
  as(
    golfer(user),
    async (db) => ({
      index: (
        await db.query<{ rounds_count: number; handicap_index: string | null }>(
          'select rounds_count, handicap_index::text from public.handicap_indexes',
        )
      ).rows,
      whs: (
        await db.query<{ whs_index: string | null }>(
          'select whs_index::text from public.whs_indexes',
        )
      ).rows,
      rounds: (
        await db.query<{ score: number; differential: string | null; counts: boolean }>(
          `select score, differential::text, counts from public.round_differentials
           order by played_on, id`,
        )
      ).rows,
    }),
    'rollback',
  )

/** Every column the walk writes (private.walked_round), in record order. */
const WALKED_COLUMNS = `user_id, round_id, played_on, differential, adjusted_differential,
  exceptional_reduction, index_after, low_index, cap, counts, adjusted_score, course_handicap,
  entry_id, paired_with, spec_index_after, entry_score, entry_course_rating, entry_slope_rating,
  entry_par`

/**
 * The kept rows against the walk made now from the rounds and settings (private.walks_of, read
 * as the owner), from the first round whatever the last write touched: every column, whether
 * each round counts for the spec's index (ranked over every entry), and the golfer's row
 * against the walk's last round.
 */
async function expectFreshWalk(user: string, step: string) {
  const kept = await pool.query(
    `select ${WALKED_COLUMNS}, counts_for_index from private.walked_rounds where user_id = $1
     order by played_on, round_id`,
    [user],
  )
  const live = await pool.query(
    `with live as (select * from private.walks_of(array[$1::uuid])),
     ranked as (
       select entry_id,
              row_number() over (order by differential, played_on desc, entry_id desc) as position,
              count(*) over () as entries
       from live where round_id = entry_id
     )
     select ${WALKED_COLUMNS.replace(/(\w+)/g, 'l.$1')},
            coalesce(r.position <= (private.differentials_used(r.entries)).counted, false)
              as counts_for_index
     from live as l left join ranked as r on r.entry_id = l.entry_id
     order by l.played_on, l.round_id`,
    [user],
  )
  expect(kept.rows, step).toEqual(live.rows)
  const last = live.rows.at(-1) as Record<string, unknown> | undefined
  const golferRow = await pool.query(
    `select rounds, rounds_count, waiting_nines, handicap_index, whs_index, low_index, cap
     from private.golfer_handicaps where user_id = $1`,
    [user],
  )
  expect(golferRow.rows, step).toEqual([
    {
      rounds: live.rows.length,
      rounds_count: live.rows.filter((row) => row.round_id === row.entry_id).length,
      waiting_nines: live.rows.filter((row) => row.entry_id === null).length,
      handicap_index: last?.spec_index_after ?? null,
      whs_index: last?.index_after ?? null,
      low_index: last?.low_index ?? null,
      cap: last?.cap ?? null,
    },
  ])
}

describe('the kept walk', () => {
  it('follows every write to a golfer’s rounds, and no write that leaves the copies', async () => {
    const alice = await newGolfer('kept-alice')
    const course = await courseOf(alice)
    const first = await addRound(alice, course, 82, '2026-01-01')
    const second = await addRound(alice, course, 84, '2026-01-02')
    await addRound(alice, course, 86, '2026-01-03')
    // 10.0, 12.0, 14.0: the lowest less 2.0.
    expect(await read(alice)).toEqual({
      index: [{ rounds_count: 3, handicap_index: '8.0' }],
      whs: [{ whs_index: '8.0' }],
      rounds: [
        { score: 82, differential: '10.0', counts: true },
        { score: 84, differential: '12.0', counts: false },
        { score: 86, differential: '14.0', counts: false },
      ],
    })

    // 18.0, 12.0, 14.0: 12.0 − 2.0.
    await as(golfer(alice), (db) =>
      db.query('update public.rounds set score = 90 where id = $1', [first]),
    )
    expect((await read(alice)).index).toEqual([{ rounds_count: 3, handicap_index: '10.0' }])

    // Two entries: no index yet.
    await as(golfer(alice), (db) => db.query('delete from public.rounds where id = $1', [second]))
    expect(await read(alice)).toMatchObject({
      index: [{ rounds_count: 2, handicap_index: null }],
      whs: [{ whs_index: null }],
    })

    await as(golfer(alice), (db) => db.query(`select public.undo_deletion('rounds', $1)`, [second]))
    expect(await read(alice)).toMatchObject({
      index: [{ rounds_count: 3, handicap_index: '10.0' }],
      rounds: [
        { score: 90, differential: '18.0', counts: false },
        { score: 84, differential: '12.0', counts: true },
        { score: 86, differential: '14.0', counts: false },
      ],
    })

    // The course deleted: its rounds lose their course_id and keep their copies, so nobody is
    // walked (the golfer's row is not even rewritten) and nothing moves.
    const before = await pool.query<{ xmin: string }>(
      'select xmin::text from private.golfer_handicaps where user_id = $1',
      [alice],
    )
    await as(golfer(alice), (db) => db.query('delete from public.courses where id = $1', [course]))
    const after = await pool.query<{ xmin: string }>(
      'select xmin::text from private.golfer_handicaps where user_id = $1',
      [alice],
    )
    expect(after.rows).toEqual(before.rows)
    expect((await read(alice)).index).toEqual([{ rounds_count: 3, handicap_index: '10.0' }])

    // No rounds left: no index row and no round, as for a golfer who never had any.
    await as(golfer(alice), (db) => db.query('delete from public.rounds'))
    expect(await read(alice)).toEqual({ index: [], whs: [], rounds: [] })
  })

  it('follows the starting index, off which a first card counts its adjusted gross', async () => {
    const bob = await newGolfer('kept-bob')
    const course = await courseOf(bob)
    // Par on every hole but a 10 on hole 1 (par 4, stroke index 6): 78 gross.
    const strokes = HOLE_PARS.map((par, hole) => (hole === 0 ? 10 : par))
    await as(golfer(bob), (db) =>
      db.query(
        `insert into public.rounds (id, course_id, score, played_on, hole_strokes)
         values ($1, $2, 78, '2026-02-01', $3)`,
        [ulid(), course, strokes],
      ),
    )
    const adjusted = async () =>
      (
        await as(
          golfer(bob),
          (db) =>
            db.query<{ adjusted_score: number; differential: string | null }>(
              'select adjusted_score, differential::text from public.round_differentials',
            ),
          'rollback',
        )
      ).rows
    const setStarting = (value: string | null) =>
      as(golfer(bob), (db) =>
        db.query(
          `insert into public.handicap_settings (starting_index) values ($1)
           on conflict (user_id) do update set starting_index = excluded.starting_index`,
          [value],
        ),
      )
    // No index: hole 1 held to par + 5 = 9, so 77, and 5.0 over 72.0.
    expect(await adjusted()).toEqual([{ adjusted_score: 77, differential: '5.0' }])
    // 0.0: course handicap 0, hole 1 held to par + 2 = 6: 74.
    await setStarting('0.0')
    expect(await adjusted()).toEqual([{ adjusted_score: 74, differential: '2.0' }])
    // 36.0: course handicap 36, two strokes a hole, hole 1 held to par + 4 = 8: 76.
    await setStarting('36.0')
    expect(await adjusted()).toEqual([{ adjusted_score: 76, differential: '4.0' }])
    // The settings row gone: no starting index again.
    await as(golfer(bob), (db) => db.query('delete from public.handicap_settings'))
    expect(await adjusted()).toEqual([{ adjusted_score: 77, differential: '5.0' }])
  })

  it('is walked once at the end of an import, cards (added row by row) included', async () => {
    const carol = await newGolfer('kept-carol')
    const par = HOLE_PARS
    const row = (day: string, score: number, card: boolean) => ({
      round_id: ulid(),
      course_id: ulid(),
      course_name: 'Imported',
      course_rating: 72.0,
      slope_rating: 113,
      played_on: day,
      score,
      ...(card ? { hole_pars: par, stroke_indexes: STROKE_INDEXES, hole_strokes: par } : {}),
    })
    const result = await as(golfer(carol), (db) =>
      db.query<{ result: { rounds_added: number } }>(
        'select public.import_rounds($1::jsonb) as result',
        [
          JSON.stringify([
            row('2026-03-01', 80, false),
            row('2026-03-02', 72, true),
            row('2026-03-03', 72, true),
          ]),
        ],
      ),
    )
    expect(result.rows[0]?.result.rounds_added).toBe(3)
    // 8.0, 0.0, 0.0: the lowest less 2.0; of the two equal ones the later counts.
    expect(await read(carol)).toEqual({
      index: [{ rounds_count: 3, handicap_index: '-2.0' }],
      whs: [{ whs_index: '-2.0' }],
      rounds: [
        { score: 80, differential: '8.0', counts: false },
        { score: 72, differential: '0.0', counts: false },
        { score: 72, differential: '0.0', counts: true },
      ],
    })
  })

  it('takes two writers of one golfer in turn: the second walks the first one’s round', async () => {
    const dave = await newGolfer('kept-dave')
    const course = await courseOf(dave)
    await addRound(dave, course, 82, '2026-04-01')
    await addRound(dave, course, 84, '2026-04-02')
    const [one, two] = [await pool.connect(), await pool.connect()]
    try {
      for (const db of [one, two]) {
        await db.query('begin')
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: dave, role: 'authenticated', aud: 'authenticated' }),
        ])
        await db.query('set local role authenticated')
      }
      const insert =
        'insert into public.rounds (id, course_id, score, played_on) values ($1, $2, $3, $4)'
      const twoPid = (await two.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
        ?.pid
      await one.query(insert, [ulid(), course, 86, '2026-04-03'])
      const pending = two.query(insert, [ulid(), course, 88, '2026-04-04'])
      // The second waits for the first's lock on the golfer's row (a condition, polled).
      for (;;) {
        const { rows } = await pool.query<{ wait: string | null }>(
          'select wait_event_type as wait from pg_stat_activity where pid = $1',
          [twoPid],
        )
        if (rows[0]?.wait === 'Lock') break
      }
      await one.query('commit')
      await pending
      await two.query('commit')
    } finally {
      one.release()
      two.release()
    }
    // 10.0, 12.0, 14.0, 16.0: four entries, the lowest less 1.0.
    expect((await read(dave)).index).toEqual([{ rounds_count: 4, handicap_index: '9.0' }])
  })

  it('stays the walk of the record as it is after 120 random writes of every kind', async () => {
    const erin = await newGolfer('kept-erin')
    const course = await courseOf(erin)
    const random = seededRandom(29_003)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
    const day = () => `2026-05-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
    const card = () => HOLE_PARS.map((par) => par - 1 + Math.floor(random() * 6))
    const sum = (strokes: number[]) => strokes.reduce((total, n) => total + n, 0)
    const rounds: { id: string; card: boolean }[] = []
    const write = (statement: string, values: unknown[]) =>
      as(golfer(erin), (db) => db.query(statement, values))
    const compare = (step: string) => expectFreshWalk(erin, step)
    for (let step = 0; step < 120; step++) {
      const roll = random()
      let what: string
      if (roll < 0.45 || rounds.length < 3) {
        const id = ulid()
        const kind = pick(['total', 'card', 'nine'] as const)
        what = `add a ${kind}`
        if (kind === 'card') {
          const strokes = card()
          await write(
            `insert into public.rounds (id, course_id, score, played_on, hole_strokes)
             values ($1, $2, $3, $4, $5)`,
            [id, course, sum(strokes), day(), strokes],
          )
        } else if (kind === 'nine') {
          await write(
            `insert into public.rounds (id, course_id, tee_id, nine, course_rating, slope_rating, score, played_on)
             values ($1, $2, $2, 'front', 36.0, 113, $3, $4)`,
            [id, course, 36 + Math.floor(random() * 14), day()],
          )
        } else {
          await write(
            'insert into public.rounds (id, course_id, score, played_on) values ($1, $2, $3, $4)',
            [id, course, 70 + Math.floor(random() * 30), day()],
          )
        }
        rounds.push({ id, card: kind === 'card' })
      } else if (roll < 0.65) {
        const round = pick(rounds)
        what = `move ${round.id} to another day`
        await write('update public.rounds set played_on = $2 where id = $1', [round.id, day()])
      } else if (roll < 0.8) {
        const round = pick(rounds)
        what = `correct ${round.id}`
        if (round.card) {
          const strokes = card()
          await write('update public.rounds set score = $2, hole_strokes = $3 where id = $1', [
            round.id,
            sum(strokes),
            strokes,
          ])
        } else {
          await write('update public.rounds set score = score + $2 where id = $1', [
            round.id,
            random() < 0.5 ? -1 : 1,
          ])
        }
      } else if (roll < 0.92) {
        const [round] = rounds.splice(Math.floor(random() * rounds.length), 1)
        what = `delete ${round?.id}`
        await write('delete from public.rounds where id = $1', [round?.id])
      } else {
        const source = pick(['spec', 'whs'] as const)
        const starting = random() < 0.5 ? null : (Math.floor(random() * 400) / 10).toFixed(1)
        what = `settings ${source} ${starting}`
        await write(
          `insert into public.handicap_settings (course_handicap_source, starting_index)
           values ($1, $2)
           on conflict (user_id) do update
             set course_handicap_source = excluded.course_handicap_source,
                 starting_index = excluded.starting_index`,
          [source, starting],
        )
      }
      await compare(`step ${step}: ${what}`)
    }
  })

  it('rewrites the rows before the changed day that the rounds after it decide', async () => {
    // Issue 44: a write leaves the rows before its day as kept, except what later rounds decide:
    // the adjusted differentials (reductions of the 19 entries after), the latest 20's counting,
    // the spec's counting over every entry, and a waiting nine that a new nine pairs with.
    const gail = await newGolfer('kept-gail')
    const course = await courseOf(gail)
    for (const [score, day] of [
      [92, '2026-07-01'],
      [94, '2026-07-02'],
      [96, '2026-07-03'],
    ] as const) {
      await addRound(gail, course, score, day)
    }
    const nine = (score: number, day: string) =>
      as(golfer(gail), (db) =>
        db.query(
          `insert into public.rounds
             (id, course_id, tee_id, nine, course_rating, slope_rating, score, played_on)
           values ($1, $2, $2, 'front', 36.0, 113, $3, $4)`,
          [ulid(), course, score, day],
        ),
      )
    await nine(40, '2026-07-04')
    const rows = async () =>
      (
        await pool.query(
          `select w.played_on::text as day, w.differential::text, w.adjusted_differential::text,
                  w.counts, r.counts as counts_for_index, r.paired_with is not null as paired
           from public.whs_history as w join public.round_differentials as r on r.id = w.round_id
           where r.user_id = $1
           order by w.played_on, w.round_id`,
          [gail],
        )
      ).rows
    // 20.0, 22.0, 24.0 (estimate 18.0) and a nine waiting.
    expect(await rows()).toEqual([
      {
        day: '2026-07-01',
        differential: '20.0',
        adjusted_differential: '20.0',
        counts: true,
        counts_for_index: true,
        paired: false,
      },
      {
        day: '2026-07-02',
        differential: '22.0',
        adjusted_differential: '22.0',
        counts: false,
        counts_for_index: false,
        paired: false,
      },
      {
        day: '2026-07-03',
        differential: '24.0',
        adjusted_differential: '24.0',
        counts: false,
        counts_for_index: false,
        paired: false,
      },
      {
        day: '2026-07-04',
        differential: null,
        adjusted_differential: null,
        counts: false,
        counts_for_index: false,
        paired: false,
      },
    ])
    // 0.0, 18.0 below the estimate in effect: 2.0 off it and the three before; it is the lowest.
    await addRound(gail, course, 72, '2026-07-05')
    // A nine of 40: with the one waiting, 80 on 72.0 / 113, 8.0.
    await nine(40, '2026-07-06')
    expect(await rows()).toEqual([
      {
        day: '2026-07-01',
        differential: '20.0',
        adjusted_differential: '18.0',
        counts: false,
        counts_for_index: false,
        paired: false,
      },
      {
        day: '2026-07-02',
        differential: '22.0',
        adjusted_differential: '20.0',
        counts: false,
        counts_for_index: false,
        paired: false,
      },
      {
        day: '2026-07-03',
        differential: '24.0',
        adjusted_differential: '22.0',
        counts: false,
        counts_for_index: false,
        paired: false,
      },
      {
        day: '2026-07-04',
        differential: '8.0',
        adjusted_differential: '8.0',
        counts: false,
        counts_for_index: false,
        paired: true,
      },
      {
        day: '2026-07-05',
        differential: '0.0',
        adjusted_differential: '-2.0',
        counts: true,
        counts_for_index: true,
        paired: false,
      },
      {
        day: '2026-07-06',
        differential: '8.0',
        adjusted_differential: '8.0',
        counts: false,
        counts_for_index: false,
        paired: true,
      },
    ])
    await expectFreshWalk(gail, 'after the nine')
  })

  it('resumes on any day of a record as the walk from its first round would go on', async () => {
    // The walk resumed from the kept rows before each day of a long record (private.walk_start)
    // against the walk from its first round, for both sources of the index in effect.
    const hana = await newGolfer('kept-hana')
    const course = await courseOf(hana)
    await as(golfer(hana), async (db) => {
      await db.query('select setseed(0.44)')
      await db.query(
        `insert into public.rounds (id, course_id, score, played_on, hole_strokes)
         select $2 || lpad(g::text, 8, '0'), $1, 58 + floor(random() * 50)::integer,
                date '2024-01-01' + floor(random() * 900)::integer, null
         from generate_series(1, 100) as g`,
        [course, '01M8H9K7QCE8Q7RYYV'],
      )
      await db.query(
        `insert into public.rounds
           (id, course_id, tee_id, nine, course_rating, slope_rating, score, played_on)
         select $2 || lpad(g::text, 8, '0'), $1, $1, 'back', 36.0, 113,
                30 + floor(random() * 24)::integer, date '2024-01-01' + floor(random() * 900)::integer
         from generate_series(1, 40) as g`,
        [course, '01M8H9K7QCE8Q7RYYW'],
      )
    })
    for (const [source, starting] of [
      ['spec', null],
      ['whs', '12.0'],
    ] as const) {
      await as(golfer(hana), (db) =>
        db.query(
          `insert into public.handicap_settings (course_handicap_source, starting_index)
           values ($1, $2)
           on conflict (user_id) do update
             set course_handicap_source = excluded.course_handicap_source,
                 starting_index = excluded.starting_index`,
          [source, starting],
        ),
      )
      const { rows } = await pool.query<{ day: string; differing: number; rows: number }>(
        `with fresh as (select w.* from private.walks_of(array[$1::uuid]) as w),
         days as (select distinct r.played_on as day from public.rounds as r where r.user_id = $1),
         resumed as (
           select days.day, w.*
           from days
           cross join lateral private.walk_rows(private.walk_steps(
             private.walk_start($1, days.day),
             array(
               select r from public.rounds as r
               where r.user_id = $1 and r.played_on >= days.day
               order by r.played_on, r.id
             ),
             $2, $3
           )) as w
         )
         select r.day::text, count(*)::integer as rows,
                (count(*) filter (where f is distinct from row(r.user_id, r.round_id, r.played_on,
                  r.differential, r.adjusted_differential, r.exceptional_reduction, r.index_after,
                  r.low_index, r.cap, r.counts, r.adjusted_score, r.course_handicap, r.entry_id,
                  r.paired_with, r.spec_index_after, r.entry_score, r.entry_course_rating,
                  r.entry_slope_rating, r.entry_par)::private.walked_round))::integer as differing
         from resumed as r left join fresh as f on f.round_id = r.round_id
         group by r.day order by r.day`,
        [hana, source, starting],
      )
      expect(rows.length, source).toBeGreaterThan(100)
      expect(
        rows.filter((row) => row.differing > 0),
        source,
      ).toEqual([])
    }
  })

  it('walks a write from its earliest day on and still matches a fresh walk: a long record', async () => {
    // Issue 44: the rows before the earliest day a statement touches stay as kept, and the walk
    // resumes there. Three years of days (so the low index's 365 days slide), scores wide enough
    // for exceptional reductions and both caps, a third of the rounds nines (a new nine pairs
    // with one kept as waiting), and statements that touch several rounds and days at once.
    const fay = await newGolfer('kept-fay')
    const course = await courseOf(fay)
    const random = seededRandom(44_004)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
    const dayOf = (offset: number) =>
      new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10)
    let lastDay = 900
    const day = () => dayOf(Math.floor(random() * lastDay))
    const card = () => HOLE_PARS.map((par) => par - 2 + Math.floor(random() * 8))
    const sum = (strokes: number[]) => strokes.reduce((total, n) => total + n, 0)
    const rounds: { id: string; card: boolean }[] = []
    const write = (statement: string, values: unknown[]) =>
      as(golfer(fay), (db) => db.query(statement, values))
    // Scores from `low` up, over 50 strokes (a round added today is a worse one: the index rises
    // above its low, so the caps act).
    const totals = (count: number, days: () => string, low = 58) => {
      const ids = Array.from({ length: count }, () => ulid())
      rounds.push(...ids.map((id) => ({ id, card: false })))
      return write(
        `insert into public.rounds (id, course_id, score, played_on)
         select id, $2, score, played_on from unnest($1::text[], $3::int[], $4::date[])
           as t (id, score, played_on)`,
        [ids, course, ids.map(() => low + Math.floor(random() * 50)), ids.map(days)],
      )
    }
    const nines = (count: number, days: () => string) => {
      const ids = Array.from({ length: count }, () => ulid())
      rounds.push(...ids.map((id) => ({ id, card: false })))
      return write(
        `insert into public.rounds
           (id, course_id, tee_id, nine, course_rating, slope_rating, score, played_on)
         select id, $2, $2, 'back', 36.0, 113, score, played_on
         from unnest($1::text[], $3::int[], $4::date[]) as t (id, score, played_on)`,
        [ids, course, ids.map(() => 30 + Math.floor(random() * 24)), ids.map(days)],
      )
    }
    await totals(60, day)
    await nines(16, day)
    await expectFreshWalk(fay, 'the record to start from')
    for (let step = 0; step < 150; step++) {
      const roll = random()
      let what: string
      if (roll < 0.38 || rounds.length < 5) {
        // Half of them on a day after every other, as a golfer adds today's round.
        const latest = random() < 0.5
        const when = latest ? () => dayOf(++lastDay) : day
        const kind = pick(['total', 'card', 'nine'] as const)
        what = `add a ${kind}${latest ? ' today' : ''}`
        if (kind === 'card') {
          const id = ulid()
          const strokes = card()
          await write(
            `insert into public.rounds (id, course_id, score, played_on, hole_strokes)
             values ($1, $2, $3, $4, $5)`,
            [id, course, sum(strokes), when(), strokes],
          )
          rounds.push({ id, card: true })
        } else if (kind === 'nine') {
          await nines(1, when)
        } else {
          await totals(1, when, latest ? 80 : 58)
        }
      } else if (roll < 0.55) {
        const round = pick(rounds)
        what = `move ${round.id} to another day`
        await write('update public.rounds set played_on = $2 where id = $1', [round.id, day()])
      } else if (roll < 0.62) {
        const moved = [pick(rounds).id, pick(rounds).id]
        what = `move ${moved.join(' and ')} in one statement`
        await write(
          `update public.rounds set played_on = played_on + (case when id = $1 then -40 else 25 end)
           where id = any ($2)`,
          [moved[0], moved],
        )
      } else if (roll < 0.72) {
        const round = pick(rounds)
        what = `correct ${round.id}`
        if (round.card) {
          const strokes = card()
          await write('update public.rounds set score = $2, hole_strokes = $3 where id = $1', [
            round.id,
            sum(strokes),
            strokes,
          ])
        } else {
          await write('update public.rounds set score = score + $2 where id = $1', [
            round.id,
            random() < 0.5 ? -3 : 3,
          ])
        }
      } else if (roll < 0.8) {
        const [round] = rounds.splice(Math.floor(random() * rounds.length), 1)
        what = `delete ${round?.id}`
        await write('delete from public.rounds where id = $1', [round?.id])
      } else if (roll < 0.84) {
        const gone = [0, 1, 2].map(() => rounds.splice(Math.floor(random() * rounds.length), 1))
        const ids = gone.flat().map((round) => round.id)
        what = `delete ${ids.join(', ')} in one statement`
        await write('delete from public.rounds where id = any ($1)', [ids])
      } else if (roll < 0.92) {
        const round = rounds.at(-1)
        what = `delete the last added, ${round?.id}`
        rounds.pop()
        await write('delete from public.rounds where id = $1', [round?.id])
      } else {
        const source = pick(['spec', 'whs'] as const)
        const starting = random() < 0.5 ? null : (Math.floor(random() * 400) / 10).toFixed(1)
        what = `settings ${source} ${starting}`
        await write(
          `insert into public.handicap_settings (course_handicap_source, starting_index)
           values ($1, $2)
           on conflict (user_id) do update
             set course_handicap_source = excluded.course_handicap_source,
                 starting_index = excluded.starting_index`,
          [source, starting],
        )
      }
      await expectFreshWalk(fay, `step ${step}: ${what}`)
    }
    // Not vacuous: the record has what makes a walk resume hard.
    const { rows } = await pool.query<Record<string, number>>(
      `select count(*) filter (where exceptional_reduction > 0)::integer as exceptional,
              count(*) filter (where cap <> 'none')::integer as capped,
              count(*) filter (where paired_with is not null)::integer as paired,
              count(*) filter (where low_index is not null)::integer as low
       from private.walked_rounds where user_id = $1`,
      [fay],
    )
    expect(rows[0]?.exceptional).toBeGreaterThan(0)
    expect(rows[0]?.capped).toBeGreaterThan(0)
    expect(rows[0]?.paired).toBeGreaterThan(0)
    expect(rows[0]?.low).toBeGreaterThan(0)
  })

  it('shows the service role every golfer, and a golfer only their own', async () => {
    const [frank, gina] = [await newGolfer('kept-frank'), await newGolfer('kept-gina')]
    for (const [user, score] of [
      [frank, 82],
      [gina, 90],
    ] as const) {
      const course = await courseOf(user)
      for (const playedOn of ['2026-06-01', '2026-06-02', '2026-06-03']) {
        await addRound(user, course, score, playedOn)
      }
    }
    const indexes = (caller: Caller) =>
      as(
        caller,
        async (db) =>
          (
            await db.query<{ user_id: string; handicap_index: string }>(
              `select user_id, handicap_index::text from public.handicap_indexes
               where user_id = any ($1)`,
              [[frank, gina]],
            )
          ).rows,
        'rollback',
      )
    // Three rounds of 10.0 (or 18.0): the lowest less 2.0.
    expect(await indexes(serviceRole)).toEqual(
      [
        { user_id: frank, handicap_index: '8.0' },
        { user_id: gina, handicap_index: '16.0' },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    )
    expect(await indexes(golfer(gina))).toEqual([{ user_id: gina, handicap_index: '16.0' }])
  })

  it('leaves every handicap view a plain read: no plan runs a function', async () => {
    for (const view of [
      'round_differentials',
      'handicap_indexes',
      'handicap_history',
      'scoring_entries',
      'whs_history',
      'whs_indexes',
      'course_handicaps',
    ]) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain select * from public.${view}`,
      )
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
      expect(plan, view).not.toMatch(/Function Scan/)
      expect(plan, view).toMatch(/walked_rounds|golfer_handicaps/)
    }
  })
})
