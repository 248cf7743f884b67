import { PageHeading } from '@/components/ui/page-heading'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { CoursesList } from '@/features/courses/components/courses-list'
import { selectCoursesByName, useCoursesStore } from '@/features/courses/stores/courses-store'
import { selectTeesByCourse, useTeesStore } from '@/features/courses/stores/tees-table'
import { courseHandicap, formatCourseHandicap } from '@/features/handicap/lib/handicap-index'
import { scoreRecord } from '@/features/handicap/lib/score-record'
import { CourseHandicapSourceChoice } from '@/features/handicap/components/course-handicap-source-choice'
import {
  selectCourseHandicapSource,
  useHandicapSettingsStore,
} from '@/features/handicap/stores/handicap-settings-store'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'

/**
 * The golfer's courses, each with its course handicap when it has a par, and each of its tees
 * with its own: from the spec's index, or from the WHS estimate if the golfer chose it (both over
 * 18-hole entries, nines paired).
 */
export function CoursesScreen() {
  const userId = useSessionStore((state) => state.user?.id ?? null)
  const rounds = useRoundsStore(selectRoundsNewestFirst)
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const teesByCourse = useTeesStore(selectTeesByCourse)
  const source = useHandicapSettingsStore(selectCourseHandicapSource)
  const coursesStatus = useCoursesStore((state) => state.status)
  const listUnknown =
    courses.length === 0 && (coursesStatus === 'idle' || coursesStatus === 'loading')
  const { courseHandicaps, teeHandicaps, roundCounts } = useMemo(() => {
    const record = scoreRecord(rounds, source)
    const index = source === 'whs' ? record.whs.index : record.index
    // On a 9-hole tee the index is halved first (courseHandicap does it).
    const shown = (tee: { rating: number; slope: number; par: number | null; holes?: 9 | 18 }) =>
      index === null || tee.par === null
        ? null
        : formatCourseHandicap(
            courseHandicap(index, {
              courseRating: tee.rating,
              slopeRating: tee.slope,
              par: tee.par,
              holes: tee.holes,
            }),
          )
    const handicaps: Record<string, string> = {}
    const byTee: Record<string, string> = {}
    for (const course of courses) {
      const forCourse = shown(course)
      if (forCourse !== null) handicaps[course.id] = forCourse
      for (const tee of teesByCourse.get(course.id) ?? []) {
        const forTee = shown(tee)
        if (forTee !== null) byTee[tee.id] = forTee
      }
    }
    const counts: Record<string, number> = {}
    for (const round of rounds) {
      if (round.courseId) counts[round.courseId] = (counts[round.courseId] ?? 0) + 1
    }
    return { courseHandicaps: handicaps, teeHandicaps: byTee, roundCounts: counts }
  }, [rounds, courses, teesByCourse, source])

  return (
    <>
      <header className="screen__header">
        <PageHeading title="My Courses" className="screen__title">
          Courses
        </PageHeading>
        <p className="screen__lead">Input your courses below to get started.</p>
      </header>
      <CoursesList
        courseHandicaps={courseHandicaps}
        teeHandicaps={teeHandicaps}
        roundCounts={roundCounts}
      />
      {/* After the list, so "Add a course..." stays the first stop; drawn with the list, once it
          is known, so the list never pushes it down as it arrives. */}
      {userId && !listUnknown ? <CourseHandicapSourceChoice userId={userId} /> : null}
    </>
  )
}
