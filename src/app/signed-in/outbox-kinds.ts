import { coursesOutbox } from '@/features/courses/stores/course-commands'
import { roundsOutbox } from '@/features/rounds/stores/round-commands'

/**
 * The outbox's tables. The outbox sends changes in the order the golfer made them, so a round
 * added offline on a course added offline goes after its course.
 */
export const OUTBOX_KINDS = { courses: coursesOutbox, rounds: roundsOutbox }

/** For "1 course and 2 rounds waiting to sync". */
export const OUTBOX_NOUNS = Object.entries(OUTBOX_KINDS).map(
  ([kind, { noun }]) => [kind, ...noun] as const,
)
