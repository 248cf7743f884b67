import { PageHeading } from '@/components/ui/page-heading'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useSessionStore } from '@/features/auth/stores/session-store'
import { CoursesList } from '@/features/courses/components/courses-list'
import { FindCourse } from '@/features/courses/components/find-course'
import { selectCoursesByName, useCoursesStore } from '@/features/courses/stores/courses-store'
import { formatCourseHandicap } from '@/features/handicap/lib/handicap-index'
import { CourseHandicapSourceChoice } from '@/features/handicap/components/course-handicap-source-choice'
import { courseHandicapOn } from '@/features/handicap/stores/handicap-store'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { useHandicap } from '../handicap'
import { useTeeTargets } from './tee-targets'

export function CoursesScreen() {
  const userId = useSessionStore((state) => state.user?.id ?? null)
  const roundsById = useRoundsStore((state) => state.byId)
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const coursesStatus = useCoursesStore((state) => state.status)
  const listUnknown =
    courses.length === 0 && (coursesStatus === 'idle' || coursesStatus === 'loading')
  // Only what the lines read: the numbers to beat, made in slices, redraw the tees alone.
  const handicap = useHandicap(
    useShallow((state) => ({
      record: state.record,
      source: state.source,
      startingIndex: state.startingIndex,
      indexInEffect: state.indexInEffect,
      teeHandicaps: state.teeHandicaps,
    })),
  )
  const { courseHandicaps, teeHandicaps, roundCounts } = useMemo(() => {
    const handicaps: Record<string, string> = {}
    for (const course of courses) {
      const forCourse = courseHandicapOn(handicap, course)
      if (forCourse !== null) handicaps[course.id] = formatCourseHandicap(forCourse)
    }
    const byTee: Record<string, string> = {}
    for (const [teeId, forTee] of handicap.teeHandicaps) {
      byTee[teeId] = formatCourseHandicap(forTee)
    }
    const counts: Record<string, number> = {}
    for (const round of Object.values(roundsById)) {
      if (round.courseId) counts[round.courseId] = (counts[round.courseId] ?? 0) + 1
    }
    return { courseHandicaps: handicaps, teeHandicaps: byTee, roundCounts: counts }
  }, [roundsById, courses, handicap])
  const teeNotes = useTeeTargets()

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
        teeNotes={teeNotes}
      />
      {/* After the list, so "Add a course..." stays the first stop; drawn with it so the list never
    pushes them down. */}
      {userId && !listUnknown ? (
        <>
          <CourseHandicapSourceChoice userId={userId} />
          <FindCourse userId={userId} />
        </>
      ) : null}
    </>
  )
}
