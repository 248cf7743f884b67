import { lazy, Suspense, useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { PageHeading } from '@/components/ui/page-heading'
import { useCoursesStore, selectCoursesByName } from '@/features/courses/stores/courses-store'
import { HandicapDisplay } from '@/features/handicap/components/handicap-display'
import {
  countingRounds,
  handicapHistory,
  handicapIndex,
  scoreDifferential,
} from '@/features/handicap/lib/handicap-index'
import { RoundsList } from '@/features/rounds/components/rounds-list'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'

/** Its own chunk, fetched when the HCP screen first shows: never part of the login page. */
const HandicapTrend = lazy(() => import('@/features/handicap/components/handicap-trend'))

/** The handicap from the golfer's rounds, and the rounds, which are played on their courses. */
export function HcpScreen() {
  const rounds = useRoundsStore(useShallow(selectRoundsNewestFirst))
  const roundsStatus = useRoundsStore((state) => state.status)
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const coursesStatus = useCoursesStore((state) => state.status)

  const { index, marks, trend } = useMemo(() => {
    const scored = rounds.map((round) => ({
      score: round.score,
      courseRating: round.courseRating,
      slopeRating: round.slopeRating,
    }))
    const counts = countingRounds(scored)
    const differentials = scored.map(scoreDifferential)
    const history = handicapHistory([...scored].reverse()).reverse()
    return {
      index: handicapIndex(scored),
      marks: Object.fromEntries(
        rounds.map((round, at) => [
          round.id,
          { differential: (differentials[at] as number).toFixed(1), counts: counts[at] === true },
        ]),
      ),
      trend: rounds
        .map((round, at) => ({
          key: round.id,
          label: formatPlayedOn(round.playedOn),
          differential: differentials[at] as number,
          index: history[at] ?? null,
          counts: counts[at] === true,
        }))
        .reverse(),
    }
  }, [rounds])
  return (
    <>
      <PageHeading title="Handicap" className="visually-hidden">
        Handicap
      </PageHeading>
      <HandicapDisplay
        index={index}
        roundCount={rounds.length}
        loading={rounds.length === 0 && (roundsStatus === 'idle' || roundsStatus === 'loading')}
      />
      <h2 className="section-title">Rounds</h2>
      {index === null ? null : (
        <Suspense fallback={null}>
          <HandicapTrend entries={trend} />
        </Suspense>
      )}
      {/* A course still waiting to be saved can take a round: the outbox sends the course first. */}
      <RoundsList courses={courses} coursesStatus={coursesStatus} marks={marks} />
    </>
  )
}
