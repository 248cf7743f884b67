import type { Course } from '@/lib/tables/courses'
import type { Tee } from '@/lib/tables/tees'

/** A course added offline has the tee the database will make for it: "Default", 18 holes, the
 * course's rating, slope, par and id. */
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

export function describeTee(tee: Pick<Tee, 'holes' | 'rating' | 'slope' | 'par'>): string {
  const par = tee.par === null ? '' : `, par ${tee.par}`
  return `${tee.holes} holes, rating ${tee.rating.toFixed(1)}, slope ${tee.slope}${par}`
}

interface HoleData {
  holePars: readonly number[] | null
  strokeIndexes: readonly number[] | null
}

export const isScorable = (tee: HoleData) => tee.holePars !== null && tee.strokeIndexes !== null

/** In words, never colour alone. */
export const holesNote = (tee: HoleData) =>
  isScorable(tee) ? 'Scored hole by hole' : 'No hole data: scored as a total only'
