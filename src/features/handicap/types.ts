/** Which index a golfer's course handicaps use: the spec's (the default) or the WHS estimate. */
export type CourseHandicapSource = 'spec' | 'whs'

/** A golfer's handicap settings: one row per golfer, keyed by the golfer (`id` is the user id). */
export interface HandicapSettings {
  id: string
  courseHandicapSource: CourseHandicapSource
  /** The index the golfer's federation gave them (−10.0 to 54.0; negative is a plus index), the
   * index in effect until HCPFast has one of its own (issue 32); null when none. */
  startingIndex: number | null
}
