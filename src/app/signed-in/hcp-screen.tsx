import { useDeferredValue, useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { PageHeading } from '@/components/ui/page-heading'
import { useCoursesStore, selectCoursesByName } from '@/features/courses/stores/courses-store'
import { HandicapDisplay } from '@/features/handicap/components/handicap-display'
import { HandicapTrend } from '@/features/handicap/components/handicap-trend'
import {
  countingRounds,
  handicapHistory,
  handicapIndex,
  scoreDifferential,
} from '@/features/handicap/lib/handicap-index'
import { explainWhs } from '@/features/handicap/lib/explain-whs'
import { whsRecord } from '@/features/handicap/lib/whs-index'
import { RoundsList } from '@/features/rounds/components/rounds-list'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import { selectRoundsNewestFirst, useRoundsStore } from '@/features/rounds/stores/rounds-store'
import type { LoadStatus } from '@/lib/records'

/** No rows from the device or the server yet. */
const unanswered = (status: LoadStatus) => status === 'idle' || status === 'loading'

/** The handicap from the golfer's rounds, and the rounds, which are played on their courses. */
export function HcpScreen() {
  // A new set of rows (the device's copy, a reload) is drawn in the background, in slices a phone
  // can interleave with input, rather than in one long task: the screen shows the rows it had
  // until the next ones are ready. The status is deferred with them, so "loading" and the rows it
  // is about change in the same frame; the list below is given both.
  const rounds = useDeferredValue(useRoundsStore(selectRoundsNewestFirst))
  const roundsStatus = useDeferredValue(useRoundsStore((state) => state.status))
  const courses = useCoursesStore(useShallow(selectCoursesByName))
  const coursesStatus = useCoursesStore((state) => state.status)

  const { index, estimate, marks, trend } = useMemo(() => {
    const scored = rounds.map((round) => ({
      score: round.score,
      courseRating: round.courseRating,
      slopeRating: round.slopeRating,
    }))
    const counts = countingRounds(scored)
    const differentials = scored.map(scoreDifferential)
    const history = handicapHistory([...scored].reverse()).reverse()
    // The estimate reads the record oldest first (by day played, then entry order): the reverse
    // of the list's order. Its results are turned back to newest first, as the rest is.
    const oldestFirst = [...rounds].reverse()
    const whs = whsRecord(oldestFirst)
    const whsRounds = [...whs.rounds].reverse()
    return {
      index: handicapIndex(scored),
      estimate: {
        index: whs.index,
        reasons: explainWhs(oldestFirst, whs, formatPlayedOn),
      },
      marks: Object.fromEntries(
        rounds.map((round, at) => [
          round.id,
          {
            differential: (differentials[at] as number).toFixed(1),
            counts: counts[at] === true,
            countsForWhs: whsRounds[at]?.counts === true,
          },
        ]),
      ),
      trend: rounds
        .map((round, at) => ({
          key: round.id,
          label: formatPlayedOn(round.playedOn),
          differential: differentials[at] as number,
          index: history[at] ?? null,
          counts: counts[at] === true,
          whsIndex: whsRounds[at]?.indexAfter ?? null,
        }))
        .reverse(),
    }
  }, [rounds])
  // The card says "Loading…" until both lists are known (the device's copy or the server's), and
  // the trend and the list are drawn below it together then: nothing the golfer already sees is
  // pushed down by what arrives after it.
  const loading =
    (rounds.length === 0 && unanswered(roundsStatus)) ||
    (courses.length === 0 && unanswered(coursesStatus))
  return (
    <>
      <PageHeading title="Handicap" className="visually-hidden">
        Handicap
      </PageHeading>
      <HandicapDisplay
        index={index}
        roundCount={rounds.length}
        loading={loading}
        estimate={estimate}
      />
      {loading ? null : (
        <>
          <h2 className="section-title">Rounds</h2>
          {/* In the screen's own chunk, not a lazy one, so it is drawn with the rounds. */}
          {index === null ? null : <HandicapTrend entries={trend} />}
          {/* A course still waiting to be saved can take a round: the outbox sends it first. */}
          <RoundsList rounds={rounds} roundsStatus={roundsStatus} courses={courses} marks={marks} />
        </>
      )}
    </>
  )
}
