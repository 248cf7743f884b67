import { ulid } from 'ulid'
import { DataError } from '@/lib/data-error'
import { supabase } from '@/lib/supabase'
import type { ImportRound } from '../lib/import-plan'

export interface ImportResult {
  coursesAdded: number
  roundsAdded: number
  roundsSkipped: number
}

/**
 * Stores the rounds, and the courses and tees they need, in one database call and one transaction
 * (public.import_rounds): either all of it is stored or, on any refusal, none of it. A round with
 * a tee name (or 9 holes) is played from the golfer's tee of that name, holes, rating and slope on
 * the course of that name, which the database creates when missing.
 */
export async function importRounds(rounds: readonly ImportRound[]): Promise<ImportResult> {
  const courseIds = new Map<string, string>()
  const payload = rounds.map((round) => {
    const key = `${round.courseName}\u0000${round.courseRating}\u0000${round.slopeRating}`
    let courseId = courseIds.get(key)
    if (!courseId) {
      courseId = ulid()
      courseIds.set(key, courseId)
    }
    return {
      round_id: ulid(),
      course_id: courseId,
      course_name: round.courseName,
      course_rating: round.courseRating,
      slope_rating: round.slopeRating,
      played_on: round.playedOn,
      score: round.score,
      // Left out for an older file's round: 18 holes on its course's first tee, as before.
      ...(round.teeName === null ? {} : { tee_name: round.teeName }),
      ...(round.holes === 18 ? {} : { holes: round.holes }),
    }
  })
  const { data, error } = await supabase.rpc('import_rounds', { payload })
  if (error) throw new DataError(error)
  const result = data as { courses_added: number; rounds_added: number; rounds_skipped: number }
  return {
    coursesAdded: result.courses_added,
    roundsAdded: result.rounds_added,
    roundsSkipped: result.rounds_skipped,
  }
}
