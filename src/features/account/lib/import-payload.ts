// Relative, not '@/': the import bench runs this file under tsx, which does not read the alias.
import { holeScoresToRow } from '../../../lib/tables/rounds'
import type { ImportPlan, ImportRound } from './import-plan'

/** Rounds of the same course name, rating and slope share a course id. An older file's round
 * leaves out its tee and holes (18 holes on its course's first tee, as before). */
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
      ...(round.nine === null ? {} : { nine: round.nine }),
      ...(round.par === null ? {} : { par: round.par }),
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

/** A course's id is made before its tees', so a course made by the import keeps its tees in the
 * file's order. A plan without tees or settings is sent as its rounds alone. */
export function importFilePayload(
  plan: Pick<ImportPlan, 'toAdd' | 'tees' | 'settings'>,
  newId: () => string,
) {
  if (plan.tees.length === 0 && plan.settings === null) return importPayload(plan.toAdd, newId)
  const courseIds = new Map<string, string>()
  const tees = plan.tees.map((tee) => {
    let courseId = courseIds.get(tee.courseName)
    if (!courseId) {
      courseId = newId()
      courseIds.set(tee.courseName, courseId)
    }
    return {
      tee_id: newId(),
      course_id: courseId,
      course_name: tee.courseName,
      course_rating: tee.course.rating,
      slope_rating: tee.course.slope,
      course_par: tee.course.par,
      tee_name: tee.name,
      rating: tee.rating,
      slope: tee.slope,
      par: tee.par,
      holes: tee.holes,
      hole_pars: tee.holePars,
      stroke_indexes: tee.strokeIndexes,
    }
  })
  const settings = plan.settings
  return {
    rounds: importPayload(plan.toAdd, newId),
    tees,
    settings: settings && {
      ...(settings.courseHandicapSource === undefined
        ? {}
        : { course_handicap_source: settings.courseHandicapSource }),
      ...(settings.startingIndex === undefined ? {} : { starting_index: settings.startingIndex }),
    },
  }
}
