import {
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useReducer,
  type ComponentType,
} from 'react'
import { useNavigate } from 'react-router-dom'
import { useShallow } from 'zustand/react/shallow'
import { ChunkBoundary, lazyChunk } from '@/components/ui/chunk-boundary'
import { PageHeading } from '@/components/ui/page-heading'
import { selectUserId, useSessionStore } from '@/features/auth/stores/session-store'
import { useCoursesStore, selectCoursesByName } from '@/features/courses/stores/courses-store'
import { teesOfCourse } from '@/features/courses/lib/course-tees'
import { selectTeesByCourse, useTeesStore } from '@/features/courses/stores/tees-table'
import { HandicapDisplay } from '@/features/handicap/components/handicap-display'
import { StartingIndexPanel } from '@/features/handicap/components/starting-index'
import { HandicapTrend } from '@/features/handicap/components/handicap-trend'
import { explainWhs } from '@/features/handicap/lib/explain-whs'
import { RoundsList } from '@/features/rounds/components/rounds-list'
import { formatPlayedOn } from '@/features/rounds/lib/played-on'
import { useRoundsStore } from '@/features/rounds/stores/rounds-store'
import type { Round } from '@/features/rounds/types'
import { ResumeRound } from '@/features/scorecard/components/resume-round'
import { gameResult } from '@/features/scorecard/lib/game-result'
import { roundSideGamesLines } from '@/features/scorecard/lib/card-side-games'
import { roundStats } from '@/features/scorecard/lib/stats'
import type { LoadStatus } from '@/lib/records'
import { useHandicap } from '../handicap'
import { StartRoundDialog } from './start-round-dialog'

// The stats panel shows only rounds scored hole by hole: a golfer with none never loads its code.
type StatsPanel = ComponentType<{ rounds: readonly Round[] }>
let statsLoad: Promise<StatsPanel> | null = null
let statsPanel: StatsPanel | null = null
let statsFailed = false

function loadStatsPanel(): Promise<StatsPanel> {
  statsLoad ??= import('@/features/scorecard/components/scoring-stats').then(
    (module) => {
      statsPanel = module.ScoringStats
      statsFailed = false
      return module.ScoringStats
    },
    (error: unknown) => {
      statsFailed = true
      throw error
    },
  )
  return statsLoad
}

/** After a failed load, the boundary shows that failure first and its Retry asks afresh. */
const ScoringStats = lazyChunk(() => {
  const load = loadStatsPanel()
  load.catch(() => {
    if (statsLoad === load) statsLoad = null
  })
  return load
})

/** The panel, the trend and the rounds wait for the code and are drawn together: the panel
 * arriving after them pushed the trend down (a layout shift on every open). */
function useStatsCode(wanted: boolean): 'ready' | 'failed' | null {
  const [, settled] = useReducer((count: number) => count + 1, 0)
  if (wanted && !statsPanel && !statsFailed) void loadStatsPanel().catch(() => undefined)
  const waiting = wanted && !statsPanel && !statsFailed
  useEffect(() => {
    if (!waiting) return
    let mounted = true
    // In a transition, as the rounds are drawn: in slices a phone can interleave with input.
    const done = () => {
      if (mounted) startTransition(settled)
    }
    void loadStatsPanel().then(done, done)
    return () => {
      mounted = false
    }
  }, [waiting])
  if (!wanted || waiting) return null
  return statsPanel ? 'ready' : 'failed'
}

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

  const { index, entryCount, estimate, marks, trend } = useMemo(() => {
    const partners = new Map(
      rounds.map((round) => [round.id, `${formatPlayedOn(round.playedOn)} (${round.score})`]),
    )
    return {
      index: record.index,
      entryCount: record.entries.length,
      estimate: {
        index: record.whs.index,
        reasons: explainWhs(record.entries, record.whs, formatPlayedOn),
      },
      marks: Object.fromEntries(
        rounds.map((round) => {
          const score = record.byRound.get(round.id)
          const { differential, counts, countsForWhs, pairedWith } = score ?? {
            differential: null,
            counts: false,
            countsForWhs: false,
            pairedWith: null,
          }
          return [
            round.id,
            {
              differential: differential === null ? null : differential.toFixed(1),
              counts,
              countsForWhs,
              pairedWith: pairedWith === null ? null : (partners.get(pairedWith) ?? null),
              pairedWithId: pairedWith,
              // Off the index in effect on the card's day.
              card:
                score && round.holeScores
                  ? {
                      adjustedScore: score.adjustedScore,
                      courseHandicap: score.courseHandicap,
                      cappedHoles: score.cappedHoles,
                      stats: roundStats(round.holeScores, round.holePars ?? []),
                    }
                  : null,
              game: gameResult(round, (id) => teesById[id]),
              sideGames: roundSideGamesLines(round, (id) => teesById[id]),
            },
          ]
        }),
      ),
      trend: record.entries.map((entry) => ({
        key: entry.entry.roundIds.join('+'),
        label: formatPlayedOn(entry.playedOn),
        differential: entry.differential,
        index: entry.indexAfter,
        counts: entry.counts,
        whsIndex: entry.whs.indexAfter,
      })),
    }
  }, [rounds, record, teesById])
  // The trend and the list are drawn together once both lists are known, so nothing already seen
  // is pushed down.
  const loading =
    (rounds.length === 0 && unanswered(roundsStatus)) ||
    (courses.length === 0 && unanswered(coursesStatus))
  const wantsStats = rounds.some((round) => round.holeScores !== null)
  const stats = useStatsCode(wantsStats)
  const LoadedStats = stats === 'ready' ? statsPanel : null
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
            </section>
          ) : null}
          {wantsStats && stats === null ? null : (
            <>
              {stats === null ? null : (
                <ChunkBoundary>
                  {LoadedStats ? (
                    <LoadedStats rounds={rounds} />
                  ) : (
                    <Suspense fallback={null}>
                      <ScoringStats rounds={rounds} />
                    </Suspense>
                  )}
                </ChunkBoundary>
              )}
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
