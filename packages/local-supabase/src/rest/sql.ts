import { undefinedColumnError } from './errors.ts'
import type {
  EmbedItem,
  Field,
  Filter,
  LogicTree,
  OrderTerm,
  SelectItem,
  SimpleOperator,
} from './query-params.ts'
import { countSql, nodeSql, returningColumns, type PlanNode } from './read-plan.ts'
import { EXPOSED_SCHEMA, type Column, type Relation, type Routine } from './schema-cache.ts'

/**
 * Builds PostgREST's statement shapes (PGRST `Query/QueryBuilder.hs`, `Statements.hs`): the
 * request's rows are produced by one CTE, `pgrst_source`, and the response body is aggregated in
 * SQL with `json_agg`, so numbers keep PostgreSQL's own text. Identifiers come only from the
 * schema cache and are always quoted; every value from the request is a `$n` parameter, left
 * untyped so PostgreSQL coerces it to the column's type (a bad uuid is PostgreSQL's 22P02).
 */

export interface Statement {
  text: string
  values: unknown[]
}

export class Parameters {
  readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

export function qualifiedName(name: string): string {
  return `${quoteIdentifier(EXPOSED_SCHEMA)}.${quoteIdentifier(name)}`
}

/** The columns a query may name: a relation's, or those a function returns. */
export interface ColumnScope {
  /** How PostgreSQL would name the relation in an error, e.g. `items`. */
  name: string
  /** How the SQL refers to it, already quoted. */
  qualifier: string
  /** Undefined when the columns are unknown (a function returning `record`). */
  columns?: ReadonlySet<string>
}

export function relationScope(relation: Relation): ColumnScope {
  return {
    name: relation.name,
    qualifier: qualifiedName(relation.name),
    columns: new Set(relation.columnsByName.keys()),
  }
}

function requireColumn(scope: ColumnScope, name: string): void {
  if (scope.columns && !scope.columns.has(name)) throw undefinedColumnError(scope.name, name)
}

export function fieldSql(scope: ColumnScope, field: Field, params: Parameters): string {
  requireColumn(scope, field.name)
  let sql = `${scope.qualifier}.${quoteIdentifier(field.name)}`
  for (const step of field.jsonPath) {
    sql +=
      typeof step.key === 'number'
        ? `${step.arrow}${params.add(String(step.key))}::int`
        : `${step.arrow}${params.add(step.key)}::text`
  }
  return sql
}

/** The SQL of one select item; `withAlias` adds `AS` where PostgREST names the output. */
export function selectItemSql(
  item: Exclude<SelectItem, EmbedItem>,
  scope: ColumnScope,
  params: Parameters,
  withAlias: boolean,
): string {
  if (item.kind === 'star') return `${scope.qualifier}.*`
  // Select lists are not checked against the cache: PostgreSQL also resolves `rel.name` as a
  // function of the row (a computed column, or `count` of the rows of an embed).
  const unchecked: ColumnScope = { name: scope.name, qualifier: scope.qualifier }
  let sql =
    item.field.name === '*' ? '*' : fieldSql(item.aggregate ? scope : unchecked, item.field, params)
  if (item.cast !== undefined) sql = `CAST(${sql} AS ${item.cast})`
  if (item.aggregate !== undefined) {
    sql = `${item.aggregate.toUpperCase()}(${sql})`
    if (item.aggregateCast !== undefined) sql = `CAST( ${sql} AS ${item.aggregateCast} )`
  }
  if (!withAlias) return sql
  const last = item.field.jsonPath[item.field.jsonPath.length - 1]
  let name = item.alias
  if (name === undefined && last) {
    const keys = item.field.jsonPath.filter((step) => typeof step.key === 'string')
    name = typeof last.key === 'number' ? String(keys.at(-1)?.key ?? item.field.name) : last.key
  }
  if (name === undefined && item.cast !== undefined && item.aggregate === undefined) {
    name = item.field.name
  }
  return name === undefined ? sql : `${sql} AS ${quoteIdentifier(name)}`
}

export function selectListSql(items: SelectItem[], scope: ColumnScope, params: Parameters): string {
  if (items.length === 0) return `${scope.qualifier}.*`
  return items
    .map((item) => {
      if (item.kind === 'embed') throw new Error('embedded resources need a plan tree')
      return selectItemSql(item, scope, params, true)
    })
    .join(', ')
}

/** Column names a select list needs from a mutation's RETURNING (`*` when it selects all). */
export function selectedColumns(items: SelectItem[]): string[] | '*' {
  if (items.length === 0 || items.some((item) => item.kind === 'star')) return '*'
  return [
    ...new Set(
      items.flatMap((item) =>
        item.kind === 'column' && item.field.name !== '*' ? [item.field.name] : [],
      ),
    ),
  ]
}

const OPERATOR_SQL: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const FTS_FUNCTION = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const

/** A PostgreSQL array literal whose every element is quoted, so commas and braces stay data. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
}

export function filterSql(filter: Filter, scope: ColumnScope, params: Parameters): string {
  const target = fieldSql(scope, filter.field, params)
  const operation = filter.operation
  let sql: string
  switch (operation.kind) {
    case 'compare': {
      const isLike = operation.operator === 'like' || operation.operator === 'ilike'
      const value = params.add(isLike ? operation.value.replaceAll('*', '%') : operation.value)
      const operator = OPERATOR_SQL[operation.operator]
      sql = operation.quantifier
        ? `${target} ${operator} ${operation.quantifier.toUpperCase()}(${value})`
        : `${target} ${operator} ${value}`
      break
    }
    case 'in':
      sql =
        operation.values.length === 1 && operation.values[0] === ''
          ? `${target} = ANY('{}')`
          : `${target} = ANY(${params.add(arrayLiteral(operation.values))})`
      break
    case 'is':
      sql = `${target} IS ${operation.value.replace('_', ' ').toUpperCase()}`
      break
    case 'isdistinct':
      sql = `${target} IS DISTINCT FROM ${params.add(operation.value)}`
      break
    case 'fts': {
      const language =
        operation.language === undefined ? '' : `${params.add(operation.language)}::regconfig, `
      sql = `${target} @@ ${FTS_FUNCTION[operation.operator]}(${language}${params.add(operation.value)})`
      break
    }
  }
  return filter.negated ? `NOT (${sql})` : sql
}

export function logicSql(tree: LogicTree, scope: ColumnScope, params: Parameters): string {
  if (tree.kind === 'filter') return filterSql(tree.filter, scope, params)
  const joined = tree.children
    .map((child) => logicSql(child, scope, params))
    .join(tree.operator === 'and' ? ' AND ' : ' OR ')
  return `${tree.negated ? 'NOT ' : ''}(${joined})`
}

export interface Conditions {
  filters: Filter[]
  logic: LogicTree[]
}

export function hasConditions(conditions: Conditions): boolean {
  return conditions.filters.length > 0 || conditions.logic.length > 0
}

export function whereSql(conditions: Conditions, scope: ColumnScope, params: Parameters): string {
  const parts = [
    ...conditions.filters.map((filter) => filterSql(filter, scope, params)),
    ...conditions.logic.map((tree) => logicSql(tree, scope, params)),
  ]
  return parts.length === 0 ? '' : ` WHERE ${parts.join(' AND ')}`
}

export function orderSql(order: OrderTerm[], scope: ColumnScope, params: Parameters): string {
  if (order.length === 0) return ''
  const terms = order.map((term) => {
    let sql = fieldSql(scope, term.field, params)
    if (term.direction) sql += ` ${term.direction.toUpperCase()}`
    if (term.nulls) sql += ` NULLS ${term.nulls.toUpperCase()}`
    return sql
  })
  return ` ORDER BY ${terms.join(', ')}`
}

export interface Range {
  offset: number
  /** Undefined means no limit. */
  limit?: number
}

export function rangeSql(range: Range, params: Parameters): string {
  if (range.limit === undefined && range.offset === 0) return ''
  const limit = range.limit === undefined ? 'ALL' : params.add(range.limit)
  return ` LIMIT ${limit} OFFSET ${params.add(range.offset)}`
}

export type BodyShape = 'array' | 'single' | 'scalar' | 'scalar-array' | 'none'

/** How the rows in `_postgrest_t` become the response body (PGRST `asJsonF`). */
function bodySql(shape: BodyShape, stripNulls: boolean): string {
  const strip = (sql: string) => (stripNulls ? `json_strip_nulls(${sql})` : sql)
  switch (shape) {
    case 'array':
      return `coalesce(${strip('json_agg(_postgrest_t)')}, '[]')::text`
    case 'single':
      return `coalesce(${strip('json_agg(_postgrest_t)->0')}, 'null')::text`
    case 'scalar':
      return `coalesce(${strip('json_agg(_postgrest_t.pgrst_scalar)->0')}, 'null')::text`
    case 'scalar-array':
      return `coalesce(${strip('json_agg(_postgrest_t.pgrst_scalar)')}, '[]')::text`
    case 'none':
      return `''::text`
  }
}

/** The row every statement returns: total (or null), rows in the page, body, rows inserted. */
export interface ResultRow {
  total_result_set: string | null
  page_total: string
  body: string
  inserted: number | null
}

export interface ReadPlan {
  tree: PlanNode
  count: boolean
  shape: BodyShape
  stripNulls: boolean
}

/** The rows of a read: the plan tree's root query, counted (when asked) without embeds. */
export function readStatement(plan: ReadPlan): Statement {
  const params = new Parameters()
  const root = { kind: 'table' } as const
  const source = nodeSql(plan.tree, undefined, root, params)
  const countCte = plan.count
    ? `, pgrst_source_count AS (${countSql(plan.tree, undefined, root, params)})`
    : ''
  const total = plan.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'
  return {
    text:
      `WITH pgrst_source AS (${source})${countCte} ` +
      `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${bodySql(plan.shape, plan.stripNulls)} AS body, null::int AS inserted ` +
      `FROM (SELECT * FROM pgrst_source) _postgrest_t`,
    values: params.values,
  }
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

function returningSql(relation: Relation, representation: Representation | undefined): string {
  if (!representation) return 'RETURNING 1'
  const selected = returningColumns(representation.tree, [])
  const scope = relationScope(relation)
  if (selected === '*') return `RETURNING ${scope.qualifier}.*`
  const names = [...new Set([...selected, ...representation.extraColumns])]
  for (const name of names) requireColumn(scope, name)
  return `RETURNING ${names.map((name) => `${scope.qualifier}.${quoteIdentifier(name)}`).join(', ')}`
}

const INSERTED_SETTING = "nullif(current_setting('pgrst.inserted', true), '')"

/** PostgREST counts inserted rows of an upsert in a transaction-local setting: +1 per row tried,
 * −1 per row that went to DO UPDATE, so 0 means every row already existed. */
function countInserted(delta: '+' | '-'): string {
  const expected = delta === '+' ? "'0'" : "'-1'"
  return `set_config('pgrst.inserted', (coalesce(${INSERTED_SETTING}::int, 0) ${delta} 1)::text, true) <> ${expected}`
}

function wrapMutation(
  mutation: string,
  relation: Relation,
  representation: Representation | undefined,
  params: Parameters,
): Statement {
  let rows = 'SELECT * FROM pgrst_source'
  if (representation) rows = nodeSql(representation.tree, undefined, { kind: 'source' }, params)
  const body = representation
    ? bodySql(representation.shape, representation.stripNulls)
    : "''::text"
  return {
    text:
      `WITH pgrst_source AS (${mutation}) ` +
      `SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${body} AS body, ${INSERTED_SETTING}::int AS inserted FROM (${rows}) _postgrest_t`,
    values: params.values,
  }
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

export interface InsertPlan {
  relation: Relation
  columns: Column[]
  /** The JSON body, always an array of objects. */
  body: string
  applyDefaults: boolean
  onConflict?: { resolution: 'merge-duplicates' | 'ignore-duplicates'; columns: string[] }
  representation?: Representation
}

export function insertStatement(plan: InsertPlan): Statement {
  const params = new Parameters()
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
  return wrapMutation(sql, plan.relation, plan.representation, params)
}

export interface UpdatePlan {
  relation: Relation
  columns: Column[]
  body: string
  applyDefaults: boolean
  conditions: Conditions
  representation?: Representation
}

export function updateStatement(plan: UpdatePlan): Statement {
  const params = new Parameters()
  const scope = relationScope(plan.relation)
  if (plan.columns.length === 0) {
    // Nothing to set: PostgREST selects no rows instead of running an invalid `UPDATE … SET`.
    const select = plan.representation ? `${scope.qualifier}.*` : '1'
    return wrapMutation(
      `SELECT ${select} FROM ${scope.qualifier} WHERE false`,
      plan.relation,
      plan.representation,
      params,
    )
  }
  const assignments = plan.columns
    .map((column) => `${quoteIdentifier(column.name)} = pgrst_body.${quoteIdentifier(column.name)}`)
    .join(', ')
  const source = payloadSource(plan.body, plan.columns, plan.applyDefaults, params)
  const sql =
    `UPDATE ${scope.qualifier} SET ${assignments} FROM ${source}` +
    `${whereSql(plan.conditions, scope, params)} ${returningSql(plan.relation, plan.representation)}`
  return wrapMutation(sql, plan.relation, plan.representation, params)
}

export interface DeletePlan {
  relation: Relation
  conditions: Conditions
  representation?: Representation
}

export function deleteStatement(plan: DeletePlan): Statement {
  const params = new Parameters()
  const scope = relationScope(plan.relation)
  const sql =
    `DELETE FROM ${scope.qualifier}${whereSql(plan.conditions, scope, params)} ` +
    returningSql(plan.relation, plan.representation)
  return wrapMutation(sql, plan.relation, plan.representation, params)
}

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

/** `"a" := pgrst_body."a", …` for a JSON body, or `"a" := $1::type, …` for query arguments. */
function callArgumentsSql(plan: CallPlan, params: Parameters): { from: string; call: string } {
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

export function callStatement(plan: CallPlan): Statement {
  const params = new Parameters()
  const { from, call } = callArgumentsSql(plan, params)
  const routine = plan.routine
  const countCte = (where: string) =>
    plan.count ? `, pgrst_source_count AS (SELECT 1 FROM pgrst_source${where})` : ''
  const total = plan.count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'

  if (routine.returns !== 'composite') {
    // A scalar result has no columns to filter or order by.
    const named = [
      ...plan.conditions.filters.map((filter) => filter.field.name),
      ...plan.order.map((term) => term.field.name),
    ]
    if (named[0] !== undefined) throw undefinedColumnError(routine.name, named[0])
    const source = from
      ? `SELECT ${call} AS pgrst_scalar FROM ${from}`
      : `SELECT ${call} AS pgrst_scalar`
    const shape: BodyShape =
      routine.returns === 'void' ? 'none' : routine.returnsSet ? 'scalar-array' : 'scalar'
    return {
      text:
        `WITH pgrst_source AS (${source})${countCte('')} ` +
        `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
        `${bodySql(plan.single && routine.returnsSet ? 'scalar' : shape, plan.stripNulls)} AS body, ` +
        `null::int AS inserted FROM (SELECT * FROM pgrst_source${rangeSql(plan.range, params)}) _postgrest_t`,
      values: params.values,
    }
  }

  const source = from
    ? `SELECT pgrst_call.* FROM ${from}, LATERAL ${call} pgrst_call`
    : `SELECT pgrst_call.* FROM ${call} pgrst_call`
  const root = { kind: 'source' } as const
  const rows = nodeSql(plan.tree, undefined, root, params)
  const counted = plan.count
    ? `, pgrst_source_count AS (${countSql(plan.tree, undefined, root, params)})`
    : ''
  const shape: BodyShape = plan.single || !routine.returnsSet ? 'single' : 'array'
  return {
    text:
      `WITH pgrst_source AS (${source})${counted} ` +
      `SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${bodySql(shape, plan.stripNulls)} AS body, null::int AS inserted FROM (${rows}) _postgrest_t`,
    values: params.values,
  }
}
