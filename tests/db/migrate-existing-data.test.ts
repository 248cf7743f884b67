import { randomUUID } from 'node:crypto'
import { chmod, copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { cliDbUrl, runSupabaseCli, startDatabase, type Database } from 'local-supabase'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'

/**
 * The record's migrations go to databases that already hold golfers' rounds: a database is built
 * with only the migrations that came before them, given courses and rounds, and then brought up to
 * date with `supabase db push` as a hosted project would be. Nothing may be lost or changed, and
 * every old round gets the day it was added as its day played.
 */
const OLD_MIGRATIONS = [
  '20261122000100_courses.sql',
  '20261122000200_rounds.sql',
  '20261122000300_handicap_views.sql',
]

let root: string
let database: Database
let pool: pg.Pool

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hcpfast-migrate-test-'))
  await chmod(root, 0o755)
  const oldProject = path.join(root, 'project')
  await mkdir(path.join(oldProject, 'supabase', 'migrations'), { recursive: true })
  await copyFile(
    path.join(PROJECT_ROOT, 'supabase', 'config.toml'),
    path.join(oldProject, 'supabase', 'config.toml'),
  )
  for (const file of OLD_MIGRATIONS) {
    await copyFile(
      path.join(PROJECT_ROOT, 'supabase', 'migrations', file),
      path.join(oldProject, 'supabase', 'migrations', file),
    )
  }
  database = await startDatabase({
    projectDir: oldProject,
    dataDir: path.join(root, 'db'),
    port: 0,
    fsync: false,
    seed: false,
  })
  pool = new pg.Pool({ connectionString: database.dbUrl, max: 2 })
  // The server may end idle connections (the migration push, the stop); the next query reconnects.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
}, 120_000)

afterAll(async () => {
  await pool?.end()
  await database?.stop()
  if (root) await rm(root, { recursive: true, force: true })
})

const snapshot = async () => {
  const courses = await pool.query(
    'select id, user_id, name, rating::text, slope, created_at from public.courses order by id',
  )
  const rounds = await pool.query(
    `select id, user_id, course_id, course_name, course_rating::text, slope_rating, score,
            created_at from public.rounds order by id`,
  )
  return { courses: courses.rows, rounds: rounds.rows }
}

it('applies the new migrations to a database with rounds, losing and changing nothing', async () => {
  const golfer = randomUUID()
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now())`,
    [golfer, `migrate-${golfer}@db.test`],
  )
  await pool.query(
    `insert into public.courses (id, user_id, name, rating, slope) values
       ('01KAAAAAAAAAAAAAAAAAAAAAA1', $1, 'Old Links', 71.4, 127),
       ('01KAAAAAAAAAAAAAAAAAAAAAA2', $1, 'Old Heath', 68.0, 113),
       ('01KAAAAAAAAAAAAAAAAAAAAAA3', $1, 'Gone Moor', 70.0, 120)`,
    [golfer],
  )
  // Rounds added on days long past (created_at set as a row written then would have it).
  await pool.query(
    `insert into public.rounds (id, user_id, course_id, course_name, course_rating, slope_rating, score, created_at)
     select '01KBBBBBBBBBBBBBBBBBBBBB' || lpad(n::text, 2, '0'), $1,
            case when n = 21 then '01KAAAAAAAAAAAAAAAAAAAAAA3'
                 when n % 2 = 0 then '01KAAAAAAAAAAAAAAAAAAAAAA1' else '01KAAAAAAAAAAAAAAAAAAAAAA2' end,
            '', 20, 55, 70 + n, timestamptz '2025-03-01 23:30:00+00' + n * interval '3 days'
     from generate_series(10, 21) as n`,
    [golfer],
  )
  // The last round's course is deleted before the migrations: it has no course, keeps its copies.
  await pool.query(`delete from public.courses where id = '01KAAAAAAAAAAAAAAAAAAAAAA3'`)
  // The day a round was added, in UTC, is its day played after the migration.
  const expectedDays = Array.from({ length: 12 }, (_, i) => {
    const day = new Date(Date.UTC(2025, 2, 1, 23, 30) + (i + 10) * 3 * 86_400_000)
    return day.toISOString().slice(0, 10)
  })
  const before = await snapshot()
  expect(before.rounds).toHaveLength(12)
  const indexBefore = await pool.query(
    'select rounds_count, handicap_index::text from public.handicap_indexes where user_id = $1',
    [golfer],
  )

  await runSupabaseCli(PROJECT_ROOT, [
    'db',
    'push',
    '--db-url',
    cliDbUrl(database.dbUrl),
    '--include-all',
    '--yes',
  ])

  expect(await snapshot()).toEqual(before)
  const days = await pool.query<{ played_on: string }>(
    'select played_on::text from public.rounds order by id',
  )
  expect(days.rows.map((row) => row.played_on)).toEqual(expectedDays)
  const indexAfter = await pool.query(
    'select rounds_count, handicap_index::text from public.handicap_indexes where user_id = $1',
    [golfer],
  )
  expect(indexAfter.rows).toEqual(indexBefore.rows)
  const columns = await pool.query(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and column_name in ('played_on', 'par') order by 1, 2`,
  )
  expect(columns.rows).toEqual([
    { table_name: 'card_players', column_name: 'par' },
    { table_name: 'cards', column_name: 'played_on' },
    { table_name: 'courses', column_name: 'par' },
    { table_name: 'directory_courses', column_name: 'par' },
    { table_name: 'directory_tees', column_name: 'par' },
    { table_name: 'handicap_history', column_name: 'played_on' },
    { table_name: 'my_open_cards', column_name: 'played_on' },
    { table_name: 'round_differentials', column_name: 'played_on' },
    { table_name: 'rounds', column_name: 'par' },
    { table_name: 'rounds', column_name: 'played_on' },
    { table_name: 'scoring_entries', column_name: 'par' },
    { table_name: 'scoring_entries', column_name: 'played_on' },
    { table_name: 'tees', column_name: 'par' },
    { table_name: 'whs_history', column_name: 'played_on' },
  ])

  // Tees (issue 22): each course gets one 18-hole tee, 'Default', with its own id, values and
  // creation time; each round on a course is played from it, with 18 holes; a round whose
  // course was deleted has no tee and keeps its copies.
  const tees = await pool.query(
    `select t.id, t.course_id, t.user_id, t.name, t.course_rating::text, t.slope_rating, t.par,
            t.holes, t.hole_pars, t.stroke_indexes, t.created_at = c.created_at as as_old
     from public.tees as t join public.courses as c on c.id = t.course_id order by t.id`,
  )
  expect(tees.rows).toEqual([
    {
      id: '01KAAAAAAAAAAAAAAAAAAAAAA1',
      course_id: '01KAAAAAAAAAAAAAAAAAAAAAA1',
      user_id: golfer,
      name: 'Default',
      course_rating: '71.4',
      slope_rating: 127,
      par: null,
      holes: 18,
      hole_pars: null,
      stroke_indexes: null,
      as_old: true,
    },
    {
      id: '01KAAAAAAAAAAAAAAAAAAAAAA2',
      course_id: '01KAAAAAAAAAAAAAAAAAAAAAA2',
      user_id: golfer,
      name: 'Default',
      course_rating: '68.0',
      slope_rating: 113,
      par: null,
      holes: 18,
      hole_pars: null,
      stroke_indexes: null,
      as_old: true,
    },
  ])
  const played = await pool.query(
    `select course_id, tee_id, tee_name, holes, nine, count(*)::integer as rounds
     from public.rounds group by 1, 2, 3, 4, 5 order by 1 nulls last`,
  )
  expect(played.rows).toEqual([
    {
      course_id: '01KAAAAAAAAAAAAAAAAAAAAAA1',
      tee_id: '01KAAAAAAAAAAAAAAAAAAAAAA1',
      tee_name: 'Default',
      holes: 18,
      nine: null,
      rounds: 6,
    },
    {
      course_id: '01KAAAAAAAAAAAAAAAAAAAAAA2',
      tee_id: '01KAAAAAAAAAAAAAAAAAAAAAA2',
      tee_name: 'Default',
      holes: 18,
      nine: null,
      rounds: 5,
    },
    { course_id: null, tee_id: null, tee_name: null, holes: 18, nine: null, rounds: 1 },
  ])
}, 120_000)
