import type { Context } from 'hono'
import { postgrestError } from './errors.ts'
import { readPayload, readRequestBody } from './payload.ts'
import { assertStrictPreferences } from './prefer.ts'
import {
  pageStatus,
  readRange,
  requireSingle,
  respond,
  run,
  withPreferences,
  type RestEnvironment,
  type RestRequest,
} from './request.ts'
import { planTree } from './read-plan.ts'
import {
  aggregatesEnabled,
  EXPOSED_SCHEMA,
  type Routine,
  type SchemaCache,
} from './schema-cache.ts'
import { callStatement, type CallArguments } from './sql.ts'

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
    isPost && soleParameter?.name === ''
      ? // A lone unnamed JSON parameter receives the request body itself.
        {
          kind: 'single-json',
          body: given.raw,
          type: soleParameter.type === 'jsonb' ? 'jsonb' : 'json',
        }
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
  return { keys: [...values.keys()], args: { kind: 'query', values }, raw: '{}' }
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
  if (chosen === undefined) throw routineNotFound(name, keys, isPost)
  if (Array.isArray(chosen)) throw ambiguousRoutine(chosen)
  return { routine: chosen, snapshot }
}

/**
 * PostgREST picks the function whose parameters match the argument names: every required one
 * given, nothing unknown; a lone unnamed json/jsonb parameter takes a POST body whole.
 */
function chooseRoutine(
  routines: Routine[],
  keys: string[],
  isPost: boolean,
): Routine | Routine[] | undefined {
  const given = new Set(keys)
  const matching = routines.filter(
    (routine) =>
      routine.parameters.every((parameter) => parameter.name !== '') &&
      keys.every((key) => routine.parameters.some((parameter) => parameter.name === key)) &&
      routine.parameters.every((parameter) => !parameter.required || given.has(parameter.name)),
  )
  if (matching.length === 1) return matching[0]
  if (matching.length > 1) {
    const exact = matching.filter((routine) => routine.parameters.length === given.size)
    return exact.length === 1 ? exact[0] : matching
  }
  if (isPost) {
    const jsonTaking = routines.filter(
      (routine) => routine.parameters.length === 1 && routine.parameters[0]?.name === '',
    )
    if (jsonTaking.length === 1) return jsonTaking[0]
  }
  return undefined
}

function routineNotFound(name: string, keys: string[], isPost: boolean) {
  const sorted = [...keys].sort()
  const qualified = `${EXPOSED_SCHEMA}.${name}`
  const signature = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`
  const withParameters =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
  return postgrestError(404, {
    code: 'PGRST202',
    details: `Searched for the function ${qualified}${withParameters}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint: null,
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
