import { undefinedColumnError } from '../errors.ts'
import type {
  Field,
  Filter,
  LogicTree,
  Range,
  SelectItem,
  EmbedItem,
  SimpleOperator,
} from '../api-request/types.ts'
import type { Conditions } from '../plan/mutate-plan.ts'
import type { BodyShape } from '../plan/read-plan.ts'
import { CSV_BODY_SQL } from '../media-types.ts'
import { EXPOSED_SCHEMA, type Relation } from '../schema-cache.ts'

/**
 * The pieces every statement is built of (PGRST `Query/SqlFragment.hs`): quoted identifiers and
 * literals, `$n` parameters, column references with JSON paths, filters, logic trees, ranges and
 * the JSON body aggregate (`asJsonF`). Identifiers come only from the schema cache and are always
 * quoted; every value from the request is a `$n` parameter, left untyped so PostgreSQL coerces it
 * to the column's type (a bad uuid is PostgreSQL's 22P02).
 */

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

export function quoteLiteral(text: string): string {
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

export function requireColumn(scope: ColumnScope, name: string): void {
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

export function whereSql(conditions: Conditions, scope: ColumnScope, params: Parameters): string {
  const parts = [
    ...conditions.filters.map((filter) => filterSql(filter, scope, params)),
    ...conditions.logic.map((tree) => logicSql(tree, scope, params)),
  ]
  return parts.length === 0 ? '' : ` WHERE ${parts.join(' AND ')}`
}

export function rangeSql(range: Range, params: Parameters): string {
  if (range.limit === undefined && range.offset === 0) return ''
  const limit = range.limit === undefined ? 'ALL' : params.add(range.limit)
  return ` LIMIT ${limit} OFFSET ${params.add(range.offset)}`
}

/** How the rows in `_postgrest_t` become the response body (PGRST `asJsonF`). */
export function bodySql(shape: BodyShape, stripNulls: boolean): string {
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
    case 'csv':
      return CSV_BODY_SQL
    case 'none':
      return `''::text`
  }
}

export const INSERTED_SETTING = "nullif(current_setting('pgrst.inserted', true), '')"

/** PostgREST counts inserted rows of an upsert in a transaction-local setting: +1 per row tried,
 * −1 per row that went to DO UPDATE, so 0 means every row already existed. */
export function countInserted(delta: '+' | '-'): string {
  const expected = delta === '+' ? "'0'" : "'-1'"
  return `set_config('pgrst.inserted', (coalesce(${INSERTED_SETTING}::int, 0) ${delta} 1)::text, true) <> ${expected}`
}
