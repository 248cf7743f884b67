import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { benchGolfer, startBenchStack, summarise } from './support.ts'

/**
 * Directory search (issue 30 §2) with 20,000 published courses: a signed-in golfer's
 * search_directory call through the local stack's REST API (supabase-js, RLS, the trigram index),
 * timed from the call to the parsed answer. The queries mix a rare word, a common one that
 * matches thousands of names, two-letter words the trigram index cannot narrow, several words,
 * accents and case, LIKE's own characters and 10,000 characters.
 */
const COURSES = 20_000
const PUBLISHERS = 200
const ROUNDS = 20

const WORDS = [
  'Oak',
  'Pine',
  'Cedar',
  'Willow',
  'Heath',
  'Moor',
  'Links',
  'Downs',
  'Vale',
  'Ridge',
  'Hollow',
  'Brook',
  'Lake',
  'Forest',
  'Park',
  'Château',
  'Église',
  'Müller',
  'Ørsted',
  'Saint',
  'North',
  'South',
  'East',
  'West',
  'Old',
  'New',
  'Royal',
  'Country',
  'Club',
  'Golf',
]

export const QUERIES = [
  'cedar',
  'golf',
  'CHATEAU',
  'église vale',
  'muller old royal',
  'ok',
  'a',
  'ridge 3141',
  'nothing like it',
  '%',
  '_',
  'o\'brien "quoted"',
  'x'.repeat(10_000),
  '',
]

/** A name of 2–4 words and a number, drawn without randomness so every run has the same names. */
const nameOf = (index: number) => {
  const words = [0, 1, 2, 3]
    .slice(0, 2 + (index % 3))
    .map((part) => WORDS[(index * 7 + part * 13 + Math.floor(index / 30)) % WORDS.length])
  return `${words.join(' ')} ${index}`
}

async function fill(superuserDbUrl: string) {
  const db = new pg.Client({ connectionString: superuserDbUrl })
  await db.connect()
  try {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
         'authenticated', 'publisher-' || n || '@bench.test', now(), now()
       from generate_series(1, $1) as n`,
      [PUBLISHERS],
    )
    await db.query(
      `insert into public.directory_courses
         (id, published_by, source_course_id, name, rating, slope, par, search_name)
       select private.new_ulid(), u.id, private.new_ulid(), names.name, 72.0, 130, 72, ''
       from unnest($1::text[]) with ordinality as names (name, n)
       join (select id, row_number() over (order by id) as k from auth.users
             where email like 'publisher-%@bench.test') as u on u.k = names.n % $2 + 1`,
      [Array.from({ length: COURSES }, (_, index) => nameOf(index)), PUBLISHERS],
    )
    await db.query(
      `insert into public.directory_tees
         (directory_course_id, position, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
       select d.id, p, (array['White', 'Yellow', 'Red'])[p], 72.0 - p, 130 - p, 72, 18,
         '{4,4,3,5,4,4,3,4,5,4,3,4,5,4,4,3,5,4}', '{7,3,15,1,11,9,17,5,13,8,16,2,10,14,4,18,6,12}'
       from public.directory_courses d cross join generate_series(1, 3) as p
       where not d.is_example`,
    )
    await db.query('analyze public.directory_courses, public.directory_tees')
  } finally {
    await db.end()
  }
}

/** The same queries in the database alone, as the golfer (role and claims), without HTTP. */
async function databaseTimings(dbUrl: string, userId: string) {
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  try {
    await db.query('begin')
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ])
    await db.query('set local role authenticated')
    const samples: number[] = []
    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const query of QUERIES) {
        const started = performance.now()
        await db.query('select * from public.search_directory($1)', [query])
        if (round > 0) samples.push(performance.now() - started)
      }
    }
    await db.query('rollback')
    return summarise(samples)
  } finally {
    await db.end()
  }
}

export async function benchDirectory() {
  const { stack, stop } = await startBenchStack()
  try {
    await fill(stack.superuserDbUrl)
    const { client, userId } = await benchGolfer(stack, 'directory-bench')
    const database = await databaseTimings(stack.dbUrl, userId)
    const timings: Record<string, number[]> = {}
    const found: Record<string, number> = {}
    const all: number[] = []
    // One warm-up round, not measured: the first call of a connection plans the function.
    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const query of QUERIES) {
        const started = performance.now()
        const { data, error } = await client.rpc('search_directory', { query })
        const elapsed = performance.now() - started
        if (error) throw new Error(`search_directory(${query.slice(0, 20)}): ${error.message}`)
        const label = query.length > 30 ? `${query.slice(0, 3)}… (${query.length} chars)` : query
        found[label] = data.length
        if (round === 0) continue
        ;(timings[label] ??= []).push(elapsed)
        all.push(elapsed)
      }
    }
    return {
      method: `${COURSES} published courses (3 tees each, ${PUBLISHERS} publishers); ${ROUNDS} rounds of ${QUERIES.length} queries through supabase-js rpc('search_directory') on the local stack, after one warm-up round; ms from the call to the parsed answer`,
      all: summarise(all),
      databaseOnly: database,
      byQuery: Object.fromEntries(
        Object.entries(timings).map(([label, samples]) => [
          label,
          { found: found[label], ...summarise(samples) },
        ]),
      ),
    }
  } finally {
    await stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchDirectory(), null, 2))
  process.exit(0)
}
