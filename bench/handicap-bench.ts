import { pathToFileURL } from 'node:url'
import {
  countingRounds,
  handicapHistory,
  handicapIndex,
  type ScoredRound,
} from '../src/features/handicap/lib/handicap-index.ts'
import { seededRandom } from '../src/testing/seeded-random.ts'

/**
 * Issue 5: the handicap engine's time for 10, 1,000 and 100,000 rounds, which must grow no faster
 * than n log n. Each figure is the median over samples of one call, after a warm-up that lets the
 * JIT settle; small inputs are called many times per sample so that a sample is well above the
 * timer's resolution. `per_n_log_n_ns` is the time divided by n·log₂n: if it does not grow with
 * n, neither does the engine faster than n log n. Besides random order, the rounds are also given
 * best first (every new round displaces one of the lowest kept so far), the engine's worst order.
 *
 * Run alone: `npx tsx bench/handicap-bench.ts`; in the full run: `npm run bench -- handicap`.
 */
const SIZES = [10, 1_000, 100_000]
const SAMPLES = 41
const SAMPLE_MS = 20
const WARM_UP_MS = 300

/** Deterministic rounds within the database's bounds (mulberry32), the same in every run. */
function seededRounds(count: number, seed: number): ScoredRound[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, () => ({
    score: 18 + Math.floor(random() * 183),
    courseRating: (200 + Math.floor(random() * 701)) / 10,
    slopeRating: 55 + Math.floor(random() * 101),
  }))
}

const round = (value: number, digits: number) => Number(value.toFixed(digits))

/** Descending differentials, so each round is lower than all before it. The rounds are copied in
 * that order so that, as in random order, they lie in memory in the order they are read, and the
 * figure measures the engine rather than cache misses. */
function bestFirst(rounds: readonly ScoredRound[]): ScoredRound[] {
  const roughDifferential = (r: ScoredRound) => (r.score - r.courseRating) / r.slopeRating
  return [...rounds]
    .sort((a, b) => roughDifferential(b) - roughDifferential(a))
    .map((r) => ({ ...r }))
}

// Written to by every call so the engine's work cannot be optimised away.
let sink = 0

function callsPerSample(rounds: readonly ScoredRound[]): number {
  let calls = 1
  for (;;) {
    const started = performance.now()
    for (let i = 0; i < calls; i++) sink += handicapIndex(rounds) ?? 0
    if (performance.now() - started >= SAMPLE_MS / 4) {
      return Math.max(1, Math.round((calls * SAMPLE_MS) / (performance.now() - started)))
    }
    calls *= 2
  }
}

/** Median wall time of one call, in microseconds. */
function medianMicroseconds(rounds: readonly ScoredRound[]): number {
  const warmUpEnd = performance.now() + WARM_UP_MS
  while (performance.now() < warmUpEnd) sink += handicapIndex(rounds) ?? 0
  const calls = callsPerSample(rounds)
  const samples: number[] = []
  for (let s = 0; s < SAMPLES; s++) {
    const started = performance.now()
    for (let i = 0; i < calls; i++) sink += handicapIndex(rounds) ?? 0
    samples.push(((performance.now() - started) * 1000) / calls)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)] as number
}

function measure(order: 'random' | 'best first') {
  const rows = SIZES.map((n) => {
    const seeded = seededRounds(n, 20_261_122 + n)
    const rounds = order === 'best first' ? bestFirst(seeded) : seeded
    const micros = medianMicroseconds(rounds)
    return {
      rounds: n,
      median_us: round(micros, 3),
      per_round_ns: round((micros * 1000) / n, 2),
      per_n_log_n_ns: round((micros * 1000) / (n * Math.log2(n)), 3),
    }
  })
  const first = rows[0] as (typeof rows)[number]
  const last = rows[rows.length - 1] as (typeof rows)[number]
  return {
    rows,
    // How much faster than n log n the time grew from the smallest to the largest n: ≤ 1 means
    // no faster than n log n.
    growth_vs_n_log_n: round(last.per_n_log_n_ns / first.per_n_log_n_ns, 3),
    // The same against n: about 1 for a linear engine.
    growth_vs_n: round(last.per_round_ns / first.per_round_ns, 3),
  }
}

/**
 * Issue 11: the HCP screen computes the index after every round (the trend) and the counting
 * marks on each change; for 2,000 rounds that must take under 20 ms. Median of 41 calls each.
 */
const HISTORY_ROUNDS = 2_000
const HISTORY_BUDGET_MS = 20

function medianMs(work: () => void): number {
  for (let i = 0; i < 10; i++) work()
  const samples: number[] = []
  for (let s = 0; s < SAMPLES; s++) {
    const started = performance.now()
    work()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return round(samples[Math.floor(samples.length / 2)] as number, 3)
}

function measureHistory() {
  const random = seededRounds(HISTORY_ROUNDS, 2_026_112)
  const best = bestFirst(random)
  const history = (rounds: readonly ScoredRound[]) =>
    medianMs(() => {
      sink += handicapHistory(rounds).at(-1) ?? 0
    })
  const result = {
    rounds: HISTORY_ROUNDS,
    history_random_order_ms: history(random),
    history_best_first_ms: history(best),
    counting_rounds_ms: medianMs(() => {
      sink += countingRounds(random).filter(Boolean).length
    }),
    budget_ms: HISTORY_BUDGET_MS,
  }
  return {
    ...result,
    within_budget:
      Math.max(result.history_random_order_ms, result.history_best_first_ms) < HISTORY_BUDGET_MS,
  }
}

export async function benchHandicap(): Promise<Record<string, unknown>> {
  const history = measureHistory()
  const random = measure('random')
  const bestFirstOrder = measure('best first')
  return {
    method: `median of ${SAMPLES} samples of ~${SAMPLE_MS} ms after ${WARM_UP_MS} ms warm-up, per call`,
    random_order: random,
    best_first_order: bestFirstOrder,
    within_n_log_n: random.growth_vs_n_log_n <= 1 && bestFirstOrder.growth_vs_n_log_n <= 1,
    history_2000_rounds: history,
    checksum: sink,
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchHandicap(), null, 2))
}
