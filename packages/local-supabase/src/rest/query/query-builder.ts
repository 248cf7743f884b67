import type { Filter, LogicTree, OrderTerm } from '../api-request/types.ts'
import { notEmbedded } from '../api-request/query-params.ts'
import { postgrestError } from '../errors.ts'
import type { CallPlan } from '../plan/call-plan.ts'
import type { DeletePlan, InsertPlan, Representation, UpdatePlan } from '../plan/mutate-plan.ts'
import {
  findChild,
  itemName,
  nodeLabel,
  returningColumns,
  type PlanNode,
} from '../plan/read-plan.ts'
import { isToOne, type Relationship } from '../relationships.ts'
import type { Column, Relation } from '../schema-cache.ts'
import {
  arrayLiteral,
  countInserted,
  fieldSql,
  filterSql,
  qualifiedName,
  quoteIdentifier,
  quoteLiteral,
  rangeSql,
  relationScope,
  requireColumn,
  selectItemSql,
  whereSql,
  type ColumnScope,
  type Parameters,
} from './sql-fragment.ts'

/**
 * Plans become queries here (PGRST `Query/QueryBuilder.hs`): a read plan's tree becomes one
 * SELECT whose embedded nodes are correlated `JOIN LATERAL` subqueries — `row_to_json` of the row
 * for a to-one embed, `json_agg` of the rows for a to-many one — so every embedded table is read
 * by the caller's role, under its RLS; a mutate plan becomes its INSERT, UPDATE or DELETE; a call
 * plan becomes the function call. `statements.ts` wraps them into the statement that is run.
 */

/** Where the root reads from: the table itself, or the `pgrst_source` CTE of a mutation or call. */
export type RootSource = { kind: 'table' } | { kind: 'source' }

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

/** The node's query, its embeds as lateral joins (PGRST readPlanToQuery). */
export function readPlanToQuery(
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
  const sub = readPlanToQuery(node, parent, root, params)
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
export function readPlanToCountQuery(
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
      (child, negated) =>
        `${negated ? '' : 'NOT '}EXISTS (${readPlanToCountQuery(child, node, root, params)})`,
    ),
    ...(parent ? joinConditions(node, parent, root) : []),
    ...node.children
      .filter((child) => child.joinType === 'inner')
      .map((child) => `EXISTS (${readPlanToCountQuery(child, node, root, params)} )`),
  ]
  return (
    `SELECT 1 FROM ${fromSql(node, parent, root)}` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '')
  )
}

function returningSql(relation: Relation, representation: Representation | undefined): string {
  if (!representation) return 'RETURNING 1'
  const selected = returningColumns(representation.tree, [])
  const scope = relationScope(relation)
  if (selected === '*') return `RETURNING ${scope.qualifier}.*`
  const names = [...new Set([...selected, ...representation.extraColumns])]
  for (const name of names) requireColumn(scope, name)
  return `RETURNING ${names.map((name) => `${scope.qualifier}.${quoteIdentifier(name)}`).join(', ')}`
}

/**
 * `FROM (SELECT $1 AS json_data) pgrst_payload, LATERAL (SELECT … FROM json_to_recordset(…) AS
 * _(col type, …)) pgrst_body`: the body becomes typed rows holding only the given columns. With
 * `missing=default`, keys absent from an element first take the column's default expression.
 */
function payloadSource(
  body: string,
  columns: Column[],
  applyDefaults: boolean,
  params: Parameters,
) {
  const payload = `(SELECT ${params.add(body)}::json AS json_data) pgrst_payload`
  const withDefaults = columns.filter((column) => column.defaultExpression !== null)
  if (columns.length === 0) {
    return `${payload}, LATERAL (SELECT FROM json_array_elements(pgrst_payload.json_data) _) pgrst_body`
  }
  const names = columns.map((column) => quoteIdentifier(column.name)).join(', ')
  const typed = columns.map((column) => `${quoteIdentifier(column.name)} ${column.type}`).join(', ')
  if (applyDefaults && withDefaults.length > 0) {
    const defaults = withDefaults
      .map((column) => `${quoteLiteral(column.name)}, ${column.defaultExpression}`)
      .join(', ')
    return (
      `${payload}, LATERAL (SELECT jsonb_agg(jsonb_build_object(${defaults}) || elem) AS val ` +
      `FROM jsonb_array_elements(pgrst_payload.json_data::jsonb) elem) pgrst_json_defs, ` +
      `LATERAL (SELECT ${names} FROM jsonb_to_recordset(pgrst_json_defs.val) AS _(${typed})) pgrst_body`
    )
  }
  return `${payload}, LATERAL (SELECT ${names} FROM json_to_recordset(pgrst_payload.json_data) AS _(${typed})) pgrst_body`
}

/** The INSERT of an insert plan, upserts included (PGRST mutatePlanToQuery). */
export function insertQuery(plan: InsertPlan, params: Parameters): string {
  const table = qualifiedName(plan.relation.name)
  const columnList =
    plan.columns.length === 0
      ? ''
      : `(${plan.columns.map((column) => quoteIdentifier(column.name)).join(', ')})`
  const values = plan.columns.map((column) => `pgrst_body.${quoteIdentifier(column.name)}`)
  const merge = plan.onConflict?.resolution === 'merge-duplicates'
  let sql =
    `INSERT INTO ${table}${columnList} SELECT ${values.join(', ')} ` +
    `FROM ${payloadSource(plan.body, plan.columns, plan.applyDefaults, params)}`
  if (merge) sql += ` WHERE ${countInserted('+')}`
  if (plan.onConflict && plan.onConflict.columns.length > 0) {
    const scope = relationScope(plan.relation)
    for (const name of plan.onConflict.columns) requireColumn(scope, name)
    const target = plan.onConflict.columns.map(quoteIdentifier).join(', ')
    if (!merge || plan.columns.length === 0) {
      sql += ` ON CONFLICT(${target}) DO NOTHING`
    } else {
      const assignments = plan.columns
        .map(
          (column) => `${quoteIdentifier(column.name)} = EXCLUDED.${quoteIdentifier(column.name)}`,
        )
        .join(', ')
      sql += ` ON CONFLICT(${target}) DO UPDATE SET ${assignments} WHERE ${countInserted('-')}`
    }
  }
  sql += ` ${returningSql(plan.relation, plan.representation)}`
  return sql
}

/** The UPDATE of an update plan; with nothing to set, a SELECT of no rows, as PostgREST does. */
export function updateQuery(plan: UpdatePlan, params: Parameters): string {
  const scope = relationScope(plan.relation)
  if (plan.columns.length === 0) {
    const select = plan.representation ? `${scope.qualifier}.*` : '1'
    return `SELECT ${select} FROM ${scope.qualifier} WHERE false`
  }
  const assignments = plan.columns
    .map((column) => `${quoteIdentifier(column.name)} = pgrst_body.${quoteIdentifier(column.name)}`)
    .join(', ')
  const source = payloadSource(plan.body, plan.columns, plan.applyDefaults, params)
  const sql =
    `UPDATE ${scope.qualifier} SET ${assignments} FROM ${source}` +
    `${whereSql(plan.conditions, scope, params)} ${returningSql(plan.relation, plan.representation)}`
  return sql
}

/** The DELETE of a delete plan. */
export function deleteQuery(plan: DeletePlan, params: Parameters): string {
  const scope = relationScope(plan.relation)
  return (
    `DELETE FROM ${scope.qualifier}${whereSql(plan.conditions, scope, params)} ` +
    returningSql(plan.relation, plan.representation)
  )
}

/** `"a" := pgrst_body."a", …` for a JSON body, or `"a" := $1::type, …` for query arguments. */
export function callPlanToQuery(
  plan: CallPlan,
  params: Parameters,
): { from: string; call: string } {
  const routine = qualifiedName(plan.routine.name)
  const args = plan.arguments
  if (args.kind === 'single') {
    return { from: '', call: `${routine}(${params.add(args.body)}::${args.type})` }
  }
  const given = plan.routine.parameters.filter((parameter) =>
    args.kind === 'json' ? args.keys.includes(parameter.name) : args.values.has(parameter.name),
  )
  const named = (parameter: { name: string; variadic: boolean }, value: string) =>
    `${parameter.variadic ? 'VARIADIC ' : ''}${quoteIdentifier(parameter.name)} := ${value}`
  if (args.kind === 'query') {
    const list = given.map((parameter) => {
      const values = args.values.get(parameter.name) ?? []
      const text = parameter.variadic ? arrayLiteral(values) : (values[0] ?? '')
      return named(parameter, `${params.add(text)}::${parameter.type}`)
    })
    return { from: '', call: `${routine}(${list.join(', ')})` }
  }
  if (given.length === 0) return { from: '', call: `${routine}()` }
  const typed = given
    .map((parameter) => `${quoteIdentifier(parameter.name)} ${parameter.type}`)
    .join(', ')
  const list = given.map((parameter) =>
    named(parameter, `pgrst_body.${quoteIdentifier(parameter.name)}`),
  )
  return {
    from: `json_to_recordset(${params.add(args.body)}::json) AS pgrst_body(${typed})`,
    call: `${routine}(${list.join(', ')})`,
  }
}
