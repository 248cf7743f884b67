import { Hono } from 'hono'
import type { ServiceContext } from '../context.ts'
import { postgrestError } from './errors.ts'
import { authenticate } from './jwt.ts'
import { handleRelation } from './relation.ts'
import { followReloads } from './reload-notifications.ts'
import { prepareRequest, type RestEnvironment } from './request.ts'
import { handleRpc } from './rpc.ts'
import { SchemaCache } from './schema-cache.ts'

/**
 * `/rest/v1`: PostgREST's behaviour for what postgrest-js sends (supabase-compat §B). Each
 * request is authenticated from its Bearer JWT, parsed, checked against the schema cache, turned
 * into one parameterised statement and run in its own transaction as the JWT's role, so that
 * PostgreSQL's grants and row-level security decide what the caller may see and change.
 */

/** Supabase's `[api] max_rows` default: no read returns more rows than this. */
export const DEFAULT_MAX_ROWS = 1000

export function restRoutes(ctx: ServiceContext): Hono {
  // StackConfig has no [api] section yet; honour one if it is added.
  const configured = (ctx.config as { api?: { maxRows?: number } }).api?.maxRows
  const environment: RestEnvironment = {
    ctx,
    cache: new SchemaCache(ctx.adminDb),
    maxRows: configured ?? DEFAULT_MAX_ROWS,
  }
  followReloads(ctx, environment.cache)
  const app = new Hono()

  app.all('/rpc/:fn', async (c) => handleRpc(c, await prepareRequest(c, ctx, true), environment))
  app.all('/:relation', async (c) =>
    handleRelation(c, await prepareRequest(c, ctx, false), environment),
  )
  app.all('/', async (c) => {
    await authenticate(c.req.header('authorization'), ctx.keys.jwtSecret)
    throw postgrestError(404, {
      code: 'PGRST126',
      details: null,
      hint: null,
      message: 'Root endpoint metadata is disabled',
    })
  })
  app.all('*', async (c) => {
    await authenticate(c.req.header('authorization'), ctx.keys.jwtSecret)
    throw postgrestError(404, {
      code: 'PGRST125',
      details: null,
      hint: null,
      message: 'Invalid path specified in request URL',
    })
  })
  return app
}
