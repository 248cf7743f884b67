import type { Course } from '@/lib/tables/courses'
import type { Tee } from '@/lib/tables/tees'

/**
 * A course's tees, first made first. A course this device has not heard the tees of yet (one added
 * offline, whose first tee the database makes with it) has the tee the database will make: its
 * rating, slope and par, 18 holes, named "Default", with the course's own id.
 */
export function teesOfCourse(
  course: Pick<Course, 'id' | 'rating' | 'slope' | 'par' | 'createdAt'>,
  byCourse: ReadonlyMap<string, readonly Tee[]>,
): readonly Tee[] {
  const known = byCourse.get(course.id)
  if (known && known.length > 0) return known
  return [
    {
      id: course.id,
      courseId: course.id,
      name: 'Default',
      rating: course.rating,
      slope: course.slope,
      par: course.par,
      holes: 18,
      holePars: null,
      strokeIndexes: null,
      createdAt: course.createdAt,
    },
  ]
}

/** "18 holes, rating 72.1, slope 130, par 72". */
export function describeTee(tee: Pick<Tee, 'holes' | 'rating' | 'slope' | 'par'>): string {
  const par = tee.par === null ? '' : `, par ${tee.par}`
  return `${tee.holes} holes, rating ${tee.rating.toFixed(1)}, slope ${tee.slope}${par}`
}

interface HoleData {
  holePars: readonly number[] | null
  strokeIndexes: readonly number[] | null
}

/** A tee a round can be scored on hole by hole: every hole's par and stroke index are known. */
export const isScorable = (tee: HoleData) => tee.holePars !== null && tee.strokeIndexes !== null

/** What the tee list says of a tee's holes, in words (never colour alone). */
export const holesNote = (tee: HoleData) =>
  isScorable(tee) ? 'Scored hole by hole' : 'No hole data: scored as a total only'
