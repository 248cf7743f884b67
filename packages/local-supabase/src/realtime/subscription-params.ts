import { inspectTerm } from './frames.ts'

export type ChangeAction = 'INSERT' | 'UPDATE' | 'DELETE'
export type ActionFilter = ChangeAction | '*'
export type FilterOp =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'is'
  | 'match'
  | 'imatch'
  | 'isdistinct'

export interface ColumnFilter {
  column: string
  op: FilterOp
  /** As Postgres will cast it: `in.(a,b)` becomes the array literal `{a,b}`; quotes are removed. */
  value: string
  /** The `not.` prefix. */
  negate: boolean
}

/** One `postgres_changes` binding of a join, parsed as Realtime does. */
export interface ChangeParams {
  action: ActionFilter
  /** `*` means every schema (or table) of the publication. */
  schema: string
  table: string
  filters: ColumnFilter[]
  /** Sorted column names, or null for all columns. */
  selectedColumns: string[] | null
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

/** The operators of the Realtime the installed CLI pins (v2.130.0). */
const FILTER_OPS: readonly string[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
]

const NO_PARAMS =
  'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: '

/**
 * Realtime's `Subscriptions.parse_subscription_params`: the event becomes an action filter (an
 * unknown event means all), and schema/table/filter combine as the server accepts them.
 */
export function parseChangeParams(raw: Record<string, unknown>): Parsed<ChangeParams> {
  const action = actionFilter(raw.event)
  const select = parseSelect(raw.select)
  if (!select.ok) return select
  const has = (key: string) => Object.hasOwn(raw, key)
  const { schema, table, filter } = raw

  let parsed: Omit<ChangeParams, 'action' | 'selectedColumns'>
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const filters = parseFilters(filter)
    if (!filters.ok)
      return { ok: false, message: `Error parsing \`filter\` params: ${filters.message}` }
    parsed = { schema, table, filters: filters.value }
  } else if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    parsed = { schema, table, filters: [] }
  } else if (typeof schema === 'string' && !has('table') && !has('filter')) {
    parsed = { schema, table: '*', filters: [] }
  } else if (typeof table === 'string' && !has('schema') && !has('filter')) {
    parsed = { schema: 'public', table, filters: [] }
  } else if (has('user_token') || has('auth_token')) {
    return { ok: false, message: `${NO_PARAMS}<redacted>` }
  } else {
    return { ok: false, message: `${NO_PARAMS}${inspectTerm(raw)}` }
  }
  if (select.value && (parsed.schema === '*' || parsed.table === '*')) {
    return {
      ok: false,
      message:
        'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    }
  }
  return { ok: true, value: { action, ...parsed, selectedColumns: select.value } }
}

function actionFilter(event: unknown): ActionFilter {
  if (typeof event !== 'string') return '*'
  const upper = event.toUpperCase()
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
}

function parseSelect(select: unknown): Parsed<string[] | null> {
  if (typeof select === 'string') {
    return {
      ok: false,
      message:
        'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    }
  }
  if (!Array.isArray(select)) return { ok: true, value: null }
  const names = select.filter((item): item is string => typeof item === 'string')
  return { ok: true, value: names.length ? [...new Set(names)].sort() : null }
}

/**
 * `col=[not.]op.value[,…]`, ANDed. Commas inside parentheses (an `in` list) or inside a double-
 * quoted value (opened after `.`, `(` or `,`; `\` escapes) do not split.
 */
export function parseFilters(text: string): Parsed<ColumnFilter[]> {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, value: [] }
  const segments: string[] = []
  let depth = 0
  let quoted = false
  let previous = ''
  let current = ''
  for (let i = 0; i < trimmed.length; i++) {
    const char = trimmed[i] as string
    if (quoted) {
      if (char === '\\' && i + 1 < trimmed.length) {
        current += char + (trimmed[i + 1] as string)
        previous = trimmed[i + 1] as string
        i += 1
        continue
      }
      if (char === '"') quoted = false
    } else if (char === '"' && ['.', '(', ','].includes(previous)) {
      quoted = true
    } else if (char === '(') {
      depth += 1
    } else if (char === ')') {
      depth = Math.max(0, depth - 1)
    } else if (char === ',' && depth === 0) {
      segments.push(current)
      current = ''
      previous = ''
      continue
    }
    current += char
    previous = char
  }
  segments.push(current)

  const filters: ColumnFilter[] = []
  for (const segment of segments) {
    const parsed = parseSegment(segment)
    if (!parsed.ok) return parsed
    filters.push(parsed.value)
  }
  return { ok: true, value: filters }
}

function parseSegment(segment: string): Parsed<ColumnFilter> {
  const trimmed = segment.trim()
  if (trimmed === '') {
    return { ok: false, message: 'filter must not contain empty segments (check for extra commas)' }
  }
  const columnAndRest = splitOnce(trimmed, '=')
  if (columnAndRest.length !== 2) return { ok: false, message: inspectTerm(columnAndRest) }
  const [column, afterColumn] = columnAndRest as [string, string]
  const negate = afterColumn.startsWith('not.')
  const rest = negate ? afterColumn.slice(4) : afterColumn
  const opAndValue = splitOnce(rest, '.')
  const [op, value] = opAndValue
  if (
    opAndValue.length !== 2 ||
    op === undefined ||
    value === undefined ||
    !FILTER_OPS.includes(op)
  ) {
    return { ok: false, message: inspectTerm(opAndValue) }
  }
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return { ok: false, message: '`in` filter value must be wrapped by parentheses' }
    }
    return { ok: true, value: { column, op, value: `{${value.slice(1, -1)}}`, negate } }
  }
  return { ok: true, value: { column, op: op as FilterOp, value: unquote(value), negate } }
}

/** A value wholly in double quotes loses them and its `\` escapes; anything else is kept as is. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value
  let result = ''
  for (let i = 1; i < value.length; i++) {
    const char = value[i] as string
    if (char === '\\') {
      if (i + 1 >= value.length) return value
      result += value[i + 1] as string
      i += 1
    } else if (char === '"') {
      return i === value.length - 1 ? result : value
    } else {
      result += char
    }
  }
  return value
}

function splitOnce(text: string, separator: string): string[] {
  const at = text.indexOf(separator)
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)]
}

/**
 * The `id` of a binding in the join reply and in `payload.ids`. Realtime uses
 * `:erlang.phash2(params)`, an integer below 2^27; clients treat it as opaque, so any stable hash
 * of the params in that range serves: equal params get equal ids, as they do there.
 */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = canonicalJson(params)
  let hash = 0x811c9dc5
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash & 0x7ffffff
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** How Realtime logs a subscription in its error messages (RT `Subscriptions.params_to_log`). */
export function describeParams(params: ChangeParams): string {
  const filters = `[${params.filters
    .map(
      (f) =>
        `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`,
    )
    .join(', ')}]`
  const select = params.selectedColumns ? inspectTerm(params.selectedColumns) : 'nil'
  return `event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: ${filters}, select: ${select}`
}
