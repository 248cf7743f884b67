export type { HoleScore, NineSide, Round, RoundInput } from '@/lib/tables/rounds'

/** A course a round can be played on, as the Add Round dialog needs it. */
export type { RoundCourse as CourseChoice } from '@/lib/tables/rounds'
