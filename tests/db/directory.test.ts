import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anon, callersOn, golfer, newAuthUser, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

const ulid = monotonicFactory()

/**
 * The course directory (issue 30 §2) at the database: every operation as two real golfers and a
 * visitor, with the role and JWT claims PostgREST would set; the snapshot a publish takes and a
 * copy makes; the limit of 20 publishes a day; and search with hostile text.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const { as, attempt } = callersOn(pool)
const run = (caller: Caller, statement: string, values: unknown[] = []) =>
  as(caller, (db) => db.query(statement, values))
const one = async <T>(caller: Caller, statement: string, values: unknown[] = []) =>
  (await run(caller, statement, values)).rows[0] as T

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]

let alice: string
let bob: string
let carol: string
const aliceCourse = ulid()
const aliceBlue = ulid()
const aliceNine = ulid()
const bobCourse = ulid()

const publish = (caller: Caller, courseId: string) =>
  one<{ id: string }>(caller, 'select public.publish_course($1) as id', [courseId]).then(
    (row) => row.id,
  )
const search = async (caller: Caller, query: string) =>
  (await run(caller, 'select id, name, tees from public.search_directory($1)', [query])).rows as {
    id: string
    name: string
    tees: Record<string, unknown>[]
  }[]

beforeAll(async () => {
  alice = await newAuthUser(pool, 'directory-alice')
  bob = await newAuthUser(pool, 'directory-bob')
  carol = await newAuthUser(pool, 'directory-carol')
  await run(
    golfer(alice),
    `insert into public.courses (id, name, rating, slope, par) values ($1, 'Château Élan Golf', 72.4, 131, 72)`,
    [aliceCourse],
  )
  await run(
    golfer(alice),
    `insert into public.tees (id, course_id, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
     values ($1, $2, 'Blue', 73.9, 135, 72, 18, $3, $4),
            ($5, $2, 'White front nine', 35.3, 121, 36, 9, null, null)`,
    [aliceBlue, aliceCourse, HOLE_PARS, STROKE_INDEXES, aliceNine],
  )
  await run(
    golfer(bob),
    `insert into public.courses (id, name, rating, slope) values ($1, 'Bob Downs', 70.1, 122)`,
    [bobCourse],
  )
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob, carol]])
  await pool.end()
})

describe('publishing', () => {
  let entry: string

  it('snapshots the caller’s own course with every tee and its hole data', async () => {
    entry = await publish(golfer(alice), aliceCourse)
    expect(entry).toMatch(ULID)
    const row = await one(
      golfer(bob),
      `select published_by, name, rating::text, slope, par, is_example from public.directory_courses where id = $1`,
      [entry],
    )
    expect(row).toEqual({
      published_by: alice,
      name: 'Château Élan Golf',
      rating: '72.4',
      slope: 131,
      par: 72,
      is_example: false,
    })
    const tees = await run(
      golfer(bob),
      `select position, name, course_rating::text, slope_rating, par, holes, hole_pars, stroke_indexes
       from public.directory_tees where directory_course_id = $1 order by position`,
      [entry],
    )
    expect(tees.rows).toEqual([
      {
        position: 1,
        name: 'Default',
        course_rating: '72.4',
        slope_rating: 131,
        par: 72,
        holes: 18,
        hole_pars: null,
        stroke_indexes: null,
      },
      {
        position: 2,
        name: 'Blue',
        course_rating: '73.9',
        slope_rating: 135,
        par: 72,
        holes: 18,
        hole_pars: HOLE_PARS,
        stroke_indexes: STROKE_INDEXES,
      },
      {
        position: 3,
        name: 'White front nine',
        course_rating: '35.3',
        slope_rating: 121,
        par: 36,
        holes: 9,
        hole_pars: null,
        stroke_indexes: null,
      },
    ])
  })

  it('replaces the snapshot when published again, under the same directory id', async () => {
    await run(golfer(alice), `update public.courses set name = 'Chateau Elan' where id = $1`, [
      aliceCourse,
    ])
    await run(golfer(alice), `delete from public.tees where id = $1`, [aliceNine])
    expect(await publish(golfer(alice), aliceCourse)).toBe(entry)
    const row = await one<{ name: string; tees: number }>(
      golfer(bob),
      `select name, (select count(*)::int from public.directory_tees t where t.directory_course_id = d.id) as tees
       from public.directory_courses d where id = $1`,
      [entry],
    )
    expect(row).toEqual({ name: 'Chateau Elan', tees: 2 })
    await run(golfer(alice), `update public.courses set name = 'Château Élan Golf' where id = $1`, [
      aliceCourse,
    ])
    expect(await publish(golfer(alice), aliceCourse)).toBe(entry)
  })

  it('refuses another golfer’s course and an unknown id with the same message', async () => {
    const refusal = {
      code: '42501',
      message: 'only one of your own courses can be published',
    }
    await expect(
      attempt(golfer(bob), 'select public.publish_course($1)', [aliceCourse]),
    ).rejects.toMatchObject(refusal)
    await expect(
      attempt(golfer(bob), 'select public.publish_course($1)', [ulid()]),
    ).rejects.toMatchObject(refusal)
  })

  it('lets a visitor neither publish nor read', async () => {
    for (const statement of [
      `select public.publish_course('${aliceCourse}')`,
      `select public.withdraw_course('${entry}')`,
      `select public.copy_directory_course('${entry}')`,
      `select * from public.search_directory('chateau')`,
      'select * from public.directory_courses',
      'select * from public.directory_tees',
    ]) {
      await expect(attempt(anon, statement)).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('refuses direct inserts, updates and deletes from a signed-in golfer, even the publisher', async () => {
    const statements = [
      `insert into public.directory_courses (id, published_by, source_course_id, name, rating, slope, search_name)
       values ('${ulid()}', '${alice}', '${aliceCourse}', 'Fake', 70, 113, 'fake')`,
      `update public.directory_courses set name = 'Renamed' where id = '${entry}'`,
      `delete from public.directory_courses where id = '${entry}'`,
      `insert into public.directory_tees (directory_course_id, position, name, course_rating, slope_rating, holes)
       values ('${entry}', 9, 'Fake', 70, 113, 18)`,
      `update public.directory_tees set slope_rating = 155 where directory_course_id = '${entry}'`,
      `delete from public.directory_tees where directory_course_id = '${entry}'`,
    ]
    for (const caller of [golfer(alice), golfer(bob)]) {
      for (const statement of statements) {
        await expect(attempt(caller, statement)).rejects.toMatchObject({ code: '42501' })
      }
    }
  })

  it("holds a directory tee to a tee's bounds, even when the database's owner writes it", async () => {
    const tee = { course_rating: 70, slope_rating: 113, par: 72, holes: 18 }
    for (const broken of [
      { holes: 12 },
      { course_rating: 19.9 },
      { holes: 9, course_rating: 46, par: 36 },
      { slope_rating: 156 },
      { par: 91 },
      { hole_pars: [...HOLE_PARS.slice(1), 7] },
      { stroke_indexes: [...STROKE_INDEXES.slice(1), 3] },
    ]) {
      const row = { ...tee, hole_pars: null, stroke_indexes: null, ...broken }
      const columns = Object.keys(row)
      const refusal = await pool
        .query(
          `insert into public.directory_tees (directory_course_id, position, name, ${columns.join(', ')})
           values ($1, 99, 'Broken', ${columns.map((_, at) => `$${at + 2}`).join(', ')})`,
          [entry, ...Object.values(row)],
        )
        .then(
          () => 'stored',
          (error: { constraint?: string }) => error.constraint,
        )
      expect({ broken, refusal }).toEqual({ broken, refusal: 'directory_tees_hold_a_tees_bounds' })
    }
  })

  it('refuses the 21st publish of a day, counted whatever was published', async () => {
    const courses = Array.from({ length: 21 }, () => ulid())
    for (const [index, id] of courses.entries()) {
      await run(
        golfer(carol),
        `insert into public.courses (id, name, rating, slope) values ($1, $2, 70.0, 113)`,
        [id, `Carol course ${index + 1}`],
      )
    }
    // Publishing one course twenty times counts twenty: a republish is a publish.
    for (let time = 0; time < 19; time += 1) await publish(golfer(carol), courses[0] as string)
    await publish(golfer(carol), courses[1] as string)
    await expect(
      attempt(golfer(carol), 'select public.publish_course($1)', [courses[2]]),
    ).rejects.toMatchObject({
      code: 'P0001',
      message: 'a golfer can publish at most 20 courses a day',
    })
    const count = await one<{ entries: number }>(
      golfer(carol),
      `select count(*)::int as entries from public.directory_courses where published_by = $1`,
      [carol],
    )
    expect(count).toEqual({ entries: 2 })
  })
})

describe('copying', () => {
  let entry: string

  beforeAll(async () => {
    entry = await publish(golfer(alice), aliceCourse)
  })

  it('copies the course and its tees into the caller’s own list as new rows', async () => {
    const copy = (
      await one<{ id: string }>(golfer(bob), 'select public.copy_directory_course($1) as id', [
        entry,
      ])
    ).id
    expect(copy).toMatch(ULID)
    expect(copy).not.toBe(aliceCourse)
    const course = await one(
      golfer(bob),
      `select user_id, name, rating::text, slope, par from public.courses where id = $1`,
      [copy],
    )
    expect(course).toEqual({
      user_id: bob,
      name: 'Château Élan Golf',
      rating: '72.4',
      slope: 131,
      par: 72,
    })
    const tees = await run(
      golfer(bob),
      `select id, user_id, name, course_rating::text, slope_rating, par, holes, hole_pars, stroke_indexes
       from public.tees where course_id = $1 order by created_at, id`,
      [copy],
    )
    expect(
      tees.rows.map(({ id, ...tee }: { id: string }) => ({ ulid: ULID.test(id), ...tee })),
    ).toEqual([
      {
        ulid: true,
        user_id: bob,
        name: 'Default',
        course_rating: '72.4',
        slope_rating: 131,
        par: 72,
        holes: 18,
        hole_pars: null,
        stroke_indexes: null,
      },
      {
        ulid: true,
        user_id: bob,
        name: 'Blue',
        course_rating: '73.9',
        slope_rating: 135,
        par: 72,
        holes: 18,
        hole_pars: HOLE_PARS,
        stroke_indexes: STROKE_INDEXES,
      },
    ])
    // The publisher's later changes never touch the copy, nor the copy the publisher's course.
    await run(golfer(alice), `update public.tees set slope_rating = 140 where id = $1`, [aliceBlue])
    await publish(golfer(alice), aliceCourse)
    await run(golfer(bob), `update public.courses set name = 'Bob’s Chateau' where id = $1`, [copy])
    const after = await one(
      golfer(bob),
      `select c.name, t.slope_rating from public.courses c join public.tees t on t.course_id = c.id
       where c.id = $1 and t.name = 'Blue'`,
      [copy],
    )
    expect(after).toEqual({ name: 'Bob’s Chateau', slope_rating: 135 })
    const alices = await one(golfer(alice), `select name from public.courses where id = $1`, [
      aliceCourse,
    ])
    expect(alices).toEqual({ name: 'Château Élan Golf' })
  })

  it('refuses an unknown entry, and a withdrawn one, with a message', async () => {
    const refusal = {
      code: 'PT404',
      message: 'this course is not in the directory (it may have been withdrawn)',
    }
    await expect(
      attempt(golfer(bob), 'select public.copy_directory_course($1)', [ulid()]),
    ).rejects.toMatchObject(refusal)
    const bobsEntry = await publish(golfer(bob), bobCourse)
    await run(golfer(bob), 'select public.withdraw_course($1)', [bobsEntry])
    await expect(
      attempt(golfer(alice), 'select public.copy_directory_course($1)', [bobsEntry]),
    ).rejects.toMatchObject(refusal)
  })
})

describe('withdrawing', () => {
  it('refuses another golfer’s entry and leaves it, then lets the publisher withdraw it', async () => {
    const entry = await publish(golfer(alice), aliceCourse)
    await expect(
      attempt(golfer(bob), 'select public.withdraw_course($1)', [entry]),
    ).rejects.toMatchObject({
      code: '42501',
      message: 'only a course you published can be withdrawn',
    })
    await expect(
      attempt(golfer(bob), 'select public.withdraw_course($1)', [ulid()]),
    ).rejects.toMatchObject({ code: '42501' })
    expect((await search(golfer(bob), 'chateau')).map((row) => row.id)).toContain(entry)
    await run(golfer(alice), 'select public.withdraw_course($1)', [entry])
    const left = await one(
      golfer(bob),
      `select (select count(*)::int from public.directory_courses where id = $1) as entries,
              (select count(*)::int from public.directory_tees where directory_course_id = $1) as tees`,
      [entry],
    )
    expect(left).toEqual({ entries: 0, tees: 0 })
    // Publishing again after a withdrawal makes a new entry.
    expect(await publish(golfer(alice), aliceCourse)).not.toBe(entry)
  })
})

describe('search', () => {
  it('finds an entry by any word of its name, whatever its case and accents', async () => {
    for (const query of ['chateau', 'ÉLAN', 'golf château', '  elan   chat ', 'Chât']) {
      const names = (await search(golfer(bob), query)).map((row) => row.name)
      expect(names, query).toContain('Château Élan Golf')
    }
    for (const query of ['chateaux', 'elan downs']) {
      expect(
        (await search(golfer(bob), query)).map((row) => row.name),
        query,
      ).not.toContain('Château Élan Golf')
    }
  })

  it('answers with the tees in order', async () => {
    const [found] = (await search(golfer(bob), 'élan')).filter(
      (row) => row.name === 'Château Élan Golf',
    )
    expect(found?.tees.map((tee) => [tee.position, tee.name, tee.holes])).toEqual([
      [1, 'Default', 18],
      [2, 'Blue', 18],
    ])
    expect(found?.tees[1]).toMatchObject({ hole_pars: HOLE_PARS, course_rating: 73.9 })
  })

  it('treats LIKE’s own characters as text and never fails on hostile input', async () => {
    for (const query of [
      '%',
      '_',
      '%%%',
      '\\',
      "'",
      '"',
      "'; drop table public.directory_courses; --",
      'x'.repeat(10_000),
      '% _ \\ % _ \\ a b c d e f g',
    ]) {
      await expect(search(golfer(bob), query)).resolves.toEqual([])
    }
  })

  it('with no word, lists the latest entries', async () => {
    expect((await search(golfer(bob), '   ')).length).toBeGreaterThan(0)
  })
})
