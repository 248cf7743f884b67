import type pg from 'pg'

/** Bare auth.users rows for many golfers in one statement, as GoTrue would insert them. */
export async function insertGolfers(
  db: pg.ClientBase,
  ids: readonly string[],
  label: string,
): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated',
            $2 || '-' || id || '@db.test', now(), now()
     from unnest($1::uuid[]) as id`,
    [ids, label],
  )
}

export interface RoundCopy {
  id: string
  userId: string
  courseRating: number
  slopeRating: number
  score: number
  playedOn: string
  /** 18 unless given. */
  holes?: 9 | 18
  par?: number | null
  /** A round scored hole by hole: its holes' pars, stroke indexes and strokes, in hole order. */
  holePars?: readonly number[] | null
  strokeIndexes?: readonly number[] | null
  holeStrokes?: readonly number[] | null
}

/** An integer array as Postgres text ('{4,5,3}'), '' for none: unnest cannot take ragged arrays. */
const arrayText = (values: readonly number[] | null | undefined) =>
  values ? `{${values.join(',')}}` : ''

/**
 * Many rounds in one statement, with their course copies given directly: inside the caller's
 * transaction, session_replication_role = replica skips the trigger that copies a course into a
 * round (and the foreign keys); the check constraints still apply, and the handicap views read
 * nothing but the copies.
 */
export async function insertRoundCopies(
  db: pg.ClientBase,
  rounds: readonly RoundCopy[],
): Promise<void> {
  await db.query('set local session_replication_role = replica')
  await db.query(
    `insert into public.rounds (id, user_id, course_id, course_name, course_rating, slope_rating, score, played_on, holes, par, hole_pars, stroke_indexes, hole_strokes)
     select id, user_id, null, 'Agreement course', course_rating, slope_rating, score, played_on, holes, par,
            nullif(hole_pars, '')::int[], nullif(stroke_indexes, '')::int[], nullif(hole_strokes, '')::int[]
     from unnest($1::text[], $2::uuid[], $3::numeric[], $4::int[], $5::int[], $6::date[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[])
       as t(id, user_id, course_rating, slope_rating, score, played_on, holes, par, hole_pars, stroke_indexes, hole_strokes)`,
    [
      rounds.map((round) => round.id),
      rounds.map((round) => round.userId),
      rounds.map((round) => round.courseRating),
      rounds.map((round) => round.slopeRating),
      rounds.map((round) => round.score),
      rounds.map((round) => round.playedOn),
      rounds.map((round) => round.holes ?? 18),
      rounds.map((round) => round.par ?? null),
      rounds.map((round) => arrayText(round.holePars)),
      rounds.map((round) => arrayText(round.strokeIndexes)),
      rounds.map((round) => arrayText(round.holeStrokes)),
    ],
  )
  await db.query('set local session_replication_role = origin')
  // Statistics, as autovacuum keeps them on a live database: without them the planner takes the
  // table for empty and re-evaluates scoring_entries for every round (minutes, not seconds).
  await db.query('analyze public.rounds')
  // ANALYZE samples at random, and on some samples the planner still chose a nested loop that
  // re-evaluates a view for each round (a 13 s test ran past 10 minutes once): the agreement
  // tests compare numbers, not plans, so their reads use hash and merge joins only.
  await db.query('set local enable_nestloop = off')
}
