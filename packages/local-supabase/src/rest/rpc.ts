import type { Context } from 'hono'
import { postgrestError } from './errors.ts'
import { readPayload, readRequestBody } from './payload.ts'
import { assertStrictPreferences } from './api-request/preferences.ts'
import {
  pageStatus,
  readRange,
  requireMaxAffected,
  requireSingle,
  respond,
  run,
  withPreferences,
  type RestEnvironment,
  type RestRequest,
} from './request.ts'
import { planTree } from './plan/read-plan.ts'
import { closestName } from './relationships.ts'
import {
  aggregatesEnabled,
  EXPOSED_SCHEMA,
  type Routine,
  type SchemaCache,
} from './schema-cache.ts'
import type { CallArguments } from './plan/call-plan.ts'
import { callStatement } from './query/statements.ts'

/**
 * `/rest/v1/rpc/<function>`: POST with a JSON object of named arguments, or GET/HEAD with them as
 * query parameters. The call runs read-only for GET/HEAD and for STABLE or IMMUTABLE functions.
 * A void function answers 204, a scalar one a JSON scalar, a set-returning one an array that
 * select, filters, order and limit apply to.
 */
export async function handleRpc(
  c: Context,
  request: RestRequest,
  environment: RestEnvironment,
): Promise<Response> {
  const name = c.req.param('fn') as string
  const method = request.method
  if (!['GET', 'HEAD', 'POST'].includes(method)) {
    throw postgrestError(405, {
      code: 'PGRST101',
      details: null,
      hint: null,
      message: `Cannot use the ${method} method on RPC`,
    })
  }
  assertStrictPreferences(request.preferences)
  const isPost = method === 'POST'
  const given = isPost ? await postedArguments(c, request) : queryArguments(request)
  const { routine, snapshot } = await findRoutine(environment.cache, name, given.keys, isPost)
  const soleParameter = routine.parameters.length === 1 ? routine.parameters[0] : undefined
  const args: CallArguments =
    soleParameter?.name === ''
      ? // A lone unnamed parameter receives the request body (or the arguments) itself.
        { kind: 'single', body: given.raw, type: soleParameter.type }
      : given.args

  const range = routine.returnsSet ? readRange(request.query, environment.maxRows) : { offset: 0 }
  const conditions = { filters: request.query.filters, logic: request.query.logic }
  const tree = planTree({
    snapshot,
    relation: routine.tableName ?? routine.name,
    select: request.query.select,
    embedded: request.query.embedded,
    root: {
      ...conditions,
      order: request.query.order,
      range,
      ...(routine.resultColumns.length > 0 ? { columns: new Set(routine.resultColumns) } : {}),
    },
    maxRows: environment.maxRows,
    aggregatesEnabled: aggregatesEnabled(snapshot),
  })
  const statement = callStatement({
    tree,
    routine,
    arguments: args,
    select: request.query.select,
    conditions,
    order: request.query.order,
    range,
    count: request.preferences.count !== undefined,
    single: request.media.single,
    stripNulls: request.media.stripNulls,
  })
  const row = await run(
    environment,
    request,
    {
      readOnly: !isPost || routine.volatility !== 'volatile',
      path: `/rpc/${name}`,
      roleSettings: snapshot.roleSettings.get(request.auth.role) ?? [],
    },
    statement,
    (result) => {
      if (routine.returns !== 'void') requireSingle(request)(result)
      requireMaxAffected(request)(result)
    },
  )
  const pageTotal = routine.returnsSet ? Number(row.page_total) : 1
  const { status, contentRange: header } = pageStatus(range.offset, pageTotal, row)
  const headers = withPreferences(request, { 'Content-Range': header }, {})
  if (routine.returns === 'void') return respond(request, 204, null, headers)
  return respond(request, status, row.body, headers)
}

interface GivenArguments {
  keys: string[]
  args: CallArguments
  /** The body as sent, for a function taking one unnamed JSON parameter. */
  raw: string
}

/** A POST body's keys are the argument names; an empty body means no arguments. */
async function postedArguments(c: Context, request: RestRequest): Promise<GivenArguments> {
  const text = await readRequestBody(c.req.raw)
  const payload = readPayload(
    text.trim() === '' ? '{}' : text,
    c.req.header('content-type'),
    request.query.columns,
  )
  return {
    keys: payload.keys,
    args: { kind: 'json', body: payload.rows, keys: payload.keys },
    raw: payload.raw,
  }
}

/** Query parameters that are not filters are the arguments; a repeated one feeds VARIADIC. */
function queryArguments(request: RestRequest): GivenArguments {
  const values = new Map<string, string[]>()
  for (const [key, value] of request.query.rpcArguments) {
    values.set(key, [...(values.get(key) ?? []), value])
  }
  const raw = JSON.stringify(Object.fromEntries([...values].map(([key, list]) => [key, list[0]])))
  return { keys: [...values.keys()], args: { kind: 'query', values }, raw }
}

async function findRoutine(cache: SchemaCache, name: string, keys: string[], isPost: boolean) {
  let { routines, snapshot } = await cache.routines(name)
  let chosen = chooseRoutine(routines, keys, isPost)
  if (chosen === undefined) {
    // The function may have been created or replaced since the cache was read.
    snapshot = await cache.reload()
    routines = snapshot.routines.get(name) ?? []
    chosen = chooseRoutine(routines, keys, isPost)
  }
  if (chosen === undefined) {
    throw routineNotFound(name, keys, isPost, routines, [...snapshot.routines.keys()])
  }
  if (Array.isArray(chosen)) throw ambiguousRoutine(chosen)
  return { routine: chosen, snapshot }
}

/**
 * PostgREST's choice among overloads (PGRST `Plan.hs` findProc): a function matches when the
 * argument names are exactly its required parameters plus any of its optional ones (an unnamed
 * parameter is named ''); a POSTed body may also go whole to a lone unnamed json/jsonb parameter.
 * One match is called; several are PGRST203.
 */
function chooseRoutine(
  routines: Routine[],
  keys: string[],
  isPost: boolean,
): Routine | Routine[] | undefined {
  const given = new Set(keys)
  const matches = (routine: Routine) => {
    const required = routine.parameters.filter((p) => p.required).map((p) => p.name)
    const optional = new Set(routine.parameters.filter((p) => !p.required).map((p) => p.name))
    if (routine.parameters.length === 0) return given.size === 0
    const rest = [...given].filter((key) => !optional.has(key))
    return rest.length === required.length && required.every((name) => given.has(name))
  }
  const takesBody = (routine: Routine) =>
    isPost &&
    routine.parameters.length === 1 &&
    routine.parameters[0]?.name === '' &&
    ['json', 'jsonb'].includes(routine.parameters[0].type)
  const matched = routines.filter(matches)
  const fallback = routines.filter((routine) => !matches(routine) && takesBody(routine))
  if (matched.length === 1) return matched[0]
  if (matched.length > 1) return matched
  if (fallback.length === 1) return fallback[0]
  if (fallback.length > 1) return fallback
  return undefined
}

function routineNotFound(
  name: string,
  keys: string[],
  isPost: boolean,
  overloads: Routine[],
  allNames: string[],
) {
  const qualified = `${EXPOSED_SCHEMA}.${name}`
  // PostgREST names the arguments as a set, so in sorted order.
  const listed = [...keys].sort().join(', ')
  const signature = keys.length === 0 ? ' without parameters' : `(${listed})`
  const withParameters =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${listed}`
  const sortedList = (names: string[]) => `(${[...names].sort().join(', ')})`
  let hint: string | null = null
  if (overloads.length === 0) {
    const close = closestName(
      name,
      allNames.filter((other) => other !== name),
      0.75,
    )
    if (close !== undefined)
      hint = `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${close}`
  } else {
    const close = closestName(
      sortedList(keys),
      overloads.map((routine) => sortedList(routine.parameters.map((p) => p.name))),
      0.33,
    )
    if (close !== undefined) {
      hint = `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${name}${close}`
    }
  }
  return postgrestError(404, {
    code: 'PGRST202',
    details: `Searched for the function ${qualified}${withParameters}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
    message: `Could not find the function ${qualified}${signature} in the schema cache`,
  })
}

function ambiguousRoutine(routines: Routine[]) {
  const candidates = routines
    .map(
      (routine) =>
        `${EXPOSED_SCHEMA}.${routine.name}(${routine.parameters.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
    )
    .join(', ')
  return postgrestError(300, {
    code: 'PGRST203',
    details: null,
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    message: `Could not choose the best candidate function between: ${candidates}`,
  })
}
