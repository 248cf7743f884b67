import { useCallback, useDeferredValue, useMemo } from 'react'
import { useNavigate } from 'react-router-dom'
import { useShallow } from 'zustand/react/shallow'
import { PageHeading } from '@/components/ui/page-heading'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import { useCoursesStore, selectCoursesByName } from '@/features/courses/stores/courses-store'
import { teesOfCourse } from '@/features/courses/lib/course-tees'
import { selectTeesByCourse, useTeesStore } from '@/features/courses/stores/tees-table'
import { HandicapDisplay } from '@/features/handicap/components/handicap-display'
import { StartingIndexPanel } from '@/features/handicap/components/starting-index'
import { HandicapTrend } from '@/features/handicap/components/handicap-trend'
import { RoundsList } from '@/features/rounds/components/rounds-list'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import { ResumeRound } from '@/features/scorecard/components/resume-round'
import type { LoadStatus } from '@/lib/records'
import { OpenCardsSlot } from '../card/open-cards-slot'
import { useHandicap } from '../handicap'
import { useHcpFigures } from './hcp-figures'
import { HcpStatsPanel, useStatsCode } from './hcp-stats-panel'
import { StartRoundDialog } from './start-round-dialog'

const unanswered = (status: LoadStatus) => status === 'idle' || status === 'loading'

export function HcpScreen() {
  // New rows are drawn in the background in slices; the status is deferred with them so "loading"
  // and its rows change in the same frame. The record comes with the rounds so marks change too.
  const { rounds, record } = useDeferredValue(
    useHandicap(useShallow((state) => ({ rounds: state.rounds, record: state.record }))),
  )
  const roundsStatus = useDeferredValue(useRoundsStore((state) => state.status))
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const coursesStatus = useCoursesStore((state) => state.status)
  const teesByCourse = useTeesStore(selectTeesByCourse)
  const teesById = useTeesStore((state) => state.byId)
  const userId = useSessionStore(selectUserId)
  const navigate = useNavigate()
  const roundsById = useRoundsStore((state) => state.byId)
  const isKnownRound = useCallback((id: string) => id in roundsById, [roundsById])
  // A course whose tees this device does not know yet shows the first tee the database makes.
  const choices = useMemo(
    () =>
      courses.map((course) => ({
        ...course,
        tees: teesOfCourse(course, teesByCourse),
        teesKnown: teesByCourse.has(course.id),
      })),
    [courses, teesByCourse],
  )

  const { index, entryCount, estimate, marks, trend } = useHcpFigures(rounds, record, teesById)
  // Drawn together once both lists are known, so nothing already seen is pushed down.
  const loading =
    (rounds.length === 0 && unanswered(roundsStatus)) ||
    (courses.length === 0 && unanswered(coursesStatus))
  const wantsStats = rounds.some((round) => round.holeScores !== null)
  const stats = useStatsCode(wantsStats)
  return (
    <>
      <PageHeading title="Handicap" className="visually-hidden">
        Handicap
      </PageHeading>
      <HandicapDisplay
        index={index}
        roundCount={entryCount}
        loading={loading}
        estimate={estimate}
      />
      {loading ? null : (
        <>
          {userId ? <StartingIndexPanel userId={userId} ownIndex={entryCount >= 3} /> : null}
          {userId ? (
            <section className="play-entry" aria-label="Score a round">
              <ResumeRound userId={userId} isKnownRound={isKnownRound}>
                <StartRoundDialog
                  userId={userId}
                  courses={choices}
                  onStarted={(id) => navigate(`/play/${id}`)}
                />
              </ResumeRound>
              <OpenCardsSlot />
            </section>
          ) : null}
          {wantsStats && stats === null ? null : (
            <>
              {stats === null ? null : <HcpStatsPanel rounds={rounds} />}
              <h2 className="section-title">Rounds</h2>
              {/* In the screen's own chunk, so it is drawn with the rounds. */}
              {index === null ? null : <HandicapTrend entries={trend} />}
              {/* A course still waiting to be saved can take a round: the outbox sends it first. */}
              <RoundsList
                rounds={rounds}
                roundsStatus={roundsStatus}
                courses={choices}
                marks={marks}
              />
            </>
          )}
        </>
      )}
    </>
  )
}
