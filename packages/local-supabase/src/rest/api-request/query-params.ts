import { ApiError } from '../../errors.ts'
import { postgrestError, queryParamError } from '../errors.ts'
import type {
  JsonPathStep,
  Field,
  AggregateFunction,
  ColumnItem,
  SelectItem,
  SimpleOperator,
  FtsOperator,
  IsValue,
  Operation,
  Filter,
  LogicTree,
  OrderTerm,
  EmbeddedParams,
  QueryParams,
} from './types.ts'

/**
 * The query string of a PostgREST request, parsed with PostgREST's grammar
 * (PGRST `ApiRequest/QueryParams.hs`): select, horizontal filters, and=/or= trees, order,
 * limit/offset, columns and on_conflict. Nothing here knows the schema; names are resolved and
 * quoted later, against the schema cache.
 */

const QUANT_OPERATORS = [
  'eq',
  'gte',
  'gt',
  'lte',
  'lt',
  'like',
  'ilike',
  'match',
  'imatch',
] as const
const SIMPLE_OPERATORS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const
const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown']
const RESERVED = new Set(['select', 'columns', 'on_conflict'])
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])

/** Thrown while parsing and caught by `attempt` or `parseWith`; not an Error, so no stack trace is
 * captured on every backtrack. */
class ParseFailure {
  constructor(
    readonly position: number,
    readonly details: string,
  ) {}
}

/** A cursor over one parameter's text; failures carry PostgREST's "unexpected … expecting …". */
class Cursor {
  position = 0

  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.position >= this.text.length
  }

  peek(offset = 0): string | undefined {
    return this.text[this.position + offset]
  }

  lookingAt(prefix: string): boolean {
    return this.text.startsWith(prefix, this.position)
  }

  take(prefix: string): boolean {
    if (!this.lookingAt(prefix)) return false
    this.position += prefix.length
    return true
  }

  skipBlanks(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.position += 1
  }

  fail(expecting: string): never {
    const next = this.peek()
    const unexpected =
      next === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(next)}`
    throw new ParseFailure(this.position, `${unexpected} expecting ${expecting}`)
  }

  /** Runs `parse`; on failure rewinds and returns undefined (Parsec's `try`). */
  attempt<T>(parse: () => T): T | undefined {
    const start = this.position
    try {
      return parse()
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error
      this.position = start
      return undefined
    }
  }
}

/** Parses `source` (by default the parameter's own text) and reports failures PostgREST's way. */
function parseWith<T>(
  what: string,
  text: string,
  parse: (cursor: Cursor) => T,
  source: string = text,
): T {
  const cursor = new Cursor(source)
  try {
    return parse(cursor)
  } catch (error) {
    if (error instanceof ParseFailure) {
      throw queryParamError(
        `"failed to parse ${what} (${text})" (line 1, column ${error.position + 1})`,
        error.details,
      )
    }
    throw error
  }
}

const isIdentifierChar = (char: string | undefined): boolean =>
  char !== undefined && /[\p{L}\p{N}_ $]/u.test(char)

/** A double-quoted name or value; a backslash escapes the next character. */
function quotedValue(cursor: Cursor): string {
  if (!cursor.take('"')) cursor.fail('"\\""')
  let value = ''
  for (;;) {
    const char = cursor.peek()
    if (char === undefined) cursor.fail('"\\""')
    cursor.position += 1
    if (char === '"') return value
    if (char === '\\') {
      const escaped = cursor.peek()
      if (escaped === undefined) cursor.fail('any character')
      cursor.position += 1
      value += escaped
    } else {
      value += char
    }
  }
}

/** Words joined by `-` (but not `->`), each made by `word`. */
function joinedByDashes(cursor: Cursor, word: (cursor: Cursor) => string): string {
  const parts = [word(cursor)]
  while (cursor.peek() === '-' && cursor.peek(1) !== '>') {
    cursor.position += 1
    parts.push(word(cursor))
  }
  return parts.join('-')
}

function identifier(cursor: Cursor): string {
  const start = cursor.position
  while (isIdentifierChar(cursor.peek())) cursor.position += 1
  if (cursor.position === start) cursor.fail('field name (* or [a..z0..9_$])')
  return cursor.text.slice(start, cursor.position).trim()
}

function fieldName(cursor: Cursor): string {
  if (cursor.peek() === '"') return quotedValue(cursor)
  return joinedByDashes(cursor, identifier)
}

function jsonKeyWord(cursor: Cursor): string {
  const start = cursor.position
  while (cursor.peek() !== undefined && !'(-:.,>)'.includes(cursor.peek() as string)) {
    cursor.position += 1
  }
  if (cursor.position === start) {
    cursor.fail('any non reserved character different from: .,>()')
  }
  return cursor.text.slice(start, cursor.position).trim()
}

function jsonPath(cursor: Cursor): JsonPathStep[] {
  const steps: JsonPathStep[] = []
  for (;;) {
    let arrow: JsonPathStep['arrow']
    if (cursor.take('->>')) arrow = '->>'
    else if (cursor.take('->')) arrow = '->'
    else return steps
    const index = cursor.attempt(() => {
      const match = /^-?\d+/.exec(cursor.text.slice(cursor.position))
      if (!match) cursor.fail('digit')
      const after = cursor.text.slice(cursor.position + match[0].length)
      if (after !== '' && !/^(->|::|\.|,)/.test(after)) {
        cursor.position += match[0].length
        cursor.fail('digit, "->", "::", ".", "," or end of input')
      }
      cursor.position += match[0].length
      return Number(match[0])
    })
    if (index !== undefined) {
      steps.push({ arrow, key: index })
    } else {
      const key = cursor.peek() === '"' ? quotedValue(cursor) : joinedByDashes(cursor, jsonKeyWord)
      steps.push({ arrow, key })
    }
  }
}

function field(cursor: Cursor): Field {
  cursor.skipBlanks()
  const name = fieldName(cursor)
  const path = jsonPath(cursor)
  cursor.skipBlanks()
  return { name, jsonPath: path }
}

/** A type name for `::cast`: letters, digits, `_`, `$` and spaces — never quoting or punctuation. */
function castName(cursor: Cursor): string {
  const start = cursor.position
  while (isIdentifierChar(cursor.peek())) cursor.position += 1
  const name = cursor.text.slice(start, cursor.position).trim()
  if (name === '') cursor.fail('letter, digit, "_", " " or "$"')
  return name
}

function atItemEnd(cursor: Cursor): boolean {
  return cursor.atEnd || cursor.peek() === ',' || cursor.peek() === ')'
}

export function parseSelect(text: string): SelectItem[] {
  return parseWith('select parameter', text, (cursor) => {
    if (cursor.atEnd) return []
    const items = selectList(cursor)
    if (!cursor.atEnd) cursor.fail('"," or end of input')
    return items
  })
}

/** Items separated by commas, up to the end or a closing parenthesis (left for the caller). */
function selectList(cursor: Cursor): SelectItem[] {
  const items: SelectItem[] = []
  cursor.skipBlanks()
  if (cursor.peek() === ')') return items
  for (;;) {
    items.push(selectItem(cursor))
    cursor.skipBlanks()
    if (!cursor.take(',')) return items
    cursor.skipBlanks()
  }
}

/** `!hint` and `!inner`/`!left`, at most one of each, in either order. */
function embedParameters(cursor: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  const result: { hint?: string; joinType?: 'inner' | 'left' } = {}
  for (let index = 0; index < 2 && cursor.peek() === '!'; index += 1) {
    cursor.position += 1
    const name = fieldName(cursor)
    if ((name === 'inner' || name === 'left') && result.joinType === undefined) {
      result.joinType = name
    } else if (result.hint === undefined) {
      result.hint = name
    }
  }
  return result
}

function embeddedSelect(cursor: Cursor): SelectItem[] {
  if (!cursor.take('(')) cursor.fail('"("')
  const items = selectList(cursor)
  cursor.skipBlanks()
  if (!cursor.take(')')) cursor.fail('"," or ")"')
  return items
}

function selectItem(cursor: Cursor): SelectItem {
  cursor.skipBlanks()
  if (cursor.peek() === '*') {
    cursor.position += 1
    cursor.skipBlanks()
    if (!atItemEnd(cursor)) cursor.fail('"," or end of input')
    return { kind: 'star' }
  }
  if (cursor.take('...')) {
    const relation = fieldName(cursor)
    const parameters = embedParameters(cursor)
    if (cursor.peek() !== '(') cursor.fail('"!" or "("')
    return { kind: 'embed', relation, ...parameters, spread: true, select: embeddedSelect(cursor) }
  }
  const alias = cursor.attempt(() => {
    const name = fieldName(cursor)
    if (cursor.peek() !== ':' || cursor.peek(1) === ':') cursor.fail('":"')
    cursor.position += 1
    return name
  })
  cursor.skipBlanks()
  const embed = cursor.attempt(() => {
    const relation = fieldName(cursor)
    if (relation === 'count') cursor.fail('"("')
    const parameters = embedParameters(cursor)
    if (cursor.peek() !== '(') cursor.fail('"("')
    return { relation, ...parameters }
  })
  if (embed !== undefined) {
    return {
      kind: 'embed',
      ...embed,
      ...(alias === undefined ? {} : { alias }),
      spread: false,
      select: embeddedSelect(cursor),
    }
  }
  const named = (item: ColumnItem): ColumnItem => (alias === undefined ? item : { ...item, alias })
  if (cursor.take('count()')) {
    let aggregateCast: string | undefined
    if (cursor.take('::')) aggregateCast = castName(cursor)
    cursor.skipBlanks()
    if (!atItemEnd(cursor)) cursor.fail('"::", "," or end of input')
    return named({
      kind: 'column',
      field: { name: '*', jsonPath: [] },
      aggregate: 'count',
      ...(aggregateCast === undefined ? {} : { aggregateCast }),
    })
  }
  const selected = field(cursor)
  let cast: string | undefined
  if (cursor.take('::')) cast = castName(cursor)
  let aggregate: AggregateFunction | undefined
  const found = /^\.(sum|avg|count|max|min)\(\)/.exec(cursor.text.slice(cursor.position))
  if (found) {
    aggregate = found[1] as AggregateFunction
    cursor.position += found[0].length
  }
  let aggregateCast: string | undefined
  if (aggregate !== undefined && cursor.take('::')) aggregateCast = castName(cursor)
  cursor.skipBlanks()
  if (!atItemEnd(cursor)) cursor.fail('"->", "::", ".", "," or end of input')
  return named({
    kind: 'column',
    field: selected,
    ...(cast === undefined ? {} : { cast }),
    ...(aggregate === undefined ? {} : { aggregate }),
    ...(aggregateCast === undefined ? {} : { aggregateCast }),
  })
}

/** `id`, `name` — or `"a,b"`, `"x"` — as in `columns=` and `on_conflict=`. */
export function parseColumnList(what: string, text: string): string[] {
  return parseWith(what, text, (cursor) => {
    const names: string[] = []
    for (;;) {
      cursor.skipBlanks()
      names.push(fieldName(cursor))
      cursor.skipBlanks()
      if (cursor.atEnd) return names
      if (!cursor.take(',')) cursor.fail('"," or end of input')
    }
  })
}

export function parseOrder(text: string): OrderTerm[] {
  return parseWith('order', text, (cursor) => {
    const terms: OrderTerm[] = []
    for (;;) {
      cursor.skipBlanks()
      const related = cursor.attempt(() => {
        const name = fieldName(cursor)
        if (!cursor.take('(')) cursor.fail('"("')
        const target = field(cursor)
        if (!cursor.take(')')) cursor.fail('")"')
        return { name, target }
      })
      const term: OrderTerm = related
        ? { field: related.target, relation: related.name }
        : { field: field(cursor) }
      if (cursor.take('.asc')) term.direction = 'asc'
      else if (cursor.take('.desc')) term.direction = 'desc'
      if (cursor.take('.nullsfirst')) term.nulls = 'first'
      else if (cursor.take('.nullslast')) term.nulls = 'last'
      cursor.skipBlanks()
      terms.push(term)
      if (cursor.atEnd) return terms
      if (!cursor.take(','))
        cursor.fail('".asc", ".desc", ".nullsfirst", ".nullslast", "," or end of input')
    }
  })
}

/** A list `(a,b,"c,d")`; an empty list `()` is one empty element, as in PostgREST. */
function listValue(cursor: Cursor): string[] {
  cursor.skipBlanks()
  if (!cursor.take('(')) cursor.fail('"("')
  cursor.skipBlanks()
  const values: string[] = []
  for (;;) {
    const quoted = cursor.attempt(() => {
      const value = quotedValue(cursor)
      if (cursor.peek() !== ',' && cursor.peek() !== ')') cursor.fail('"," or ")"')
      return value
    })
    if (quoted !== undefined) {
      values.push(quoted)
    } else {
      const start = cursor.position
      while (cursor.peek() !== undefined && cursor.peek() !== ',' && cursor.peek() !== ')') {
        cursor.position += 1
      }
      values.push(cursor.text.slice(start, cursor.position))
    }
    if (cursor.take(',')) continue
    if (!cursor.take(')')) cursor.fail('"," or ")"')
    cursor.skipBlanks()
    return values
  }
}

type ValueParser = (cursor: Cursor) => string

const restOfText: ValueParser = (cursor) => {
  const value = cursor.text.slice(cursor.position)
  cursor.position = cursor.text.length
  return value
}

/** Inside `or=(…)`: a quoted value, a `{…}` array literal, or text up to `,` or `)`. */
const logicValue: ValueParser = (cursor) => {
  const quoted = cursor.attempt(() => {
    const value = quotedValue(cursor)
    if (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.fail('"," or ")"')
    return value
  })
  if (quoted !== undefined) return quoted
  if (cursor.peek() === '{') {
    const close = cursor.text.indexOf('}', cursor.position)
    const nestedOpen = cursor.text.indexOf('{', cursor.position + 1)
    if (close !== -1 && (nestedOpen === -1 || nestedOpen > close)) {
      const value = cursor.text.slice(cursor.position, close + 1)
      cursor.position = close + 1
      return value
    }
  }
  const start = cursor.position
  while (cursor.peek() !== undefined && cursor.peek() !== ',' && cursor.peek() !== ')') {
    cursor.position += 1
  }
  return cursor.text.slice(start, cursor.position)
}

function takeWord(cursor: Cursor): string {
  const match = /^[a-z_]+/.exec(cursor.text.slice(cursor.position))
  return match ? match[0] : ''
}

function operation(cursor: Cursor, value: ValueParser): { negated: boolean; operation: Operation } {
  const negated = cursor.take('not.')
  const word = takeWord(cursor)
  const expecting = negated ? 'operator (eq, gt, ...)' : '"not" or operator (eq, gt, ...)'
  if (word === '') cursor.fail(expecting)
  const afterWord = cursor.position + word.length
  const next = cursor.text[afterWord]

  if (word === 'in' && next === '.') {
    cursor.position = afterWord + 1
    return { negated, operation: { kind: 'in', values: listValue(cursor) } }
  }
  if (word === 'is' && next === '.') {
    cursor.position = afterWord + 1
    const rest = cursor.text.slice(cursor.position)
    const found = IS_VALUES.find((candidate) => rest.toLowerCase().startsWith(candidate))
    if (!found) cursor.fail('isVal: (null, not_null, true, false, unknown)')
    cursor.position += found.length
    return { negated, operation: { kind: 'is', value: found } }
  }
  if (word === 'isdistinct' && next === '.') {
    cursor.position = afterWord + 1
    return { negated, operation: { kind: 'isdistinct', value: value(cursor) } }
  }
  if ((FTS_OPERATORS as readonly string[]).includes(word)) {
    cursor.position = afterWord
    let language: string | undefined
    if (cursor.take('(')) {
      language = castName(cursor)
      if (!cursor.take(')')) cursor.fail('")"')
    }
    if (!cursor.take('.')) cursor.fail('delimiter (.)')
    return {
      negated,
      operation: {
        kind: 'fts',
        operator: word as FtsOperator,
        ...(language === undefined ? {} : { language }),
        value: value(cursor),
      },
    }
  }
  if ((SIMPLE_OPERATORS as readonly string[]).includes(word) && next === '.') {
    cursor.position = afterWord + 1
    return {
      negated,
      operation: { kind: 'compare', operator: word as SimpleOperator, value: value(cursor) },
    }
  }
  if ((QUANT_OPERATORS as readonly string[]).includes(word)) {
    cursor.position = afterWord
    let quantifier: 'any' | 'all' | undefined
    if (cursor.take('(any)')) quantifier = 'any'
    else if (cursor.take('(all)')) quantifier = 'all'
    if (!cursor.take('.')) cursor.fail('delimiter (.)')
    return {
      negated,
      operation: {
        kind: 'compare',
        operator: word as SimpleOperator,
        ...(quantifier === undefined ? {} : { quantifier }),
        value: value(cursor),
      },
    }
  }
  cursor.fail(expecting)
}

/** The value side of `col=op.value`. */
export function parseFilterValue(text: string): { negated: boolean; operation: Operation } {
  return parseWith('filter', text, (cursor) => {
    const parsed = operation(cursor, restOfText)
    if (!cursor.atEnd) cursor.fail('end of input')
    return parsed
  })
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` — `prefix` is `or`, `and`, `not.or` or `not.and`. */
export function parseLogicTree(prefix: string, text: string): LogicTree {
  // PostgREST parses the operator and the value as one text, `or(…)`, so positions count both.
  return parseWith(
    'logic tree',
    text,
    (cursor) => {
      const tree = logicTree(cursor)
      cursor.skipBlanks()
      if (!cursor.atEnd) cursor.fail('end of input')
      return tree
    },
    prefix + text,
  )
}

function logicTree(cursor: Cursor): LogicTree {
  const filter = cursor.attempt((): Filter => {
    const target = field(cursor)
    if (!cursor.take('.')) cursor.fail('delimiter (.)')
    return { field: target, ...operation(cursor, logicValue) }
  })
  if (filter) return { kind: 'filter', filter }
  const negated = cursor.take('not.')
  let operator: 'and' | 'or'
  if (cursor.take('and')) operator = 'and'
  else if (cursor.take('or')) operator = 'or'
  else cursor.fail('logic operator (and, or)')
  cursor.skipBlanks()
  if (!cursor.take('(')) cursor.fail('"("')
  const children: LogicTree[] = []
  for (;;) {
    cursor.skipBlanks()
    children.push(logicTree(cursor))
    cursor.skipBlanks()
    if (cursor.take(',')) continue
    if (cursor.take(')')) break
    cursor.fail('"," or ")"')
  }
  return { kind: 'group', negated, operator, children }
}

/** A filter key: a column (with an optional JSON path); a dotted key names an embedded resource. */
function parseFilterKey(key: string): { path: string[]; field: Field } {
  return parseWith('tree path', key, (cursor) => {
    const names = [fieldName(cursor)]
    while (cursor.take('.')) names.push(fieldName(cursor))
    const path = jsonPath(cursor)
    if (!cursor.atEnd) cursor.fail('"->", "." or end of input')
    const name = names.pop() as string
    return { path: names, field: { name, jsonPath: path } }
  })
}

const INTEGER = /^\s*-?\d+\s*$/

function lastSegment(key: string): string {
  const parts = key.split('.')
  return parts[parts.length - 1] as string
}

function collectFields(tree: LogicTree, into: Set<string>): void {
  if (tree.kind === 'filter') into.add(tree.filter.field.name)
  else for (const child of tree.children) collectFields(child, into)
}

/**
 * Parses a whole query string. `isRpcRead` (GET/HEAD on /rpc) lets parameters whose value is no
 * operator expression through as function arguments, as PostgREST does.
 */
export function parseQueryParams(search: URLSearchParams, isRpcRead = false): QueryParams {
  const result: QueryParams = {
    select: [],
    filters: [],
    logic: [],
    order: [],
    rpcArguments: [],
    filterFields: [],
    embedded: [],
  }
  const filterFields = new Set<string>()
  const embeddedByPath = new Map<string, EmbeddedParams>()
  const target = (path: string[]): EmbeddedParams | QueryParams => {
    if (path.length === 0) return result
    const key = path.join('\u0000')
    let found = embeddedByPath.get(key)
    if (!found) {
      found = { path, filters: [], logic: [], order: [] }
      embeddedByPath.set(key, found)
      result.embedded.push(found)
    }
    return found
  }
  for (const [key, value] of search) {
    if (key === 'select') {
      result.select = parseSelect(value)
    } else if (key === 'columns') {
      result.columns = parseColumnList('columns parameter', value)
    } else if (key === 'on_conflict') {
      result.onConflict = parseColumnList('on_conflict parameter', value)
    } else if (RESERVED_EMBEDDABLE.has(lastSegment(key))) {
      const segments = key.split('.')
      const operator = segments.pop() as string
      const negatedLogic = segments[segments.length - 1] === 'not'
      if (negatedLogic && (operator === 'and' || operator === 'or')) segments.pop()
      if (value === '') continue
      const into = target(segments)
      if (operator === 'order') {
        into.order.push(...parseOrder(value))
      } else if (operator === 'limit') {
        if (INTEGER.test(value)) into.limit = Number(value)
      } else if (operator === 'offset') {
        if (INTEGER.test(value)) into.offset = Number(value)
      } else {
        const tree = parseLogicTree(negatedLogic ? `not.${operator}` : operator, value)
        if (segments.length === 0) collectFields(tree, filterFields)
        into.logic.push(tree)
      }
    } else if (!RESERVED.has(key)) {
      if (isRpcRead) {
        const parsed = tryParseFilter(key, value)
        if (parsed === undefined) {
          result.rpcArguments.push([key, value])
          continue
        }
      }
      const { path, field: filtered } = parseFilterKey(key)
      if (path.length === 0) filterFields.add(filtered.name)
      target(path).filters.push({ field: filtered, ...parseFilterValue(value) })
    }
  }
  result.filterFields = [...filterFields]
  return result
}

/** PGRST108: query parameters address an embedded resource the select does not embed. */
export function notEmbedded(resource: string): ApiError {
  return postgrestError(400, {
    code: 'PGRST108',
    details: null,
    hint: `Verify that '${resource}' is included in the 'select' query parameter.`,
    message: `'${resource}' is not an embedded resource in this request`,
  })
}

function tryParseFilter(key: string, value: string): Filter | undefined {
  try {
    const { field: target } = parseFilterKey(key)
    return { field: target, ...parseFilterValue(value) }
  } catch (error) {
    if (error instanceof ApiError) return undefined
    throw error
  }
}
