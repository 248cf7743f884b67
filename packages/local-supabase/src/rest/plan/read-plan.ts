import { notEmbedded } from '../api-request/query-params.ts'
import type {
  ColumnItem,
  EmbedItem,
  EmbeddedParams,
  Filter,
  LogicTree,
  OrderTerm,
  Range,
  SelectItem,
} from '../api-request/types.ts'
import { postgrestError } from '../errors.ts'
import { findRelationship, isToOne, type Relationship } from '../relationships.ts'
import { EXPOSED_SCHEMA, type SchemaSnapshot } from '../schema-cache.ts'

/**
 * Resource embedding as PostgREST plans it (PGRST `Plan/ReadPlan.hs`, readPlan in `Plan.hs`): the
 * select tree becomes a tree of nodes, each embedded node found through a relationship of its
 * parent, with the filters, order and range the query string addresses to it. Only the tree lives
 * here; `query/query-builder.ts` turns it into SQL.
 */

type Spread = 'none' | 'to-one' | 'to-many'

export interface PlanNode {
  /** The table, view or function result this node reads rows of. */
  relation: string
  /** The name as written in the select (a table, a foreign key, a column or a function). */
  name: string
  alias?: string
  hint?: string
  joinType?: 'inner' | 'left'
  spread: Spread
  depth: number
  select: Exclude<SelectItem, EmbedItem>[]
  children: PlanNode[]
  relationship?: Relationship
  /** `<table>_<depth>`: how an embedded (not many-to-many) node names its table. */
  fromAlias?: string
  /** `<parent>_<name>_<depth>`: the name of the lateral subquery in the parent. */
  aggAlias: string
  filters: Filter[]
  logic: LogicTree[]
  order: OrderTerm[]
  range: Range
  /** The root's known columns, which filters and order are checked against. */
  columns?: ReadonlySet<string>
}

export type BodyShape = 'array' | 'single' | 'scalar' | 'scalar-array' | 'csv' | 'none'

/** A read: the tree, whether to count, and how the rows become the body. */
export interface ReadPlan {
  tree: PlanNode
  count: boolean
  shape: BodyShape
  stripNulls: boolean
}

export interface TreeOptions {
  snapshot: SchemaSnapshot
  /** The relation the root node reads (for a call, the table its result rows belong to). */
  relation: string
  select: SelectItem[]
  embedded: EmbeddedParams[]
  root: Pick<PlanNode, 'filters' | 'logic' | 'order' | 'range' | 'columns'>
  /** `[api] max_rows`, applied to every embedded node as PostgREST does. */
  maxRows?: number
  aggregatesEnabled: boolean
}

export function aggregatesNotAllowed() {
  return postgrestError(400, {
    code: 'PGRST123',
    details: null,
    hint: null,
    message: 'Use of aggregate functions is not allowed',
  })
}

function initialNode(
  item: Pick<EmbedItem, 'relation' | 'alias' | 'hint' | 'joinType' | 'spread' | 'select'>,
  depth: number,
  maxRows: number | undefined,
): PlanNode {
  const node: PlanNode = {
    relation: item.relation,
    name: item.relation,
    ...(item.alias === undefined ? {} : { alias: item.alias }),
    ...(item.hint === undefined ? {} : { hint: item.hint }),
    ...(item.joinType === undefined ? {} : { joinType: item.joinType }),
    spread: item.spread ? 'to-one' : 'none',
    depth,
    select: [],
    children: [],
    aggAlias: '',
    filters: [],
    logic: [],
    order: [],
    range: { offset: 0, ...(maxRows === undefined ? {} : { limit: maxRows }) },
  }
  for (const selected of item.select) {
    if (selected.kind === 'embed') node.children.push(initialNode(selected, depth + 1, maxRows))
    else node.select.push(selected)
  }
  return node
}

export const nodeLabel = (node: PlanNode) => node.alias ?? node.name

export function findChild(node: PlanNode, name: string): PlanNode | undefined {
  return node.children.find((child) => child.name === name || child.alias === name)
}

/** Builds the plan tree: relationships, aliases, embedded parameters, stars of to-many spreads. */
export function planTree(options: TreeOptions): PlanNode {
  const root = initialNode(
    { relation: options.relation, spread: false, select: options.select },
    0,
    undefined,
  )
  Object.assign(root, options.root)
  for (const params of options.embedded) {
    let node = root
    for (const name of params.path) {
      const child = findChild(node, name)
      if (!child) throw notEmbedded(name)
      node = child
    }
    node.filters.push(...params.filters)
    node.logic.push(...params.logic)
    node.order.push(...params.order)
    const limit =
      params.limit === undefined
        ? node.range.limit
        : Math.min(params.limit, options.maxRows ?? params.limit)
    node.range = { offset: params.offset ?? 0, ...(limit === undefined ? {} : { limit }) }
  }
  const tables = new Set(options.snapshot.relations.keys())
  const resolve = (parent: PlanNode) => {
    for (const child of parent.children) {
      const relationship = findRelationship(
        EXPOSED_SCHEMA,
        options.snapshot.relationships,
        parent.relation,
        child.name,
        child.hint,
        tables,
      )
      child.relationship = relationship
      child.relation = relationship.foreignTable
      const manyToMany =
        relationship.kind === 'foreign-key' && relationship.cardinality === 'many-to-many'
      if (!manyToMany) child.fromAlias = `${relationship.foreignTable}_${child.depth}`
      child.aggAlias = `${relationship.table}_${nodeLabel(child)}_${child.depth}`
      if (child.spread !== 'none' && !isToOne(relationship)) child.spread = 'to-many'
      resolve(child)
    }
  }
  resolve(root)
  // `parentGrouped`: the node's parent aggregates, so a to-one spread's columns join its GROUP BY.
  const check = (node: PlanNode, insideToMany: boolean, parentGrouped: boolean) => {
    const toMany = insideToMany || node.spread === 'to-many'
    const aggregated = node.select.some(
      (item) => item.kind === 'column' && item.aggregate !== undefined,
    )
    const grouped = node.spread === 'to-one' && parentGrouped
    if (aggregated) {
      if (!options.aggregatesEnabled) throw aggregatesNotAllowed()
      if (node.spread === 'to-many') {
        throw postgrestError(400, {
          code: 'PGRST127',
          details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
          hint: null,
          message: 'Feature not implemented',
        })
      }
    }
    if ((toMany || grouped) && node.select.some((item) => item.kind === 'star')) {
      // A to-many spread aggregates each column on its own, and a to-one spread into an aggregating
      // parent is grouped by each of them, so `*` becomes the columns.
      const columns = options.snapshot.relations.get(node.relation)?.columns ?? []
      node.select = node.select.flatMap((item) =>
        item.kind === 'star'
          ? columns.map((column): ColumnItem => ({
              kind: 'column',
              field: { name: column.name, jsonPath: [] },
            }))
          : [item],
      )
    }
    for (const child of node.children) {
      check(child, toMany && child.spread !== 'none', aggregated || grouped)
    }
  }
  check(root, false, false)
  return root
}

/** The output name of a select item in the JSON (an alias, a JSON key or the column). */
export function itemName(item: ColumnItem): string {
  if (item.alias !== undefined) return item.alias
  if (item.aggregate !== undefined && item.field.jsonPath.length === 0) {
    return item.aggregate
  }
  const steps = item.field.jsonPath
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const key = (steps[index] as { key: string | number }).key
    if (typeof key === 'string') return key
  }
  return item.field.name
}

/**
 * Columns a mutation's RETURNING must give the representation (PGRST inferColsEmbedNeeds): the
 * selected ones, the primary key and the columns embedded relationships join on — or `*`.
 */
export function returningColumns(tree: PlanNode, primaryKey: string[]): string[] | '*' {
  if (tree.select.length === 0 && tree.children.length === 0) return '*'
  if (tree.select.some((item) => item.kind === 'star')) return '*'
  if (tree.children.some((child) => child.relationship?.kind === 'computed')) return '*'
  const names = new Set<string>()
  for (const item of tree.select) if (item.kind === 'column') names.add(item.field.name)
  for (const child of tree.children) {
    const relationship = child.relationship
    if (relationship?.kind !== 'foreign-key') continue
    const pairs = relationship.junction ? relationship.junction.sourceColumns : relationship.columns
    for (const [column] of pairs) names.add(column)
  }
  for (const column of primaryKey) names.add(column)
  return [...names]
}
