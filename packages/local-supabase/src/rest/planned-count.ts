import type { PlanChoice } from './media-types.ts'

/**
 * PostgREST's `count=planned` and `count=estimated` (PGRST `Query.hs`): the total is the planner's
 * row estimate for the request's rows, read from EXPLAIN, not a count; `estimated` counts exactly
 * while the exact total stays within max-rows and takes the estimate above it. The read's own
 * statement is explained; its exact count is the scalar subquery over `pgrst_source_count`, whose
 * input node carries the estimate.
 */
export const COUNT_PLAN: PlanChoice = { format: 'json', options: [], for: 'application/json' }

interface PlanNode {
  'Parent Relationship'?: string
  'Plan Rows'?: number
  Plans?: PlanNode[]
}

/** The row estimate under the count's InitPlan, or undefined when the plan has none. */
export function plannedRows(explained: unknown): number | undefined {
  const root = (explained as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan
  const search = (node: PlanNode | undefined): number | undefined => {
    if (!node) return undefined
    if (node['Parent Relationship'] === 'InitPlan') return node.Plans?.[0]?.['Plan Rows']
    for (const child of node.Plans ?? []) {
      const found = search(child)
      if (found !== undefined) return found
    }
    return undefined
  }
  return search(root)
}

/** The total to answer for `count`, given the exact count and the planner's estimate. */
export function countTotal(
  count: 'exact' | 'planned' | 'estimated',
  exact: number,
  estimate: number | undefined,
  maxRows: number,
): number {
  if (count === 'exact' || estimate === undefined) return exact
  if (count === 'planned') return estimate
  return exact > maxRows ? estimate : exact
}
