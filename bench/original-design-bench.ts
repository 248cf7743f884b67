import type { SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { ulid } from 'ulid'
import { handicapIndex, type ScoredRound } from '../src/features/handicap/lib/handicap-index.ts'
import type { Database } from '../src/lib/database.types.ts'
import { seededRandom } from '../src/testing/seeded-random.ts'
import { benchClient, countingFetch, median, round, startBenchStack } from './support.ts'

/**
 * Issue 5: ours (RLS filters in the database) against the original design (read the whole
 * `courses` and `rounds` collections and filter in the browser), for one golfer among 1,000 × 50
 * rounds, on the same stack in the same run:
 *
 * - bytes of response bodies and time to first full render (both lists received and parsed and
 *   the handicap index computed) through the real supabase-js client and the local REST API. The
 *   original app had no RLS, so it is emulated with the secret key (service_role), which reads
 *   every row; REST caps a read at `[api] max_rows`, so it pages, with every page after the first
 *   requested at once, the fastest a client can do it.
 * - the database's time for `select * from rounds` as the golfer, with our policy
 *   (`user_id = (select auth.uid())`, index on user_id) against the naive `auth.uid() = user_id`
 *   without an index, on copies of the table so the real schema is untouched.
 *
 * Run alone: `npx tsx bench/original-design-bench.ts`.
 */
export async function benchOriginalDesign(
  options: {
    golfers?: number
    coursesPerGolfer?: number
    roundsPerGolfer?: number
    repetitions?: number
  } = {},
) {
  const golfers = options.golfers ?? 1000
  const coursesPerGolfer = options.coursesPerGolfer ?? 5
  const roundsPerGolfer = options.roundsPerGolfer ?? 50
  const repetitions = options.repetitions ?? 20
  // Without the demo golfer of seed.sql, so the tables hold exactly the golfers loaded here.
  const { stack, stop } = await startBenchStack({ seed: false })
  const admin = new pg.Pool({ connectionString: stack.superuserDbUrl, max: 2 })
  try {
    const ours = countingFetch()
    const golferClient = benchClient(stack, { fetch: ours.fetch })
    const { data: signUp, error } = await golferClient.auth.signUp({
      email: 'measured@bench.test',
      password: 'bench-password',
    })
    if (error || !signUp.user) throw error ?? new Error('sign-up failed')
    const golferId = signUp.user.id

    const loadStarted = performance.now()
    await loadGolfers(admin, golferId, { golfers, coursesPerGolfer, roundsPerGolfer })
    await createRlsVariants(admin)
    const loadSeconds = round((performance.now() - loadStarted) / 1000, 1)
    const {
      rows: [stored],
    } = await admin.query<{ users: number; courses: number; rounds: number }>(
      `select (select count(*) from auth.users)::int as users,
         (select count(*) from public.courses)::int as courses,
         (select count(*) from public.rounds)::int as rounds`,
    )
    const realtimeCaughtUp = await waitForChangeFeed(admin, 120_000)

    const original = countingFetch()
    const serviceClient = benchClient(stack, { key: stack.keys.secret, fetch: original.fetch })

    const render = {
      ours: [] as number[],
      original: [] as number[],
    }
    const measure = async (
      counter: ReturnType<typeof countingFetch>,
      load: () => Promise<Screen>,
      samples: number[] | undefined,
    ) => {
      counter.reset()
      const started = performance.now()
      const screen = await load()
      samples?.push(performance.now() - started)
      return { screen, bytes: counter.bytes, requests: counter.requests }
    }
    const loadOurs = () => measure(ours, () => oursScreen(golferClient), render.ours)
    const loadOriginal = () =>
      measure(original, () => originalScreen(serviceClient, golferId), render.original)

    // Warm both paths (JIT, connections, Postgres caches) before any sample counts.
    for (let i = 0; i < 2; i++) {
      await measure(ours, () => oursScreen(golferClient), undefined)
      await measure(original, () => originalScreen(serviceClient, golferId), undefined)
    }
    let oursLast = await loadOurs()
    let originalLast = await loadOriginal()
    for (let i = 1; i < repetitions; i++) {
      // Alternate which goes first so neither always runs on the other's leftovers.
      if (i % 2) {
        originalLast = await loadOriginal()
        oursLast = await loadOurs()
      } else {
        oursLast = await loadOurs()
        originalLast = await loadOriginal()
      }
    }
    const same =
      oursLast.screen.index === originalLast.screen.index &&
      oursLast.screen.courses === originalLast.screen.courses &&
      oursLast.screen.rounds === originalLast.screen.rounds &&
      oursLast.screen.rounds === roundsPerGolfer
    if (!same) {
      throw new Error(
        `the two designs disagree: ${JSON.stringify({ ours: oursLast.screen, original: originalLast.screen })}`,
      )
    }
    const oursMs = median(render.ours)
    const originalMs = median(render.original)

    const rls = await timeRlsVariants(admin, golferId, repetitions)

    return {
      data: {
        golfers,
        courses_per_golfer: coursesPerGolfer,
        rounds_per_golfer: roundsPerGolfer,
        stored,
        load_seconds: loadSeconds,
        realtime_feed_caught_up_before_measuring: realtimeCaughtUp,
      },
      screen: oursLast.screen,
      first_full_render: {
        note: 'Time from the first request to both lists parsed and the handicap index computed (React rendering the same 50 rows is common to both and left out). Body bytes as received (the local REST API does not compress). Client and stack share one Node process. Median of the repetitions.',
        repetitions,
        ours: { bytes: oursLast.bytes, requests: oursLast.requests, median_ms: round(oursMs) },
        original: {
          bytes: originalLast.bytes,
          requests: originalLast.requests,
          median_ms: round(originalMs),
        },
        bytes_ratio_original_to_ours: round(originalLast.bytes / oursLast.bytes, 1),
        time_ratio_original_to_ours: round(originalMs / oursMs, 1),
      },
      rls_query: rls,
    }
  } finally {
    await admin.end()
    await stop()
  }
}

interface Screen {
  courses: number
  rounds: number
  index: number | null
}

type RoundRow = Database['public']['Tables']['rounds']['Row']
type CourseRow = Database['public']['Tables']['courses']['Row']

const scored = (row: RoundRow): ScoredRound => ({
  score: Number(row.score),
  courseRating: Number(row.course_rating),
  slopeRating: Number(row.slope_rating),
})

async function oursScreen(client: SupabaseClient<Database>): Promise<Screen> {
  const [courses, rounds] = await Promise.all([
    client.from('courses').select('*'),
    client.from('rounds').select('*'),
  ])
  if (courses.error) throw new Error(courses.error.message)
  if (rounds.error) throw new Error(rounds.error.message)
  return {
    courses: courses.data.length,
    rounds: rounds.data.length,
    index: handicapIndex(rounds.data.map(scored)),
  }
}

async function originalScreen(client: SupabaseClient<Database>, golferId: string): Promise<Screen> {
  const [courses, rounds] = await Promise.all([
    everyRow<CourseRow>(client, 'courses'),
    everyRow<RoundRow>(client, 'rounds'),
  ])
  const mine = rounds.filter((row) => row.user_id === golferId)
  return {
    courses: courses.filter((row) => row.user_id === golferId).length,
    rounds: mine.length,
    index: handicapIndex(mine.map(scored)),
  }
}

/** The whole table: the first page says how many rows there are, the rest are fetched at once. */
async function everyRow<Row>(
  client: SupabaseClient<Database>,
  table: 'courses' | 'rounds',
): Promise<Row[]> {
  const first = await client.from(table).select('*', { count: 'exact' }).order('id').range(0, 999)
  if (first.error) throw new Error(first.error.message)
  const total = first.count ?? first.data.length
  const pageSize = first.data.length
  if (pageSize === 0) return []
  const pages = await Promise.all(
    Array.from({ length: Math.ceil(total / pageSize) - 1 }, (_, i) =>
      client
        .from(table)
        .select('*')
        .order('id')
        .range((i + 1) * pageSize, (i + 2) * pageSize - 1),
    ),
  )
  const rows = [first.data, ...pages.map((page) => page.data ?? [])].flat() as Row[]
  const failed = pages.find((page) => page.error)
  if (failed?.error) throw new Error(failed.error.message)
  if (rows.length !== total) throw new Error(`${table}: read ${rows.length} of ${total} rows`)
  return rows
}

/** Deterministic whole numbers in [0, below), the same in every run. */
function seeded(seed: number) {
  const random = seededRandom(seed)
  return (below: number) => Math.floor(random() * below)
}

/**
 * The other golfers go straight into auth.users (a sign-up each through the API would spend
 * minutes in bcrypt), and everyone's courses and rounds in bulk with SQL as the superuser. The
 * rounds' triggers stay on, so copy_course_into_round fills the course copies as it does for the
 * app. The measured golfer sits in the middle of the others.
 */
async function loadGolfers(
  admin: pg.Pool,
  golferId: string,
  shape: { golfers: number; coursesPerGolfer: number; roundsPerGolfer: number },
) {
  const { rows } = await admin.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
       email_confirmed_at, confirmation_token, recovery_token, email_change_token_new,
       email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
       'authenticated', 'bulk-' || n || '@bench.test', '', now(), '', '', '', '',
       '{"provider":"email","providers":["email"]}', '{}', now(), now()
     from generate_series(1, $1::int) as n
     returning id`,
    [shape.golfers - 1],
  )
  const others = rows.map((row) => row.id)
  const half = Math.floor(others.length / 2)
  const userIds = [...others.slice(0, half), golferId, ...others.slice(half)]

  const random = seeded(2026)
  const courses = { id: [] as string[], user: [] as string[], name: [] as string[] }
  const courseValues = { rating: [] as string[], slope: [] as number[] }
  const rounds = { id: [] as string[], user: [] as string[], course: [] as string[] }
  const scores: number[] = []
  userIds.forEach((userId, golfer) => {
    const own: string[] = []
    for (let c = 0; c < shape.coursesPerGolfer; c++) {
      const id = ulid()
      own.push(id)
      courses.id.push(id)
      courses.user.push(userId)
      courses.name.push(`Course ${golfer}-${c}`)
      courseValues.rating.push(((640 + random(120)) / 10).toFixed(1))
      courseValues.slope.push(100 + random(46))
    }
    for (let r = 0; r < shape.roundsPerGolfer; r++) {
      rounds.id.push(ulid())
      rounds.user.push(userId)
      rounds.course.push(own[random(own.length)] as string)
      scores.push(68 + random(45))
    }
  })
  await admin.query(
    `insert into public.courses (id, user_id, name, rating, slope)
     select * from unnest($1::text[], $2::uuid[], $3::text[], $4::numeric[], $5::int[])`,
    [courses.id, courses.user, courses.name, courseValues.rating, courseValues.slope],
  )
  const chunk = 10_000
  for (let from = 0; from < scores.length; from += chunk) {
    const to = from + chunk
    await admin.query(
      `insert into public.rounds (id, user_id, course_id, score)
       select * from unnest($1::text[], $2::uuid[], $3::text[], $4::int[])`,
      [
        rounds.id.slice(from, to),
        rounds.user.slice(from, to),
        rounds.course.slice(from, to),
        scores.slice(from, to),
      ],
    )
  }
}

/** The naive forms, on copies of the real tables and rows; the real schema stays as migrated. */
const RLS_VARIANTS = [
  {
    name: 'ours',
    table: 'public.rounds',
    policy: 'user_id = (select auth.uid()), index on user_id',
  },
  {
    name: 'naive',
    table: 'rls_bench.rounds_naive',
    policy: 'auth.uid() = user_id, no index on user_id',
    using: 'auth.uid() = user_id',
    indexed: false,
  },
  {
    name: 'initplan_without_index',
    table: 'rls_bench.rounds_initplan_unindexed',
    policy: 'user_id = (select auth.uid()), no index on user_id',
    using: 'user_id = (select auth.uid())',
    indexed: false,
  },
  {
    name: 'per_row_with_index',
    table: 'rls_bench.rounds_per_row_indexed',
    policy: 'auth.uid() = user_id, index on user_id',
    using: 'auth.uid() = user_id',
    indexed: true,
  },
  {
    name: 'ours_courses',
    table: 'public.courses',
    policy: 'user_id = (select auth.uid()), index on user_id',
  },
  {
    name: 'naive_courses',
    table: 'rls_bench.courses_naive',
    source: 'public.courses',
    policy: 'auth.uid() = user_id, no index on user_id',
    using: 'auth.uid() = user_id',
    indexed: false,
  },
]

async function createRlsVariants(admin: pg.Pool) {
  await admin.query(
    'create schema rls_bench; grant usage on schema rls_bench to authenticated, service_role',
  )
  for (const variant of RLS_VARIANTS) {
    if (!variant.using) continue
    const source = variant.source ?? 'public.rounds'
    await admin.query(
      `create table ${variant.table} (like ${source} including defaults including constraints);
       alter table ${variant.table} add primary key (id);
       insert into ${variant.table} select * from ${source};
       ${variant.indexed ? `create index on ${variant.table} (user_id);` : ''}
       alter table ${variant.table} enable row level security;
       create policy "Golfers can read their own rows" on ${variant.table}
         for select to authenticated using (${variant.using});
       grant select on ${variant.table} to authenticated;`,
    )
  }
  // Fresh statistics and visibility maps for every table alike, as autovacuum would leave them.
  for (const variant of RLS_VARIANTS) await admin.query(`vacuum analyze ${variant.table}`)
}

/**
 * Each read as PostgREST runs it: in a transaction, as `authenticated`, with the golfer's claims
 * in `request.jwt.claims`. `execution_ms` is Postgres's own figure (EXPLAIN ANALYZE, timing off so
 * the per-row clock reads do not weigh on the per-row policy); `round_trip_ms` is the plain query
 * timed from the client, rows included.
 */
async function timeRlsVariants(admin: pg.Pool, golferId: string, repetitions: number) {
  const claims = JSON.stringify({ sub: golferId, role: 'authenticated', aud: 'authenticated' })
  const client = await admin.connect()
  try {
    const asGolfer = async <T>(query: () => Promise<T>): Promise<T> => {
      await client.query('begin')
      try {
        await client.query('set local role authenticated')
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [claims])
        return await query()
      } finally {
        await client.query('rollback')
      }
    }
    const results: Record<string, unknown> = {}
    for (const variant of RLS_VARIANTS) {
      const sql = `select * from ${variant.table}`
      const explain = () =>
        asGolfer(async () => {
          const { rows } = await client.query<{ 'QUERY PLAN': [ExplainedPlan] }>(
            `explain (analyze, timing off, format json) ${sql}`,
          )
          return rows[0]?.['QUERY PLAN'][0] as ExplainedPlan
        })
      const timed = () =>
        asGolfer(async () => {
          const started = performance.now()
          const { rowCount } = await client.query(sql)
          return { ms: performance.now() - started, rows: rowCount ?? 0 }
        })
      for (let i = 0; i < 3; i++) await explain()
      const execution: number[] = []
      const roundTrip: number[] = []
      let plan: ExplainedPlan | undefined
      let rows = 0
      for (let i = 0; i < repetitions; i++) {
        plan = await explain()
        execution.push(plan['Execution Time'])
        const run = await timed()
        roundTrip.push(run.ms)
        rows = run.rows
      }
      results[variant.name] = {
        table: variant.table,
        policy: variant.policy,
        rows_returned: rows,
        plan: describePlan(plan?.Plan),
        execution_ms: round(median(execution), 3),
        round_trip_ms: round(median(roundTrip), 3),
      }
    }
    const executionOf = (name: string) => (results[name] as { execution_ms: number }).execution_ms
    return {
      note: `select * as the golfer (role authenticated, request.jwt.claims set), median of ${repetitions}; naive variants are copies of the same rows.`,
      ...results,
      execution_ratio_naive_to_ours: round(executionOf('naive') / executionOf('ours'), 1),
      execution_ratio_naive_to_ours_courses: round(
        executionOf('naive_courses') / executionOf('ours_courses'),
        1,
      ),
    }
  } finally {
    client.release()
  }
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

interface ExplainedPlan {
  Plan: PlanNode
  'Execution Time': number
}

function describePlan(node: PlanNode | undefined): string {
  if (!node) return ''
  const own = node['Index Name']
    ? `${node['Node Type']} (${node['Index Name']})`
    : node['Node Type']
  const children = (node.Plans ?? []).map(describePlan)
  return children.length ? `${own} ← ${children.join(', ')}` : own
}

/**
 * The bulk load streams through Realtime's change feed in this same process; measuring before it
 * has caught up would charge its work to whichever design ran first.
 */
async function waitForChangeFeed(admin: pg.Pool, timeoutMs: number): Promise<boolean> {
  const {
    rows: [target],
  } = await admin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ caught_up: boolean }>(
      `select coalesce(bool_and(confirmed_flush_lsn >= $1::pg_lsn), true) as caught_up
       from pg_replication_slots where slot_type = 'logical'`,
      [target?.lsn],
    )
    if (rows[0]?.caught_up) return true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return false
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [golfers, roundsPerGolfer, repetitions] = process.argv.slice(2).map(Number)
  const result = await benchOriginalDesign({ golfers, roundsPerGolfer, repetitions })
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  process.exit(0)
}
