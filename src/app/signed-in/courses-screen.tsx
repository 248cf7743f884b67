import { PageHeading } from '@/components/ui/page-heading'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { CoursesList } from '@/features/courses/components/courses-list'
import { selectCoursesByName, useCoursesStore } from '@/features/courses/stores/courses-store'
import {
  courseHandicap,
  formatCourseHandicap,
  handicapIndex,
} from '@/features/handicap/lib/handicap-index'
import { whsRecord } from '@/features/handicap/lib/whs-index'
import { CourseHandicapSourceChoice } from '@/features/handicap/components/course-handicap-source-choice'
import {
  selectCourseHandicapSource,
  useHandicapSettingsStore,
} from '@/features/handicap/stores/handicap-settings-store'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'

/**
 * The golfer's courses, each with its course handicap when it has a par: from the spec's index,
 * or from the WHS estimate if the golfer chose it.
 */
export function CoursesScreen() {
  const userId = useSessionStore((state) => state.user?.id ?? null)
  const rounds = useRoundsStore(selectRoundsNewestFirst)
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const source = useHandicapSettingsStore(selectCourseHandicapSource)
  const coursesStatus = useCoursesStore((state) => state.status)
  const listUnknown =
    courses.length === 0 && (coursesStatus === 'idle' || coursesStatus === 'loading')
  const { courseHandicaps, roundCounts } = useMemo(() => {
    // The estimate reads the record oldest first: the reverse of the rounds' newest first.
    const index = source === 'whs' ? whsRecord([...rounds].reverse()).index : handicapIndex(rounds)
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
  }, [rounds, courses, source])

  return (
    <>
      <header className="screen__header">
        <PageHeading title="My Courses" className="screen__title">
          Courses
        </PageHeading>
        <p className="screen__lead">Input your courses below to get started.</p>
      </header>
      <CoursesList courseHandicaps={courseHandicaps} roundCounts={roundCounts} />
      {/* After the list, so "Add a course..." stays the first stop; drawn with the list, once it
          is known, so the list never pushes it down as it arrives. */}
      {userId && !listUnknown ? <CourseHandicapSourceChoice userId={userId} /> : null}
    </>
  )
}
