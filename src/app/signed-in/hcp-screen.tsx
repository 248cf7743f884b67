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
import { useNavigate } from '@/lib/routing'
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

// The stats panel shows only rounds scored hole by hole: a golfer with none never loads its code,
// which otherwise cost the 200-round HCP screen's first render (Lighthouse) for nothing.
type StatsPanel = ComponentType<{ rounds: readonly Round[] }>
/** The panel's code, asked for once per page (until a failure is shown and retried). */
let statsLoad: Promise<StatsPanel> | null = null
/** The panel's code once loaded. */
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

/** The panel drawn through its boundary after a failed load: that failure (not a second request)
 * is what it shows first, and its Retry asks for the code afresh. */
const ScoringStats = lazyChunk(() => {
  const load = loadStatsPanel()
  load.catch(() => {
    if (statsLoad === load) statsLoad = null
  })
  return load
})

/**
 * Whether the stats panel's code is here ('ready'), could not be loaded ('failed'), or is on its
 * way (null), fetched once the golfer has a round scored hole by hole. The panel, the trend and
 * the rounds wait for it and are drawn together: the panel arriving after them pushed the trend
 * down (a layout shift on every open of the screen).
 */
function useStatsCode(wanted: boolean): 'ready' | 'failed' | null {
  const [, settled] = useReducer((count: number) => count + 1, 0)
  // Asked for as soon as it is known to be wanted (one import a page, however often drawn).
  if (wanted && !statsPanel && !statsFailed) void loadStatsPanel().catch(() => undefined)
  const waiting = wanted && !statsPanel && !statsFailed
  useEffect(() => {
    if (!waiting) return
    let mounted = true
    // In a transition, as the rounds themselves are drawn: rendered in slices a phone can
    // interleave with input, not in one task.
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

/** No rows from the device or the server yet. */
const unanswered = (status: LoadStatus) => status === 'idle' || status === 'loading'

/** The handicap from the golfer's rounds, and the rounds, which are played on their courses. */
export function HcpScreen() {
  // A new set of rows (the device's copy, a reload) is drawn in the background, in slices a phone
  // can interleave with input, rather than in one long task: the screen shows the rows it had
  // until the next ones are ready. The status is deferred with them, so "loading" and the rows it
  // is about change in the same frame; the list below is given both.
  // The rounds are the handicap store's, with the record it scored from them (the golfer's chosen
  // index caps each card's holes), so the list and its marks always change together.
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
  // A card whose round is already here (or in the outbox) was finished: it is dropped.
  const isKnownRound = useCallback((id: string) => id in roundsById, [roundsById])
  // The round dialogs pick a tee of the course: each course with its tees, first made first. A
  // course whose tees this device does not know yet shows the first tee the database makes.
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
    // "25 Nov 2026 (40)": the other nine as the list shows it.
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
              // What net double bogey made of a card, off the index in effect on its day.
              card:
                score && round.holeScores
                  ? {
                      adjustedScore: score.adjustedScore,
                      courseHandicap: score.courseHandicap,
                      cappedHoles: score.cappedHoles,
                      stats: roundStats(round.holeScores, round.holePars ?? []),
                    }
                  : null,
              // The result of the round's game, from its stored strokes (issue 31).
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
  // The card says "Loading…" until both lists are known (the device's copy or the server's), and
  // the trend and the list are drawn below it together then: nothing the golfer already sees is
  // pushed down by what arrives after it.
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
              {/* In the screen's own chunk, not a lazy one, so it is drawn with the rounds. */}
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
