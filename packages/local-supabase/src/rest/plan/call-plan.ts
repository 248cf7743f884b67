import type { OrderTerm, Range, SelectItem } from '../api-request/types.ts'
import type { Routine } from '../schema-cache.ts'
import type { Conditions } from './mutate-plan.ts'
import type { PlanNode } from './read-plan.ts'

/** A function call as PostgREST plans it (PGRST `Plan/CallPlan.hs`): the routine and its arguments. */

export type CallArguments =
  | { kind: 'json'; body: string; keys: string[] }
  /** A lone unnamed parameter receives the whole body (or the arguments as JSON), cast to its type. */
  | { kind: 'single'; body: string; type: string }
  | { kind: 'query'; values: Map<string, string[]> }

export interface CallPlan {
  routine: Routine
  arguments: CallArguments
  select: SelectItem[]
  conditions: Conditions
  order: OrderTerm[]
  range: Range
  count: boolean
  single: boolean
  stripNulls: boolean
  /** For a composite result: the select tree over the result rows, which may embed. */
  tree: PlanNode
}
