import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { authRoutes } from './auth/routes.ts'
import type { ServiceContext } from './context.ts'
import { ApiError } from './errors.ts'
import { bearerForKey } from './keys.ts'
import { createRealtime, type Realtime } from './realtime/index.ts'
import { restRoutes } from './rest/routes.ts'

/** Response headers the upstreams expose (PostgREST's and GoTrue's lists), as Kong passes them. */
const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
].join(', ')

const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS'

export interface Gateway {
  fetch: (request: Request) => Promise<Response>
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  realtime: Realtime
}

/**
 * The gateway does what Kong does in front of Supabase's services: CORS on every route, the
 * mapping of `sb_` API keys to the legacy JWTs, and routing by path prefix. Authorization itself is
 * left to each service (and, for data, to Postgres).
 */
export function createGateway(ctx: ServiceContext): Gateway {
  const app = new Hono()
  app.route('/auth/v1', authRoutes(ctx))
  app.route('/rest/v1', restRoutes(ctx))
  const realtime = createRealtime(ctx)
  app.route('/realtime/v1/api', realtime.api)
  app.get('/', (c) => c.json({ message: 'local Supabase stack' }))

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      return c.json(error.body, error.status as ContentfulStatusCode)
    }
    ctx.log(`unhandled error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`)
    return c.json({ message: 'An unexpected error occurred' }, 500)
  })

  return {
    realtime,
    async fetch(request) {
      if (request.method === 'OPTIONS') return preflight(request)
      const response = await app.fetch(withMappedAuthorization(request, ctx))
      return withCors(response, request)
    },
    handleUpgrade(req, socket, head) {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost')
      if (pathname === '/realtime/v1/websocket') {
        realtime.handleUpgrade(req, socket, head)
      } else {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      }
    },
  }
}

/**
 * Kong's rule (supabase-compat §0): an Authorization header passes through unless it carries an
 * `sb_` key; otherwise it is rebuilt from `apikey`: new-format keys become `Bearer <their JWT>`,
 * anything else (a legacy JWT key) is copied as it is, without `Bearer`, so GoTrue asks for a
 * Bearer token and PostgREST answers as the anonymous role, as behind the CLI's Kong.
 */
function withMappedAuthorization(request: Request, ctx: ServiceContext): Request {
  const authorization = request.headers.get('authorization')
  if (authorization && !/^bearer sb_/i.test(authorization)) return request
  const apikey = request.headers.get('apikey')
  const headers = new Headers(request.headers)
  const mapped = apikey ? bearerForKey(ctx.keys, apikey) : undefined
  if (!apikey) headers.delete('authorization')
  else headers.set('authorization', mapped === apikey ? apikey : `Bearer ${mapped}`)
  return new Request(request, { headers })
}

function preflight(request: Request): Response {
  const requested = request.headers.get('access-control-request-headers')
  return new Response(null, {
    status: 200,
    headers: {
      'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers':
        requested ??
        'apikey, authorization, x-client-info, content-type, accept-profile, content-profile, prefer, x-supabase-api-version, x-retry-count',
      'Access-Control-Max-Age': '3600',
      Vary: 'Origin',
    },
  })
}

function withCors(response: Response, request: Request): Response {
  const headers = new Headers(response.headers)
  headers.set('Access-Control-Allow-Origin', request.headers.get('origin') ?? '*')
  headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS)
  headers.append('Vary', 'Origin')
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
