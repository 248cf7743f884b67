/** Which index a golfer's course handicaps use: the spec's (the default) or the WHS estimate. */
export type CourseHandicapSource = 'spec' | 'whs'

/** `id` is the user id. */
export interface HandicapSettings {
  id: string
  courseHandicapSource: CourseHandicapSource
  /** The federation's index, in effect until HCPFast has one of its own (negative: a plus index). */
  startingIndex: number | null
}
