import { performance } from 'node:perf_hooks'
import { ulid } from 'ulid'
import { toCsv } from '../src/features/account/lib/csv.ts'
import { importPayload } from '../src/features/account/lib/import-payload.ts'
import { localToday, planImport } from '../src/features/account/lib/import-plan.ts'
import { benchGolfer, round, startBenchStack, summarise } from './support.ts'

/** A spreadsheet of `count` rounds over 25 courses, one a day back from 2020-01-01. */
function roundsFile(count: number): string {
  const start = Date.UTC(2020, 0, 1)
  const rows = Array.from({ length: count }, (_, i) => [
    new Date(start - i * 86_400_000).toISOString().slice(0, 10),
    `Course ${i % 25}, "Links" 🏌️`,
    (68 + (i % 7) / 10).toFixed(1),
    110 + (i % 30),
    72 + (i % 30),
  ])
  return toCsv([['Date played', 'Course name', 'Course rating', 'Slope rating', 'Score'], ...rows])
}

/**
 * Issue 13: importing 1,000 rounds — the preview (parse and check in the browser's code) and the
 * one transactional call that stores them — must take under 5 s on the local stack. Also the same
 * file a second time, which adds nothing.
 */
export async function benchImport(options: { rows?: number; samples?: number } = {}) {
  const rows = options.rows ?? 1000
  const samples = options.samples ?? 5
  const text = roundsFile(rows)
  const { stack, stop } = await startBenchStack()
  try {
    const first: number[] = []
    const again: number[] = []
    const previews: number[] = []
    for (let s = 0; s < samples; s += 1) {
      const { client } = await benchGolfer(stack, 'import')
      const importOnce = async () => {
        const started = performance.now()
        const plan = planImport(text, { courses: [], rounds: [] }, localToday())
        previews.push(performance.now() - started)
        if (plan.problems.length > 0 || plan.toAdd.length !== rows)
          throw new Error('bad bench file')
        const payload = importPayload(plan.toAdd, ulid)
        const { data, error } = await client.rpc('import_rounds', { payload })
        if (error) throw new Error(error.message)
        return {
          ms: performance.now() - started,
          added: (data as { rounds_added: number }).rounds_added,
        }
      }
      const one = await importOnce()
      if (one.added !== rows) throw new Error(`imported ${one.added} of ${rows}`)
      first.push(one.ms)
      const two = await importOnce()
      if (two.added !== 0) throw new Error('the second import added rounds')
      again.push(two.ms)
    }
    return {
      rows,
      import_ms: summarise(first),
      same_file_again_ms: summarise(again),
      preview_ms_median: round(
        previews.sort((a, b) => a - b)[Math.floor(previews.length / 2)] ?? 0,
      ),
    }
  } finally {
    await stop()
  }
}
