import { PageHeading } from '@/components/ui/page-heading'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { CoursesList } from '@/features/courses/components/courses-list'
import { selectCoursesByName, useCoursesStore } from '@/features/courses/stores/courses-store'
import {
  courseHandicap,
  formatCourseHandicap,
  handicapIndex,
} from '@/features/handicap/lib/handicap-index'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import type { Round } from '@/features/rounds/types'

const selectRounds = (state: { byId: Record<string, Round> }) => Object.values(state.byId)

/** The golfer's courses, each with its course handicap for their current index when it has a par. */
export function CoursesScreen() {
  const rounds = useRoundsStore(useShallow(selectRounds))
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const { courseHandicaps, roundCounts } = useMemo(() => {
    const index = handicapIndex(rounds)
    const handicaps: Record<string, string> = {}
    for (const course of courses) {
      if (index === null || course.par === null) continue
      handicaps[course.id] = formatCourseHandicap(
        courseHandicap(index, {
          courseRating: course.rating,
          slopeRating: course.slope,
          par: course.par,
        }),
      )
    }
    const counts: Record<string, number> = {}
    for (const round of rounds) {
      if (round.courseId) counts[round.courseId] = (counts[round.courseId] ?? 0) + 1
    }
    return { courseHandicaps: handicaps, roundCounts: counts }
  }, [rounds, courses])

  return (
    <>
      <header className="screen__header">
        <PageHeading title="My Courses" className="screen__title">
          Courses
        </PageHeading>
        <p className="screen__lead">Input your courses below to get started.</p>
      </header>
      <CoursesList courseHandicaps={courseHandicaps} roundCounts={roundCounts} />
    </>
  )
}
