import type { Column, Relation } from '../schema-cache.ts'
import type { Filter, LogicTree } from '../api-request/types.ts'
import type { BodyShape, PlanNode } from './read-plan.ts'

/**
 * What an insert, update or delete is planned as (PGRST `Plan/MutatePlan.hs`): the relation, the
 * payload's columns, the conditions, and the representation a `return=representation` asks for.
 */

export interface Conditions {
  filters: Filter[]
  logic: LogicTree[]
}

export function hasConditions(conditions: Conditions): boolean {
  return conditions.filters.length > 0 || conditions.logic.length > 0
}

/** What a mutation hands back to the response: nothing (RETURNING 1), or columns for a select. */
export interface Representation {
  /** The select tree over the changed rows (root filters and range do not apply). */
  tree: PlanNode
  shape: BodyShape
  stripNulls: boolean
  /** Columns RETURNING must include besides the selected ones (the primary key). */
  extraColumns: string[]
}

export interface InsertPlan {
  relation: Relation
  columns: Column[]
  /** The JSON body, always an array of objects. */
  body: string
  applyDefaults: boolean
  onConflict?: { resolution: 'merge-duplicates' | 'ignore-duplicates'; columns: string[] }
  representation?: Representation
}

export interface UpdatePlan {
  relation: Relation
  columns: Column[]
  body: string
  applyDefaults: boolean
  conditions: Conditions
  representation?: Representation
}

export interface DeletePlan {
  relation: Relation
  conditions: Conditions
  representation?: Representation
}
