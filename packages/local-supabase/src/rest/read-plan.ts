import { postgrestError } from './errors.ts'
import {
  notEmbedded,
  type ColumnItem,
  type EmbedItem,
  type EmbeddedParams,
  type Filter,
  type LogicTree,
  type OrderTerm,
  type SelectItem,
} from './query-params.ts'
import { findRelationship, isToOne, type Relationship } from './relationships.ts'
import { EXPOSED_SCHEMA, type SchemaSnapshot } from './schema-cache.ts'
import {
  fieldSql,
  filterSql,
  qualifiedName,
  quoteIdentifier,
  rangeSql,
  selectItemSql,
  type ColumnScope,
  type Parameters,
  type Range,
} from './sql.ts'

/**
 * Resource embedding as PostgREST plans and builds it (PGRST `Plan.hs` readPlan,
 * `Query/QueryBuilder.hs` readPlanToQuery): the select tree becomes a tree of nodes, each
 * embedded node is found through a relationship of its parent and becomes a correlated
 * `JOIN LATERAL` subquery — `row_to_json` of the row for a to-one embed, `json_agg` of the rows
 * for a to-many one — so every embedded table is read by the caller's role, under its RLS.
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

/** Where the root reads from: the table itself, or the `pgrst_source` CTE of a mutation or call. */
export type RootSource = { kind: 'table' } | { kind: 'source' }

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

const nodeLabel = (node: PlanNode) => node.alias ?? node.name

function findChild(node: PlanNode, name: string): PlanNode | undefined {
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
  const check = (node: PlanNode, insideToMany: boolean) => {
    const toMany = insideToMany || node.spread === 'to-many'
    if (node.select.some((item) => item.kind === 'column' && item.aggregate !== undefined)) {
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
    if (toMany && node.select.some((item) => item.kind === 'star')) {
      // A to-many spread aggregates each column on its own, so `*` becomes the columns.
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
    for (const child of node.children) check(child, toMany && child.spread !== 'none')
  }
  check(root, false)
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

/** How SQL inside the node refers to its rows. */
function qualifier(node: PlanNode, root: RootSource): string {
  if (node.relationship?.kind === 'computed') {
    return quoteIdentifier(node.fromAlias ?? node.relationship.function)
  }
  if (node.fromAlias !== undefined) return quoteIdentifier(node.fromAlias)
  if (node.depth === 0 && root.kind === 'source') return quoteIdentifier(node.relation)
  return qualifiedName(node.relation)
}

function scopeOf(node: PlanNode, root: RootSource): ColumnScope {
  return {
    name: node.fromAlias ?? node.relation,
    qualifier: qualifier(node, root),
    ...(node.columns ? { columns: node.columns } : {}),
  }
}

function fromSql(node: PlanNode, parent: PlanNode | undefined, root: RootSource): string {
  const relationship = node.relationship
  if (relationship?.kind === 'computed' && parent) {
    const row = parent.fromAlias ?? parent.relation
    return (
      `${qualifiedName(relationship.function)}(${quoteIdentifier(row)}::${qualifiedName(relationship.table)})` +
      ` AS ${quoteIdentifier(node.fromAlias as string)}`
    )
  }
  if (node.depth === 0 && root.kind === 'source') {
    return `pgrst_source AS ${quoteIdentifier(node.relation)}`
  }
  let sql = qualifiedName(node.relation)
  if (node.fromAlias !== undefined) sql += ` AS ${quoteIdentifier(node.fromAlias)}`
  if (relationship?.kind === 'foreign-key' && relationship.junction) {
    sql += `, ${qualifiedName(relationship.junction.table)}`
  }
  return sql
}

/** The join conditions between an embedded node and its parent (PGRST getJoinConditions). */
function joinConditions(node: PlanNode, parent: PlanNode, root: RootSource): string[] {
  const relationship = node.relationship
  if (!relationship || relationship.kind === 'computed') return []
  const parentQualifier = qualifier(parent, root)
  const column = (owner: string, name: string) => `${owner}.${quoteIdentifier(name)}`
  if (relationship.junction) {
    const junction = qualifiedName(relationship.junction.table)
    const target = qualifiedName(relationship.foreignTable)
    return [
      ...relationship.junction.targetColumns.map(
        ([targetColumn, junctionColumn]) =>
          `${column(junction, junctionColumn)} = ${column(target, targetColumn)}`,
      ),
      ...relationship.junction.sourceColumns.map(
        ([sourceColumn, junctionColumn]) =>
          `${column(junction, junctionColumn)} = ${column(parentQualifier, sourceColumn)}`,
      ),
    ]
  }
  const own = qualifier(node, root)
  return relationship.columns.map(
    ([originColumn, foreignColumn]) =>
      `${column(own, foreignColumn)} = ${column(parentQualifier, originColumn)}`,
  )
}

function isEmptyEmbed(node: PlanNode): boolean {
  return node.select.length === 0 && node.children.every(isEmptyEmbed)
}

interface SpreadField {
  name: string
}

/** The names a spread node contributes to its parent (PGRST generateSpreadSelectFields). */
function spreadFields(node: PlanNode): SpreadField[] {
  const own = node.select.map((item) => ({
    name: item.kind === 'star' ? '*' : itemName(item),
  }))
  const nested = node.children.flatMap((child) => {
    if (child.spread !== 'none') return spreadFields(child)
    if (isEmptyEmbed(child)) return []
    return [{ name: nodeLabel(child) }]
  })
  return [...own, ...nested]
}

function fullName(alias: string, name: string): string {
  return name === '*'
    ? `${quoteIdentifier(alias)}.*`
    : `${quoteIdentifier(alias)}.${quoteIdentifier(name)}`
}

function joinSelects(node: PlanNode): string[] {
  return node.children.flatMap((child) => {
    const agg = quoteIdentifier(child.aggAlias)
    if (child.spread === 'none') {
      if (isEmptyEmbed(child)) return []
      const label = quoteIdentifier(nodeLabel(child))
      return isToOne(child.relationship as Relationship)
        ? [`row_to_json(${agg}.*)::jsonb AS ${label}`]
        : [`COALESCE( ${agg}.${agg}, '[]') AS ${label}`]
    }
    return spreadFields(child).map((field) => fullName(child.aggAlias, field.name))
  })
}

/** Filters whose column is an embedded resource, `rel=is.null` / `rel=not.is.null`. */
function nullEmbedFilter(node: PlanNode, filter: Filter): PlanNode | undefined {
  if (filter.field.jsonPath.length > 0) return undefined
  if (filter.operation.kind !== 'is' || filter.operation.value !== 'null') return undefined
  return findChild(node, filter.field.name)
}

function conditionsSql(
  node: PlanNode,
  scope: ColumnScope,
  params: Parameters,
  embedFilter: (child: PlanNode, negated: boolean) => string,
): string[] {
  const filter = (item: Filter) => {
    const child = nullEmbedFilter(node, item)
    return child ? embedFilter(child, item.negated) : filterSql(item, scope, params)
  }
  const tree = (item: LogicTree): string => {
    if (item.kind === 'filter') return filter(item.filter)
    const joined = item.children.map(tree).join(item.operator === 'and' ? ' AND ' : ' OR ')
    return `${item.negated ? 'NOT ' : ''}(${joined})`
  }
  return [...node.filters.map(filter), ...node.logic.map(tree)]
}

function orderTermsSql(
  node: PlanNode,
  terms: OrderTerm[],
  scope: ColumnScope,
  params: Parameters,
): string[] {
  return terms.map((term) => {
    let sql = orderFieldSql(node, term, scope, params)
    if (term.direction) sql += ` ${term.direction.toUpperCase()}`
    if (term.nulls) sql += ` NULLS ${term.nulls.toUpperCase()}`
    return sql
  })
}

function orderFieldSql(
  node: PlanNode,
  term: OrderTerm,
  scope: ColumnScope,
  params: Parameters,
): string {
  let sql: string
  if (term.relation !== undefined) {
    const child = findChild(node, term.relation)
    if (!child) throw notEmbedded(term.relation)
    if (!isToOne(child.relationship as Relationship)) {
      throw postgrestError(400, {
        code: 'PGRST118',
        details: `'${node.relation}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
        hint: null,
        message: `A related order on '${term.relation}' is not possible`,
      })
    }
    sql = selectItemSql(
      { kind: 'column', field: term.field },
      { name: child.aggAlias, qualifier: quoteIdentifier(child.aggAlias) },
      params,
      false,
    )
  } else {
    sql = fieldSql(scope, term.field, params)
  }
  return sql
}

/** The node's query (PGRST readPlanToQuery). */
export function nodeSql(
  node: PlanNode,
  parent: PlanNode | undefined,
  root: RootSource,
  params: Parameters,
): string {
  const scope = scopeOf(node, root)
  const selects =
    node.select.length === 0 && node.children.length === 0
      ? [`${scope.qualifier}.*`]
      : node.select.map((item) => selectItemSql(item, scope, params, true))
  // A to-many spread aggregates its rows in the parent, so its order columns travel with them.
  const spreadOrder = node.spread === 'to-many' ? node.order : []
  const extra = spreadOrder.map((term, index) => {
    const name = `${node.aggAlias}_${term.field.name}_${index + 1}`
    return `${orderFieldSql(node, term, scope, params)} AS ${quoteIdentifier(name)}`
  })
  const joins = node.children.map((child) => joinSql(child, node, root, params))
  const where = [
    ...conditionsSql(node, scope, params, (child, negated) =>
      negated
        ? `${quoteIdentifier(child.aggAlias)} IS DISTINCT FROM NULL`
        : `${quoteIdentifier(child.aggAlias)} IS NOT DISTINCT FROM NULL`,
    ),
    ...(parent ? joinConditions(node, parent, root) : []),
  ]
  const aggregated = node.select.some((item) => item.kind === 'column' && item.aggregate)
  const groupBy = aggregated
    ? [
        ...node.select.flatMap((item) =>
          item.kind === 'column' && item.aggregate === undefined
            ? [
                item.alias !== undefined
                  ? quoteIdentifier(item.alias)
                  : selectItemSql({ kind: 'column', field: item.field }, scope, params, false),
              ]
            : [],
        ),
        ...node.children.flatMap((child) =>
          child.spread === 'none'
            ? isEmptyEmbed(child)
              ? []
              : [quoteIdentifier(nodeLabel(child))]
            : spreadFields(child).map((field) => fullName(child.aggAlias, field.name)),
        ),
      ]
    : []
  const order = node.spread === 'to-many' ? [] : orderTermsSql(node, node.order, scope, params)
  return (
    `SELECT ${[...selects, ...extra, ...joinSelects(node)].join(', ')}` +
    ` FROM ${fromSql(node, parent, root)}${joins.join('')}` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
    (groupBy.length > 0 ? ` GROUP BY ${groupBy.join(', ')}` : '') +
    (order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '') +
    rangeSql(node.range, params)
  )
}

function joinSql(node: PlanNode, parent: PlanNode, root: RootSource, params: Parameters): string {
  const kind = node.joinType === 'inner' ? 'INNER' : 'LEFT'
  const agg = quoteIdentifier(node.aggAlias)
  const sub = nodeSql(node, parent, root, params)
  const lateral = (query: string, condition: string) =>
    ` ${kind} JOIN LATERAL ( ${query} ) AS ${agg} ON ${condition}`
  const condition = node.joinType === 'inner' ? `${agg} IS NOT NULL` : 'TRUE'
  if (isToOne(node.relationship as Relationship)) return lateral(sub, 'TRUE')
  const aggregate = `SELECT json_agg(${agg})::jsonb AS ${agg}`
  if (node.spread === 'to-many') {
    const order = node.order.map((term, index) => {
      const name = `${node.aggAlias}_${term.field.name}_${index + 1}`
      let sql = `${agg}.${quoteIdentifier(name)}`
      if (term.direction) sql += ` ${term.direction.toUpperCase()}`
      if (term.nulls) sql += ` NULLS ${term.nulls.toUpperCase()}`
      return sql
    })
    const orderBy = order.length > 0 ? ` ORDER BY ${order.join(', ')}` : ''
    const fields = spreadFields(node).map(
      (field) =>
        `COALESCE(json_agg(${fullName(node.aggAlias, field.name)}${orderBy}),'[]')::jsonb AS ${quoteIdentifier(field.name)}`,
    )
    return lateral(`${[aggregate, ...fields].join(', ')} FROM (${sub} ) AS ${agg}`, condition)
  }
  return lateral(`${aggregate} FROM (${sub} ) AS ${agg}`, condition)
}

/**
 * The root's count query (PGRST readPlanToCountQuery): its filters only, with `!inner` embeds
 * and null-embed filters as EXISTS subqueries, never the embedded rows themselves.
 */
export function countSql(
  node: PlanNode,
  parent: PlanNode | undefined,
  root: RootSource,
  params: Parameters,
): string {
  const scope = scopeOf(node, root)
  const where = [
    ...conditionsSql(
      node,
      scope,
      params,
      (child, negated) => `${negated ? '' : 'NOT '}EXISTS (${countSql(child, node, root, params)})`,
    ),
    ...(parent ? joinConditions(node, parent, root) : []),
    ...node.children
      .filter((child) => child.joinType === 'inner')
      .map((child) => `EXISTS (${countSql(child, node, root, params)} )`),
  ]
  return (
    `SELECT 1 FROM ${fromSql(node, parent, root)}` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '')
  )
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
