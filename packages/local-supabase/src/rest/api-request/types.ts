/**
 * The parsed request as PostgREST types it (PGRST `ApiRequest/Types.hs`): select items, filters,
 * logic trees, order terms and what the query string says about embedded resources. Parsing
 * lives in `query-params.ts`; nothing here knows the schema.
 */

export interface JsonPathStep {
  /** `->` keeps JSON, `->>` yields text. */
  arrow: '->' | '->>'
  key: string | number
}

export interface Field {
  name: string
  jsonPath: JsonPathStep[]
}

export type AggregateFunction = 'sum' | 'avg' | 'count' | 'max' | 'min'

export interface ColumnItem {
  kind: 'column'
  field: Field
  alias?: string
  cast?: string
  /** `col.sum()`, or `count()` (then the field is `*`). */
  aggregate?: AggregateFunction
  aggregateCast?: string
}

/** `alias:relation!hint!inner(…)`, or a spread `...relation(…)`, with its own select list. */
export interface EmbedItem {
  kind: 'embed'
  relation: string
  alias?: string
  hint?: string
  joinType?: 'inner' | 'left'
  spread: boolean
  select: SelectItem[]
}

export type SelectItem = { kind: 'star' } | ColumnItem | EmbedItem

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts'
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'compare'; operator: SimpleOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string }

export interface Filter {
  field: Field
  negated: boolean
  operation: Operation
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'group'; negated: boolean; operator: 'and' | 'or'; children: LogicTree[] }

export interface OrderTerm {
  field: Field
  /** `order=relation(col)`: a column of an embedded to-one resource. */
  relation?: string
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** What the query string says about one embedded resource, e.g. `books.order=title`. */
export interface EmbeddedParams {
  /** The resource's name or alias at each level, from the root's child down. */
  path: string[]
  filters: Filter[]
  logic: LogicTree[]
  order: OrderTerm[]
  limit?: number
  offset?: number
}

export interface QueryParams {
  /** Empty means `*`. */
  select: SelectItem[]
  /** Top-level filters (`col=op.value`), ANDed together. */
  filters: Filter[]
  /** `and=(…)` / `or=(…)` trees, ANDed with the filters. */
  logic: LogicTree[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  columns?: string[]
  onConflict?: string[]
  /** For GET/HEAD rpc: parameters that are not filters become the function's arguments. */
  rpcArguments: [string, string][]
  /** The column names the filters and logic trees use (for the columns a function returns). */
  filterFields: string[]
  /** Filters, logic trees, order and ranges addressed to embedded resources (`rel.col=eq.1`). */
  embedded: EmbeddedParams[]
}

/** `limit`/`offset` of a query or of one embedded resource (PGRST `RangeQuery.hs`). */
export interface Range {
  offset: number
  /** Undefined means no limit. */
  limit?: number
}
