import type { HoleScore, Round } from '@/lib/tables/rounds'

/** Putts and penalties count only rounds recorded on every hole: a total with holes missing would
 * read better than the round was. Per-round figures are per 18 holes, so a nine never halves them. */
export const STATS_ROUNDS = 20
export const STATS_MIN_ROUNDS = 3

export type StatsPar = 3 | 4 | 5
export const STATS_PARS: readonly StatsPar[] = [3, 4, 5]

export interface Stat {
  value: number
  rounds: number
}

export interface RoundStats {
  /** The hole-by-hole rounds looked at: the latest, at most `STATS_ROUNDS`. */
  rounds: number
  parAverages: Record<StatsPar, Stat | null>
  puttsPerRound: Stat | null
  /** Percent of par 4 and 5 holes with a recorded fairway where it was hit. */
  fairwaysHit: Stat | null
  /** Percent of holes with a recorded green where it was hit in regulation. */
  greensInRegulation: Stat | null
  penaltiesPerRound: Stat | null
}

export type StatsRound = Pick<Round, 'holePars' | 'holeScores'>

interface Hole extends HoleScore {
  par: number
}

/** A running sum over rounds: `top / bottom` is the stat, `rounds` the rounds that gave to it. */
interface Tally {
  top: number
  bottom: number
  rounds: number
}

const tally = (): Tally => ({ top: 0, bottom: 0, rounds: 0 })

function add(into: Tally, holes: readonly Hole[], top: (hole: Hole) => number, bottom = 1) {
  if (holes.length === 0) return
  into.rounds += 1
  for (const hole of holes) {
    into.top += top(hole)
    into.bottom += bottom
  }
}

/** Top × scale / bottom in one division of whole numbers, so 46 / 10 is exactly 4.6. */
function stat({ top, bottom, rounds }: Tally, scale = 1): Stat | null {
  return rounds < STATS_MIN_ROUNDS ? null : { value: (top * scale) / bottom, rounds }
}

const recorded = <K extends keyof HoleScore>(holes: readonly Hole[], key: K) =>
  holes.filter((hole) => hole[key] !== null)

export function scoringStats(newestFirst: readonly StatsRound[]): RoundStats {
  const cards: Hole[][] = []
  for (const round of newestFirst) {
    if (cards.length === STATS_ROUNDS) break
    const { holePars, holeScores } = round
    if (!holeScores || !holePars || holePars.length !== holeScores.length) continue
    cards.push(holeScores.map((hole, at) => ({ ...hole, par: holePars[at] as number })))
  }

  const pars = { 3: tally(), 4: tally(), 5: tally() }
  const putts = tally()
  const fairways = tally()
  const greens = tally()
  const penalties = tally()
  for (const holes of cards) {
    for (const par of STATS_PARS) {
      add(
        pars[par],
        holes.filter((hole) => hole.par === par),
        (hole) => hole.strokes,
      )
    }
    const allPutts = recorded(holes, 'putts')
    if (allPutts.length === holes.length) add(putts, allPutts, (hole) => hole.putts ?? 0)
    const allPenalties = recorded(holes, 'penalties')
    if (allPenalties.length === holes.length) {
      add(penalties, allPenalties, (hole) => hole.penalties ?? 0)
    }
    const drives = recorded(holes, 'fairwayHit').filter((hole) => hole.par >= 4)
    add(fairways, drives, (hole) => (hole.fairwayHit ? 1 : 0))
    add(greens, recorded(holes, 'greenInRegulation'), (hole) => (hole.greenInRegulation ? 1 : 0))
  }

  return {
    rounds: cards.length,
    parAverages: { 3: stat(pars[3]), 4: stat(pars[4]), 5: stat(pars[5]) },
    puttsPerRound: stat(putts, 18),
    fairwaysHit: stat(fairways, 100),
    greensInRegulation: stat(greens, 100),
    penaltiesPerRound: stat(penalties, 18),
  }
}

export function hasStats(stats: RoundStats): boolean {
  return [
    ...STATS_PARS.map((par) => stats.parAverages[par]),
    stats.puttsPerRound,
    stats.fairwaysHit,
    stats.greensInRegulation,
    stats.penaltiesPerRound,
  ].some((value) => value !== null)
}

export interface RoundStat {
  label: string
  value: string
}

const holesWord = (count: number) => `${count} ${count === 1 ? 'hole' : 'holes'}`

/** A stat with no hole recorded is left out; putts say over how many holes when not all. */
export function roundStats(holes: readonly HoleScore[], pars: readonly number[]): RoundStat[] {
  const shown: RoundStat[] = []
  const putts = holes.filter((hole) => hole.putts !== null)
  if (putts.length > 0) {
    const total = putts.reduce((sum, hole) => sum + (hole.putts ?? 0), 0)
    shown.push({
      label: 'Putts',
      value:
        putts.length === holes.length ? String(total) : `${total} on ${holesWord(putts.length)}`,
    })
  }
  const drives = holes.filter((hole, at) => hole.fairwayHit !== null && (pars[at] ?? 0) >= 4)
  if (drives.length > 0) {
    const hit = drives.filter((hole) => hole.fairwayHit).length
    shown.push({ label: 'Fairways hit', value: `${hit} of ${drives.length}` })
  }
  const greens = holes.filter((hole) => hole.greenInRegulation !== null)
  if (greens.length > 0) {
    const hit = greens.filter((hole) => hole.greenInRegulation).length
    shown.push({ label: 'Greens in regulation', value: `${hit} of ${greens.length}` })
  }
  const penalties = holes.filter((hole) => hole.penalties !== null)
  if (penalties.length > 0) {
    const total = penalties.reduce((sum, hole) => sum + (hole.penalties ?? 0), 0)
    shown.push({ label: 'Penalty strokes', value: String(total) })
  }
  return shown
}
