import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useCoursesStore, selectCoursesByName } from '@/features/courses/stores/courses-store'
import { HandicapDisplay } from '@/features/handicap/components/handicap-display'
import { handicapIndex } from '@/features/handicap/lib/handicap-index'
import { RoundsList } from '@/features/rounds/components/rounds-list'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'

/** The handicap from the golfer's rounds, and the rounds, which are played on their courses. */
export function HcpScreen() {
  const rounds = useRoundsStore(useShallow(selectRoundsNewestFirst))
  const roundsStatus = useRoundsStore((state) => state.status)
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const coursesStatus = useCoursesStore((state) => state.status)
  const coursesPending = useCoursesStore((state) => state.pending)

  const index = useMemo(
    () =>
      handicapIndex(
        rounds.map((round) => ({
          score: round.score,
          courseRating: round.courseRating,
          slopeRating: round.slopeRating,
        })),
      ),
    [rounds],
  )
  // A course still being saved cannot take a round yet: the database checks the round's course.
  const playable = useMemo(
    () => courses.filter((course) => coursesPending[course.id] !== 'adding'),
    [courses, coursesPending],
  )

  return (
    <>
      <h1 className="visually-hidden">Handicap</h1>
      <HandicapDisplay
        index={index}
        roundCount={rounds.length}
        loading={rounds.length === 0 && (roundsStatus === 'idle' || roundsStatus === 'loading')}
      />
      <h2 className="section-title">Rounds</h2>
      <RoundsList courses={playable} coursesStatus={coursesStatus} />
    </>
  )
}
