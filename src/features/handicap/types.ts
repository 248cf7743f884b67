/** Which index a golfer's course handicaps use: the spec's (the default) or the WHS estimate. */
export type CourseHandicapSource = 'spec' | 'whs'

/** A golfer's handicap settings: one row per golfer, keyed by the golfer (`id` is the user id). */
export interface HandicapSettings {
  id: string
  courseHandicapSource: CourseHandicapSource
}
