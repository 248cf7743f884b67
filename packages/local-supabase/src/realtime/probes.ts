/**
 * Expressions Postgres evaluates for one change (casts and filter comparisons), run in statements
 * of bounded size so that no subscriber's filters can make a statement that fails for everyone.
 *
 * Each probe is an SQL expression with `$?` placeholders for its own parameters. Probes are packed
 * into statements under a parameter budget well below Postgres's 65,535; a statement that fails
 * is split in halves and retried, so a failing probe costs only itself (and the subscriptions that
 * depend on it), within a bounded number of queries per change.
 */

export type ProbeParam = string | string[]

export interface Probe {
  /** An SQL expression; each `$?` is replaced by the next of `params`, in order. */
  sql: string
  params: ProbeParam[]
}

/**
 * What a probe evaluated to as `to_jsonb(expression)::text` (null for SQL NULL), or undefined if
 * it could not be evaluated. Kept as text: numbers must not lose digits on their way to clients.
 */
export type ProbeResult = string | null | undefined

/** Parameters per statement: the wire limit is 65,535; stay far below it. */
export const MAX_PARAMS_PER_STATEMENT = 2000
/** Expressions per statement, whatever their parameters. */
export const MAX_PROBES_PER_STATEMENT = 500
/** Statements one change may take, bisecting included. */
export const MAX_STATEMENTS_PER_CHANGE = 64

export interface Query {
  (sql: string, params: ProbeParam[]): Promise<{ rows: { results: (string | null)[] }[] }>
}

/** Splits probes, in order, into statements that respect both budgets. */
export function packProbes<T extends { probe: Probe }>(
  items: T[],
  maxParams = MAX_PARAMS_PER_STATEMENT,
  maxProbes = MAX_PROBES_PER_STATEMENT,
): T[][] {
  const chunks: T[][] = []
  let current: T[] = []
  let params = 0
  for (const item of items) {
    const size = item.probe.params.length
    if (current.length && (params + size > maxParams || current.length >= maxProbes)) {
      chunks.push(current)
      current = []
      params = 0
    }
    current.push(item)
    params += size
  }
  if (current.length) chunks.push(current)
  return chunks
}

/** One statement that evaluates the probes, numbering their placeholders. */
export function statementFor(probes: Probe[]): { sql: string; params: ProbeParam[] } {
  const params: ProbeParam[] = []
  const expressions = probes.map((probe) => {
    let next = 0
    const sql = probe.sql.replace(/\$\?/g, () => {
      const value = probe.params[next++]
      if (value === undefined) throw new Error('a probe has fewer parameters than placeholders')
      params.push(value)
      return `$${params.length}`
    })
    return `to_jsonb(${sql})::text`
  })
  return { sql: `select array[${expressions.join(', ')}]::text[] as results`, params }
}

/**
 * Evaluates every probe; results are in probe order. Never rejects: a probe that cannot be
 * evaluated (its statement failed even alone, or the budget ran out) yields undefined, and
 * `onFailure` hears why.
 */
export async function evaluateProbes(
  query: Query,
  probes: Probe[],
  onFailure: (message: string) => void,
  maxStatements = MAX_STATEMENTS_PER_CHANGE,
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = new Array(probes.length).fill(undefined)
  let budget = maxStatements
  const chunks = packProbes(probes.map((probe, index) => ({ probe, index })))

  async function run(chunk: { probe: Probe; index: number }[]): Promise<void> {
    if (!chunk.length) return
    if (budget <= 0) {
      onFailure(`gave up on ${chunk.length} filter comparison(s): too many statements`)
      return
    }
    budget -= 1
    try {
      const { sql, params } = statementFor(chunk.map(({ probe }) => probe))
      const { rows } = await query(sql, params)
      const values = rows[0]?.results ?? []
      chunk.forEach(({ index }, at) => {
        results[index] = values[at] ?? null
      })
    } catch (error) {
      if (chunk.length === 1) {
        onFailure(`a filter comparison failed: ${(error as Error).message}`)
        return
      }
      const half = Math.ceil(chunk.length / 2)
      await Promise.all([run(chunk.slice(0, half)), run(chunk.slice(half))])
    }
  }

  await Promise.all(chunks.map(run))
  return results
}
