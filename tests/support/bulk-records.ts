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
}

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
    `insert into public.rounds (id, user_id, course_id, course_name, course_rating, slope_rating, score, played_on, holes, par)
     select id, user_id, null, 'Agreement course', course_rating, slope_rating, score, played_on, holes, par
     from unnest($1::text[], $2::uuid[], $3::numeric[], $4::int[], $5::int[], $6::date[], $7::int[], $8::int[])
       as t(id, user_id, course_rating, slope_rating, score, played_on, holes, par)`,
    [
      rounds.map((round) => round.id),
      rounds.map((round) => round.userId),
      rounds.map((round) => round.courseRating),
      rounds.map((round) => round.slopeRating),
      rounds.map((round) => round.score),
      rounds.map((round) => round.playedOn),
      rounds.map((round) => round.holes ?? 18),
      rounds.map((round) => round.par ?? null),
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
