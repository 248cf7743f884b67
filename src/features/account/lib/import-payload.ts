// Relative, not '@/': the import bench runs this file under tsx, which does not read the alias.
import { holeScoresToRow } from '../../../lib/tables/rounds'
import type { ImportRound } from './import-plan'

/**
 * What `public.import_rounds` is given: one object per round, with a new id for the round and
 * one per course (rounds of the same course name, rating and slope share it). A round's tee and
 * holes are left out for an older file's round (18 holes on its course's first tee, as before),
 * and its hole arrays for a round entered as a total; a round scored hole by hole carries them
 * all, details as the rounds table has them (a detail recorded on no hole is null).
 */
export function importPayload(rounds: readonly ImportRound[], newId: () => string) {
  const courseIds = new Map<string, string>()
  return rounds.map((round) => {
    const key = `${round.courseName}\u0000${round.courseRating}\u0000${round.slopeRating}`
    let courseId = courseIds.get(key)
    if (!courseId) {
      courseId = newId()
      courseIds.set(key, courseId)
    }
    return {
      round_id: newId(),
      course_id: courseId,
      course_name: round.courseName,
      course_rating: round.courseRating,
      slope_rating: round.slopeRating,
      played_on: round.playedOn,
      score: round.score,
      ...(round.teeName === null ? {} : { tee_name: round.teeName }),
      ...(round.holes === 18 ? {} : { holes: round.holes }),
      ...(round.holeScores === null
        ? {}
        : {
            hole_pars: round.holePars,
            stroke_indexes: round.strokeIndexes,
            ...holeScoresToRow(round.holeScores),
          }),
      ...(round.game ? { game: round.game } : {}),
    }
  })
}
